// Package sandboxtest helps tests of packages that run programs through
// package sandbox.
//
// Run re-executes the current binary as its helper, so a test binary must
// call sandbox.Init before anything else, exactly like a program's main.
// Main does that and runs the tests:
//
//	func TestMain(m *testing.M) { sandboxtest.Main(m) }
package sandboxtest
