package integrity_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/kpuzzle/kpuzzle/grader/integrity"
)

// BenchmarkInspectKpuzzleBuild inspects a submission holding a stripped
// build of kpuzzle renamed as a shared object.
func BenchmarkInspectKpuzzleBuild(b *testing.B) {
	_, stripped := kpuzzleBuilds(b)
	dir := b.TempDir()
	copyFile(b, stripped, filepath.Join(dir, "libfast.so"))
	b.ResetTimer()
	for b.Loop() {
		if got := integrity.Inspect(context.Background(), dir, integrity.Python, integrity.DefaultBudget, integrity.DefaultThresholds); len(got) != 1 {
			b.Fatal(got)
		}
	}
}

// BenchmarkInspectOtherExecutable inspects a submission holding a large
// executable that is not kpuzzle (the go command, a Go program of
// another module): its bytes are scanned whole for kpuzzle's package
// paths.
func BenchmarkInspectOtherExecutable(b *testing.B) {
	exe, err := exec.LookPath("go")
	if err != nil {
		b.Skip("no go command")
	}
	if exe, err = filepath.EvalSymlinks(exe); err != nil {
		b.Fatal(err)
	}
	dir := b.TempDir()
	copyFile(b, exe, filepath.Join(dir, "a.out"))
	if fi, err := os.Stat(exe); err == nil {
		b.SetBytes(fi.Size())
	}
	for b.Loop() {
		if got := integrity.Inspect(context.Background(), dir, integrity.Python, integrity.DefaultBudget, integrity.DefaultThresholds); len(got) != 1 {
			b.Fatal(got)
		}
	}
}

// BenchmarkInspectStarters inspects the starter code of every language.
func BenchmarkInspectStarters(b *testing.B) {
	dir := filepath.Join("..", "..", "templates", "starter")
	for b.Loop() {
		integrity.Inspect(context.Background(), dir, integrity.Native, integrity.DefaultBudget, integrity.DefaultThresholds)
	}
}

// BenchmarkInspectPackedBuild inspects a submission holding 29 MB of a
// program XOR-packed (python-kpuzzle-blind's payload.bin): no known kind,
// so its entropy is measured on its first MiB and it is named as opaque
// data.
func BenchmarkInspectPackedBuild(b *testing.B) {
	exe, err := os.Executable()
	if err != nil {
		b.Fatal(err)
	}
	data := mustRead(b, exe)
	for len(data) < 29<<20 {
		data = append(data, data...)
	}
	dir := b.TempDir()
	write(b, filepath.Join(dir, "payload.bin"), xorPacked(data[:29<<20]))
	b.SetBytes(29 << 20)
	for b.Loop() {
		if got := integrity.Inspect(context.Background(), dir, integrity.Python, integrity.DefaultBudget, integrity.DefaultThresholds); len(got) != 1 {
			b.Fatal(got)
		}
	}
}
