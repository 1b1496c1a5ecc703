// Package checkpage writes the browser checker page of `kpuzzle page`:
// one self-contained HTML file in which a student pastes or drops a
// puzzle and an answer and gets kpuzzle check's verdict and explanation
// and the animated replay, offline, from file://, without sending
// anything anywhere.
//
// The checker in the page is not a second implementation: it is package
// grader/webcheck (check.Answer, the exact tables of reference/exact, the
// reference prover, grader/replay's page) compiled to WebAssembly. The
// page's script moves strings between the text boxes and the module, which
// runs in a Web Worker so that a long search can be stopped, and shows
// the replay page the module renders in a frame.
//
// # The WebAssembly module
//
// The module is built ahead of time and committed, gzipped, as
// checker.wasm.gz, with the toolchain's wasm_exec.js and a stamp of what it
// was built from (checker.wasm.stamp): users of the kpuzzle binary have no
// Go toolchain. After a change to any package the module is built from
// (puzzles, grader, grader/replay, grader/webcheck, reference and its
// subpackages, templates), regenerate it with the one command
//
//	go generate ./grader/checkpage
//
// TestArtifactFresh fails, naming that command, when the committed module
// is stale: when the Go version, the build flags or any file of those
// packages differs from the stamp. The page embeds the gzip stream as
// text, seven bits a character (text.go; base64 would hold six, and the
// page would be a sixth larger), and decompresses it with the browser's
// DecompressionStream.
package checkpage

//go:generate go run ./internal/genwasm
