// Package golden compares rendered output in tests with a golden file
// under testdata, the habit of cmd/gofmt's tests: go test -update
// rewrites the files after a deliberate change, and a mismatch shows a
// diff (-want +got). It is imported by tests only, and registers the
// -update flag.
package golden
