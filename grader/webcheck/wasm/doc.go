//go:build js && wasm

// Command wasm is the checker of the browser checker page, compiled to
// WebAssembly (GOOS=js GOARCH=wasm); grader/checkpage embeds it. It only
// moves strings between the page's script and package webcheck: it sets
// three functions on the JavaScript global object and waits.
//
//   - kpuzzleConfigure(configJSON) configures the checker with a
//     webcheck.Config and returns "" or an error message.
//   - kpuzzleCheck(requestJSON, done) runs a webcheck.Request and calls
//     done(responseJSON) when it is finished.
//   - kpuzzleFragment(hash) reads a link's fragment and returns the JSON
//     of {"request": webcheck.Request} or {"error": message}.
//
// Build it with go generate ./grader/checkpage, never by hand.
package main
