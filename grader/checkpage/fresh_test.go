package checkpage_test

import (
	"context"
	"crypto/sha256"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/kpuzzle/kpuzzle/grader/checkpage"
	"github.com/kpuzzle/kpuzzle/grader/checkpage/internal/wasmbuild"
)

const regenerate = "go generate ./grader/checkpage"

// readStamp reads checker.wasm.stamp: "sources HEX" and "wasm HEX SIZE".
func readStamp(t *testing.T) (sources, wasmSum string) {
	t.Helper()
	b, err := os.ReadFile("checker.wasm.stamp")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		f := strings.Fields(line)
		switch {
		case len(f) == 2 && f[0] == "sources":
			sources = f[1]
		case len(f) == 3 && f[0] == "wasm":
			wasmSum = f[1]
		}
	}
	if sources == "" || wasmSum == "" {
		t.Fatalf("checker.wasm.stamp is not a stamp:\n%s", b)
	}
	return sources, wasmSum
}

// TestArtifactIntact checks the embedded module is the one the stamp
// describes.
func TestArtifactIntact(t *testing.T) {
	_, wasmSum := readStamp(t)
	wasm, err := wasmbuild.Decompress(checkpage.WasmGz())
	if err != nil {
		t.Fatalf("checker.wasm.gz: %v", err)
	}
	if got := fmt.Sprintf("%x", sha256.Sum256(wasm)); got != wasmSum {
		t.Errorf("checker.wasm.gz holds a module of sha256 %s, the stamp says %s; run %s", got, wasmSum, regenerate)
	}
	if !strings.HasPrefix(string(wasm), "\x00asm") {
		t.Error("checker.wasm.gz does not hold a WebAssembly module")
	}
}

// TestArtifactFresh fails when the committed module is stale: built by
// another Go version or from other sources than the module's today.
func TestArtifactFresh(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command on PATH to compare the sources with")
	}
	ctx := context.Background()
	root, err := wasmbuild.ModuleRoot(ctx, ".")
	if err != nil {
		t.Fatal(err)
	}
	want, _ := readStamp(t)
	got, err := wasmbuild.Sources(ctx, root)
	if err != nil {
		t.Fatal(err)
	}
	if got != want {
		t.Errorf("checker.wasm.gz is stale: the Go version or the sources of %s changed since it was built; run %s and commit the result", wasmbuild.MainPackage, regenerate)
	}
	execJS, err := wasmbuild.WasmExecJS(ctx, root)
	if err != nil {
		t.Fatal(err)
	}
	if string(execJS) != checkpage.WasmExecJS() {
		t.Errorf("wasm_exec.js differs from the toolchain's; run %s", regenerate)
	}
}
