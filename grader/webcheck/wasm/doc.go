//go:build js && wasm

// Command wasm is the checker of the browser checker page, compiled to
// WebAssembly (GOOS=js GOARCH=wasm); grader/checkpage embeds it. It only
// moves values between the page's script and package webcheck: it sets
// three functions on the JavaScript global object and waits. Their
// objects have the fields of webcheck's types as their JSON tags name
// them.
//
//   - kpuzzleConfigure(config) configures the checker with a
//     webcheck.Config and returns "" or an error message.
//   - kpuzzleCheck(request, done) runs a webcheck.Request and calls
//     done(response) with the webcheck.Response (without its Report)
//     when it is finished.
//   - kpuzzleFragment(hash) reads a link's fragment and returns
//     {request: webcheck.Request} or {error: message}.
//
// Build it with go generate ./grader/checkpage, never by hand.
package main
