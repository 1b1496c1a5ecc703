package wasmbuild

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
)

// MainPackage is the import path of the wasm main package.
const MainPackage = "github.com/kpuzzle/kpuzzle/grader/webcheck/wasm"

// Flags are the go build flags of the module: no paths of the machine
// that built it, no symbol table or debug information (the page is half
// the size without them), and no inlining in package fmt, which formats
// the checker's messages and is never in a loop over an answer's moves:
// its calls inlined made the module 58 KB larger (21 KB gzipped).
var Flags = []string{"-trimpath", "-ldflags=-s -w", "-gcflags=fmt=-l"}

// env is the environment of every go command here: the WebAssembly
// target.
func env() []string {
	return append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
}

// ModuleRoot is the folder of the main module's go.mod, from dir.
func ModuleRoot(ctx context.Context, dir string) (string, error) {
	cmd := exec.CommandContext(ctx, "go", "env", "GOMOD")
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go env GOMOD: %w", err)
	}
	mod := strings.TrimSpace(string(out))
	if mod == "" || mod == os.DevNull {
		return "", errors.New("go env GOMOD: not inside a module")
	}
	return filepath.Dir(mod), nil
}

// Build compiles the wasm main package of the module at root and returns
// the module's bytes.
func Build(ctx context.Context, root string) ([]byte, error) {
	tmp, err := os.MkdirTemp("", "kpuzzle-wasm-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	out := filepath.Join(tmp, "checker.wasm")
	args := append([]string{"build"}, Flags...)
	args = append(args, "-o", out, MainPackage)
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir, cmd.Env = root, env()
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("go build (GOOS=js GOARCH=wasm): %w: %s", err, strings.TrimSpace(stderr.String()))
	}
	return os.ReadFile(out)
}

// Compress gzips b at the best compression, without a name or a time in
// the header, so that the same module always gives the same bytes.
func Compress(b []byte) ([]byte, error) {
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return nil, err
	}
	if _, err := zw.Write(b); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Decompress reverses Compress.
func Decompress(gz []byte) ([]byte, error) {
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		return nil, err
	}
	return io.ReadAll(zr)
}

// GoVersion is the go command's version ("go1.26.8").
func GoVersion(ctx context.Context, root string) (string, error) {
	cmd := exec.CommandContext(ctx, "go", "env", "GOVERSION")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go env GOVERSION: %w", err)
	}
	return strings.TrimSpace(string(out)), nil
}

// WasmExecJS is the JavaScript support file of the go command's
// toolchain, which must match the module's Go version.
func WasmExecJS(ctx context.Context, root string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, "go", "env", "GOROOT")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go env GOROOT: %w", err)
	}
	goroot := strings.TrimSpace(string(out))
	for _, rel := range []string{"lib/wasm/wasm_exec.js", "misc/wasm/wasm_exec.js"} {
		if b, err := os.ReadFile(filepath.Join(goroot, rel)); err == nil {
			return b, nil
		}
	}
	return nil, fmt.Errorf("wasm_exec.js not found in %s/lib/wasm", goroot)
}

// Sources is a digest of everything the module is built from besides the
// standard library: the Go toolchain's version, the build flags, and
// every file of every non-standard package the wasm main package
// depends on (Go files and embedded files), or the module version of a
// package from another module. Two builds with the same Sources give the
// same module.
func Sources(ctx context.Context, root string) (string, error) {
	version, err := GoVersion(ctx, root)
	if err != nil {
		return "", err
	}
	cmd := exec.CommandContext(ctx, "go", "list", "-deps", "-json", MainPackage)
	cmd.Dir, cmd.Env = root, env()
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go list (GOOS=js GOARCH=wasm): %w: %s", err, strings.TrimSpace(stderr.String()))
	}
	type pkg struct {
		ImportPath string
		Dir        string
		Standard   bool
		GoFiles    []string
		EmbedFiles []string
		Module     *struct {
			Path    string
			Version string
			Main    bool
		}
	}
	h := sha256.New()
	fmt.Fprintf(h, "go %s\nflags %s\n", version, strings.Join(Flags, " "))
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p pkg
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			return "", fmt.Errorf("go list: %w", err)
		}
		if p.Standard {
			continue
		}
		if p.Module != nil && !p.Module.Main {
			fmt.Fprintf(h, "package %s module %s@%s\n", p.ImportPath, p.Module.Path, p.Module.Version)
			continue
		}
		files := append(append([]string(nil), p.GoFiles...), p.EmbedFiles...)
		sort.Strings(files)
		fmt.Fprintf(h, "package %s\n", p.ImportPath)
		for _, f := range files {
			b, err := os.ReadFile(filepath.Join(p.Dir, f))
			if err != nil {
				return "", err
			}
			fmt.Fprintf(h, "file %s %x\n", f, sha256.Sum256(b))
		}
	}
	return fmt.Sprintf("%x", h.Sum(nil)), nil
}
