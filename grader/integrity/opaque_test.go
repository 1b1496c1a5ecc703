package integrity_test

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"compress/zlib"
	"context"
	"encoding/base64"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/integrity"
)

// noise is n bytes no compressor shrinks, the same every run.
func noise(n int, seed uint64) []byte {
	r := rand.New(rand.NewPCG(seed, seed))
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// xorPacked is data XOR-ed with a repeating 16-byte key, the key first:
// how the attack of issue 31 carried kpuzzle (its bytes keep their
// distribution, so its entropy is that of the program, not of noise).
func xorPacked(data []byte) []byte {
	key := noise(16, 31)
	out := append([]byte(nil), key...)
	for i, c := range data {
		out = append(out, c^key[i%16])
	}
	return out
}

func gzipped(t *testing.T, data []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	w := gzip.NewWriter(&buf)
	w.Write(data)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// What the inspection cannot look into is named from the threshold on:
// noise (encrypted or compressed), a program XOR-packed (its entropy is a
// program's), a compression format the inspection does not open, noise
// inside gzip, a tar archive holding a packed program, a source file
// carrying base64 or escaped bytes, and noise cut into small pieces that
// add up to the threshold.
func TestOpaqueDataFound(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	program := mustRead(t, exe)[:3<<20]
	dir := t.TempDir()
	write(t, filepath.Join(dir, "weights.bin"), noise(2<<20, 1))
	write(t, filepath.Join(dir, "payload.dat"), xorPacked(program))
	write(t, filepath.Join(dir, "model.xz"), append([]byte("\xfd7zXZ\x00"), noise(1<<20, 2)...))
	write(t, filepath.Join(dir, "cache.gz"), gzipped(t, noise(3<<19, 3)))
	var tb bytes.Buffer
	tw := tar.NewWriter(&tb)
	packed := xorPacked(program[:2<<20])
	tw.WriteHeader(&tar.Header{Name: "lib/blob", Mode: 0o644, Size: int64(len(packed)), Typeflag: tar.TypeReg})
	tw.Write(packed)
	tw.Close()
	write(t, filepath.Join(dir, "vendor.tar"), tb.Bytes())
	encoded := "DATA = \"" + base64.StdEncoding.EncodeToString(program[:1<<20]) + "\"\n"
	write(t, filepath.Join(dir, "blob.py"), []byte("import base64\n\n"+encoded))
	var escaped strings.Builder
	escaped.WriteString("payload = b'")
	for _, c := range program[:400<<10] {
		fmt.Fprintf(&escaped, "\\x%02x", c)
	}
	escaped.WriteString("'\n")
	write(t, filepath.Join(dir, "table.py"), []byte(escaped.String()))
	for i := range 3 {
		write(t, filepath.Join(dir, "parts", fmt.Sprintf("part%d", i)), noise(400<<10, uint64(10+i)))
	}

	got := inspect(t, dir, integrity.Python)
	for _, f := range got {
		t.Logf("%s", f)
	}
	want := []string{
		"blob.py: " + integrity.FindOpaque + ": 1.3 MiB of encoded data",
		"cache.gz: " + integrity.FindOpaque + ": 1.5 MiB of binary data of no known kind, 8.0 bits of entropy a byte (compressed or encrypted) (compressed with gzip)",
		"model.xz: " + integrity.FindOpaque + ": 1.0 MiB of compressed data (xz) the grader cannot open",
		"payload.dat: " + integrity.FindOpaque + ": 3.0 MiB of binary data of no known kind",
		"table.py: " + integrity.FindOpaque + ": 1.6 MiB of encoded data",
		"vendor.tar: " + integrity.FindOpaque + ": 2.0 MiB of a tar archive holding lib/blob: binary data of no known kind",
		"weights.bin: " + integrity.FindOpaque + ": 2.0 MiB of binary data of no known kind, 8.0 bits of entropy a byte (compressed or encrypted)",
		".: " + integrity.FindOpaque + ": 3 files of data of no known kind, 1.2 MiB in all: parts/part0 (400 KiB), parts/part1 (400 KiB), parts/part2 (400 KiB)",
	}
	if len(got) != len(want) {
		t.Fatalf("%d findings, want %d", len(got), len(want))
	}
	for i, f := range got {
		if !strings.HasPrefix(f.String(), want[i]) || f.Notice {
			t.Errorf("finding %d:\n got %s\nwant %s...", i, f, want[i])
		}
	}

	// The course's threshold: at 4 MiB none of them is named alone, but
	// together they are (13.6 MiB); at 16 MiB nothing is.
	got = integrity.Inspect(context.Background(), dir, integrity.Python, integrity.DefaultBudget, integrity.Thresholds{Opaque: 4 << 20})
	if len(got) != 1 || !strings.HasPrefix(got[0].String(), ".: "+integrity.FindOpaque+": 10 files of data of no known kind, 13.6 MiB in all: payload.dat (3.0 MiB),") {
		t.Errorf("with a threshold of 4 MiB: %v", got)
	}
	if got := integrity.Inspect(context.Background(), dir, integrity.Python, integrity.DefaultBudget, integrity.Thresholds{Opaque: 16 << 20}); len(got) != 0 {
		t.Errorf("with a threshold of 16 MiB: %v", got)
	}
}

// What students commonly bring is not opaque: text, prose and data as
// text, images and documents, compiled Python, git's own objects (zlib
// streams, packs), a notebook with a plot, a native program in a C++
// assignment; and a submission is large only past the threshold and 64
// times its source code.
func TestOrdinaryFilesAreNotOpaque(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var prose strings.Builder
	for i := 0; prose.Len() < 2<<20; i++ {
		fmt.Fprintf(&prose, "Line %d of the notes: the search expanded %d nodes on board %d.\n", i, i*37, i%100)
	}
	write(t, filepath.Join(dir, "notes.txt"), []byte(prose.String()))
	var csv strings.Builder
	for i := 0; csv.Len() < 2<<20; i++ {
		fmt.Fprintf(&csv, "%d,%d,%d,%d,%d,%d,%d,%d,%d,%d\n", i%9, (i+1)%9, (i+2)%9, (i+3)%9, (i+4)%9, (i+5)%9, (i+6)%9, (i+7)%9, (i+8)%9, i%31)
	}
	write(t, filepath.Join(dir, "distances.csv"), []byte(csv.String()))
	write(t, filepath.Join(dir, "report", "plot.png"), append([]byte("\x89PNG\r\n\x1a\n"), noise(2<<20, 4)...))
	write(t, filepath.Join(dir, "report", "photo.jpg"), append([]byte("\xff\xd8\xff\xe0"), noise(2<<20, 5)...))
	write(t, filepath.Join(dir, "report", "report.pdf"), append([]byte("%PDF-1.7\n"), noise(2<<20, 6)...))
	write(t, filepath.Join(dir, "__pycache__", "solver.cpython-311.pyc"), append([]byte{0xa7, 0x0d, '\r', '\n'}, noise(8<<10, 7)...))
	notebook := `{"cells": [{"outputs": [{"data": {"image/png": "` + base64.StdEncoding.EncodeToString(noise(200<<10, 8)) + `"}}]}]}`
	write(t, filepath.Join(dir, "analysis.ipynb"), []byte(notebook))
	var z bytes.Buffer
	zw := zlib.NewWriter(&z)
	zw.Write(append([]byte("blob 2000000\x00"), prose.String()[:2000000]...))
	zw.Close()
	write(t, filepath.Join(dir, ".git", "objects", "ab", "cdef0123"), z.Bytes())
	write(t, filepath.Join(dir, ".git", "objects", "pack", "pack-1.pack"), append([]byte("PACK\x00\x00\x00\x02"), noise(2<<20, 9)...))
	write(t, filepath.Join(dir, "history.z"), z.Bytes()) // a zlib stream of text, outside .git
	write(t, filepath.Join(dir, "solver"), mustRead(t, exe)[:2<<20])
	write(t, filepath.Join(dir, "solver.cpp"), bytes.Repeat([]byte("// the solver\n"), 20000))
	if got := inspect(t, dir, integrity.Native); len(got) != 0 {
		t.Errorf("ordinary files named:\n%v", got)
	}

	// Large: past the threshold and 64 times the source code. These
	// files (about 11 MiB, git's aside) are less than 64 times
	// solver.cpp's 273 KiB (17 MiB): not named even at a threshold of
	// 4 MiB; 5 MiB for 12 bytes of source are.
	th := integrity.Thresholds{Large: 4 << 20}
	if got := integrity.Inspect(context.Background(), dir, integrity.Native, integrity.DefaultBudget, th); len(got) != 0 {
		t.Errorf("a submission 1.x times its source: %v", got)
	}
	small := t.TempDir()
	write(t, filepath.Join(small, "solver.py"), []byte("print('hi')\n"))
	write(t, filepath.Join(small, "plot.png"), append([]byte("\x89PNG\r\n\x1a\n"), noise(5<<20, 10)...))
	got := integrity.Inspect(context.Background(), small, integrity.Python, integrity.DefaultBudget, th)
	want := []grader.IntegrityFinding{{File: ".", Finding: integrity.FindLarge + ": 5.0 MiB of files for 12 bytes of source code; the largest: plot.png (5.0 MiB), solver.py (12 bytes)"}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("a large submission (-want +got):\n%s", diff)
	}
}

// kpuzzle compressed (gzip, or in a tar.gz) is found as kpuzzle.
func TestKpuzzleCompressedFound(t *testing.T) {
	plain, _ := kpuzzleBuilds(t)
	build := mustRead(t, plain)
	dir := t.TempDir()
	write(t, filepath.Join(dir, "helper.gz"), gzipped(t, build))
	var tb bytes.Buffer
	tw := tar.NewWriter(&tb)
	tw.WriteHeader(&tar.Header{Name: "bin/fast", Mode: 0o755, Size: int64(len(build)), Typeflag: tar.TypeReg})
	tw.Write(build)
	tw.Close()
	write(t, filepath.Join(dir, "tools.tar.gz"), gzipped(t, tb.Bytes()))
	want := []grader.IntegrityFinding{
		{File: "helper.gz", Finding: integrity.FindKpuzzleBuild + " (compressed with gzip)"},
		{File: "tools.tar.gz", Finding: integrity.FindKpuzzleBuild + " (bin/fast in the archive) (compressed with gzip)"},
	}
	if diff := cmp.Diff(want, inspect(t, dir, integrity.Python)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// The measure against false findings: every submission the project ships
// or tests with that brings nothing it should not (the demonstration
// submissions, the starters of every language, the ordinary programs of
// the test corpus) has no finding at the default thresholds.
func TestShippedSubmissionsHaveNoFindings(t *testing.T) {
	root := filepath.Join("..", "..")
	var dirs []string
	for _, pattern := range []string{"templates/demo/submissions/*", "templates/starter/*", "templates/starter/*/*", "grader/testdata/submissions/*"} {
		m, _ := filepath.Glob(filepath.Join(root, pattern))
		for _, d := range m {
			if fi, err := os.Stat(d); err == nil && fi.IsDir() {
				dirs = append(dirs, d)
			}
		}
	}
	if len(dirs) < 40 {
		t.Fatalf("only %d submissions found", len(dirs))
	}
	for _, d := range dirs {
		for _, lang := range []integrity.Language{integrity.Python, integrity.Java, integrity.Native} {
			got := inspect(t, d, lang)
			// A Java submission's classes are out of place in Python only.
			var named []grader.IntegrityFinding
			for _, f := range got {
				if !(lang == integrity.Python && strings.Contains(f.Finding, "in a Python assignment")) {
					named = append(named, f)
				}
			}
			if len(named) > 0 {
				t.Errorf("%s as %q: %v", d, lang, named)
			}
		}
	}
}

// TestBinaryWrittenAsTextFound: bytes written as text seven bits a
// character (as the browser checker page holds its module), after a head
// of ordinary text, are named as encoded data; the same text without them
// is not.
func TestBinaryWrittenAsTextFound(t *testing.T) {
	var text strings.Builder
	text.WriteString("<!DOCTYPE html>\n<title>a page</title>\n<style>\n" + strings.Repeat("p { margin: 0; }\n", 400) + "</style>\n<script type=\"text/plain\">")
	for _, c := range noise(3<<19, 7) {
		c &= 0x7f
		if c == 0 || c == '\r' || c == '<' {
			c = 'x'
		}
		text.WriteByte(c)
	}
	text.WriteString("</script>\n")
	dir := t.TempDir()
	write(t, filepath.Join(dir, "page.html"), []byte(text.String()))
	write(t, filepath.Join(dir, "notes.md"), []byte(strings.Repeat("An ordinary line of notes, with\ttabs and a form feed\f.\n", 40000)))
	got := inspect(t, dir, integrity.Python)
	if len(got) != 1 || !strings.HasPrefix(got[0].String(), "page.html: "+integrity.FindOpaque+": 1.5 MiB of encoded data") {
		t.Errorf("findings %v, want page.html's 1.5 MiB of encoded data alone", got)
	}
}
