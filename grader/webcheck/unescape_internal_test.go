package webcheck

import (
	"net/url"
	"testing"
)

// FuzzUnescape holds the link's percent-decoding to net/url's: the same
// text, or an error for both.
func FuzzUnescape(f *testing.F) {
	for _, seed := range []string{"UP", "%55P", "%2c%2C", "a+b", "%", "%4", "%zz", "%%41", "caf%C3%A9", "%ff"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want, werr := url.PathUnescape(s)
		got, err := unescape(s)
		if (werr == nil) != (err == nil) || got != want {
			t.Fatalf("unescape(%q) = %q, %v; url.PathUnescape gives %q, %v", s, got, err, want, werr)
		}
	})
}
