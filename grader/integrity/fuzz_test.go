package integrity_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/kpuzzle/kpuzzle/grader/integrity"
)

// FuzzClassify feeds arbitrary files to the classifier: it must never
// panic or hang, and a file it names must be named the same way again.
func FuzzClassify(f *testing.F) {
	seeds, _ := filepath.Glob(filepath.Join("testdata", "*"))
	for _, p := range seeds {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(filepath.Base(p), b)
		}
	}
	f.Add("table", []byte("KPUZPDB\n\x01\x00"))
	f.Add("x", []byte("\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x03\x00>\x00"))
	f.Add("Solver.class", []byte{0xca, 0xfe, 0xba, 0xbe, 0, 0, 0, 61})
	f.Add("fat", []byte{0xca, 0xfe, 0xba, 0xbe, 0, 0, 0, 2})
	f.Add("a.exe", append([]byte("MZ"), make([]byte, 100)...))
	f.Add("a.zip", []byte("PK\x03\x04"))
	f.Add("go.mod", []byte("module github.com/kpuzzle/kpuzzle\n"))
	f.Fuzz(func(t *testing.T, name string, data []byte) {
		for _, lang := range []integrity.Language{integrity.Python, integrity.Java} {
			first, err := integrity.Classify(context.Background(), name, bytes.NewReader(data), int64(len(data)), lang)
			if err != nil {
				t.Fatalf("a reader in memory failed: %v", err)
			}
			again, _ := integrity.Classify(context.Background(), name, bytes.NewReader(data), int64(len(data)), lang)
			if first != again {
				t.Fatalf("%q then %q", first, again)
			}
		}
	})
}
