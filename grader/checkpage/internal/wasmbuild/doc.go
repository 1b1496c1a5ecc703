// Package wasmbuild builds the checker's WebAssembly module and stamps it
// with what it was built from. The generator (genwasm, run by go generate
// ./grader/checkpage) writes the artifact and its stamp; the stale test
// of grader/checkpage recomputes the stamp and compares.
package wasmbuild
