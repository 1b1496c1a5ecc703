package integrity

import (
	"bytes"
	"compress/gzip"
	"context"
	"strings"
	"testing"
)

// FuzzOpacity feeds arbitrary files to the look for opaque data (which
// opens gzip, bzip2, zlib and tar): it must never panic, and must say the
// same of the same bytes twice.
func FuzzOpacity(f *testing.F) {
	var gz bytes.Buffer
	w := gzip.NewWriter(&gz)
	w.Write([]byte(strings.Repeat("a line of text\n", 400)))
	w.Close()
	f.Add("a.gz", gz.Bytes())
	f.Add("x", append([]byte{0x78, 0x9c}, bytes.Repeat([]byte{0xab}, 4200)...))
	f.Add("m.xz", append([]byte("\xfd7zXZ\x00"), make([]byte, 4200)...))
	f.Add("p.png", append([]byte("\x89PNG\r\n\x1a\n"), make([]byte, 4200)...))
	f.Add("b.py", []byte("x = '"+strings.Repeat("QUJD", 2000)+"'\n"))
	tarHead := make([]byte, 5120)
	copy(tarHead[257:], "ustar\x0000")
	f.Add("t.tar", tarHead)
	f.Add("bz", append([]byte("BZh9"), make([]byte, 4200)...))
	f.Fuzz(func(t *testing.T, name string, data []byte) {
		first, err := opacity(context.Background(), name, bytes.NewReader(data), int64(len(data)), Python, 0)
		if err != nil {
			t.Fatalf("a reader in memory failed: %v", err)
		}
		again, _ := opacity(context.Background(), name, bytes.NewReader(data), int64(len(data)), Python, 0)
		if (first == nil) != (again == nil) || (first != nil && *first != *again) {
			t.Fatalf("%v then %v", first, again)
		}
		if first != nil && (first.bytes <= 0 || first.kind == "") {
			t.Fatalf("an opaque file of %d bytes, kind %q", first.bytes, first.kind)
		}
	})
}
