// Command genwasm regenerates the browser checker's WebAssembly module in
// grader/checkpage: it builds grader/webcheck/wasm for GOOS=js GOARCH=wasm,
// writes it gzipped to checker.wasm.gz, copies the toolchain's
// wasm_exec.js beside it and writes checker.wasm.stamp. Run it with
//
//	go generate ./grader/checkpage
//
// from anywhere in the module.
package main
