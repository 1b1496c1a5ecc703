package main

import (
	"context"
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"

	"github.com/kpuzzle/kpuzzle/grader/checkpage/internal/wasmbuild"
)

func main() {
	if err := run(context.Background()); err != nil {
		fmt.Fprintln(os.Stderr, "genwasm:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context) error {
	root, err := wasmbuild.ModuleRoot(ctx, ".")
	if err != nil {
		return err
	}
	dir := filepath.Join(root, "grader", "checkpage")
	wasm, err := wasmbuild.Build(ctx, root)
	if err != nil {
		return err
	}
	gz, err := wasmbuild.Compress(wasm)
	if err != nil {
		return err
	}
	execJS, err := wasmbuild.WasmExecJS(ctx, root)
	if err != nil {
		return err
	}
	src, err := wasmbuild.Sources(ctx, root)
	if err != nil {
		return err
	}
	stamp := fmt.Sprintf("sources %s\nwasm %x %d\n", src, sha256.Sum256(wasm), len(wasm))
	for name, b := range map[string][]byte{
		"checker.wasm.gz":    gz,
		"wasm_exec.js":       execJS,
		"checker.wasm.stamp": []byte(stamp),
	} {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			return err
		}
	}
	fmt.Printf("wrote %s: checker.wasm.gz (%d bytes, %d uncompressed), wasm_exec.js, checker.wasm.stamp\n", dir, len(gz), len(wasm))
	return nil
}
