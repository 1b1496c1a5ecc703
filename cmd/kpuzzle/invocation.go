package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// invocation is what the user types to run this kpuzzle, for the commands
// kpuzzle suggests ("next: kpuzzle grade ..."). main sets it from the way
// the binary was started; tests, which call run directly, keep "kpuzzle".
var invocation = "kpuzzle"

// invokedAs returns the words that run this binary again, given how it was
// started: arg0 is os.Args[0], exe the executable's path, dir the working
// folder, onPath the path "kpuzzle" resolves to on the PATH ("" for none)
// and isModuleRoot whether dir holds this repository's cmd/kpuzzle.
//
// A binary that go run built lives in a go-build temporary folder: the
// user typed "go run ./cmd/kpuzzle" (from the checkout) and has no kpuzzle
// to call. A binary the PATH finds is "kpuzzle"; any other is the path it
// was started by.
func invokedAs(arg0, exe, onPath string, isModuleRoot bool) string {
	if strings.Contains(filepath.ToSlash(exe), "/go-build") && filepath.Base(exe) == "kpuzzle" {
		if isModuleRoot {
			return "go run ./cmd/kpuzzle"
		}
		return "go run github.com/kpuzzle/kpuzzle/cmd/kpuzzle"
	}
	if onPath != "" && sameFile(onPath, exe) {
		return "kpuzzle"
	}
	if strings.ContainsRune(arg0, filepath.Separator) {
		return arg0
	}
	return "kpuzzle"
}

// currentInvocation is invokedAs for this process.
func currentInvocation() string {
	exe, err := os.Executable()
	if err != nil {
		return "kpuzzle"
	}
	onPath, _ := exec.LookPath("kpuzzle")
	_, err = os.Stat(filepath.Join("cmd", "kpuzzle", "main.go"))
	return invokedAs(os.Args[0], exe, onPath, err == nil)
}

func sameFile(a, b string) bool {
	fa, errA := os.Stat(a)
	fb, errB := os.Stat(b)
	return errA == nil && errB == nil && os.SameFile(fa, fb)
}
