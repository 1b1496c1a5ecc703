package checkpage

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzText: any bytes round-trip through the page's text, which is valid
// UTF-8 with no NUL, CR or '<', at 8/7 of their size or less (and a
// character).
func FuzzText(f *testing.F) {
	for _, seed := range []string{"", "\x00", "<", "\r", "\x00\x00\x00", "abc", "\xff\xfe\xfd\xfc\xfb\xfa\xf9", strings.Repeat("\x3c\x00\x0d", 50)} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		s := encodeText(b)
		if !utf8.ValidString(s) || strings.ContainsAny(s, "\x00\r<") {
			t.Fatalf("encodeText(%q) = %q: not text a <script> element holds as it is", b, s)
		}
		if n := utf8.RuneCountInString(s); n > (len(b)*8+6)/7 {
			t.Fatalf("encodeText of %d bytes is %d characters, more than 8/7", len(b), n)
		}
		back, err := decodeText(s)
		if err != nil || !bytes.Equal(back, b) {
			t.Fatalf("decodeText(encodeText(%q)) = %q, %v", b, back, err)
		}
	})
}

// TestPageHoldsModuleText: the page holds the module's text exactly once,
// as its <script id="wasm-gz"> element, and it decodes to the module.
func TestPageHoldsModuleText(t *testing.T) {
	var page bytes.Buffer
	if err := Write(&page, Options{}); err != nil {
		t.Fatal(err)
	}
	const open = `<script type="text/plain" id="wasm-gz">`
	i := bytes.Index(page.Bytes(), []byte(open))
	j := bytes.Index(page.Bytes()[i:], []byte("</script>"))
	if i < 0 || j < 0 {
		t.Fatal("no module element")
	}
	text := page.String()[i+len(open) : i+j]
	if text != ModuleText() || strings.Count(page.String(), ModuleText()) != 1 {
		t.Fatal("the page's module element is not ModuleText, once")
	}
	gz, err := decodeText(text)
	if err != nil || !bytes.Equal(gz, wasmGz) {
		t.Fatalf("the page's module does not decode to checker.wasm.gz: %v", err)
	}
}
