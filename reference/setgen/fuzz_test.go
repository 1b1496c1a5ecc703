package setgen_test

import (
	"testing"

	"github.com/kpuzzle/kpuzzle/reference/setgen"
)

// FuzzParseRange: whatever ParseRange accepts is a valid range that
// prints back to text it reads the same way.
func FuzzParseRange(f *testing.F) {
	for _, s := range []string{"20-25", "31", " 0 - 3 ", "5-4", "-3", "1-2-3", "x", "", "999999999999999999999-1", "1000-1000", "1001"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := setgen.ParseRange(s)
		if err != nil {
			return
		}
		if err := r.Validate(); err != nil {
			t.Fatalf("ParseRange(%q) = %v, which is invalid: %v", s, r, err)
		}
		again, err := setgen.ParseRange(r.String())
		if err != nil || again != r {
			t.Fatalf("ParseRange(%q) = %v; reading %q back gives %v, %v", s, r, r.String(), again, err)
		}
	})
}

// FuzzParseShard: whatever ParseShard accepts is a valid shard that
// prints back to text it reads the same way.
func FuzzParseShard(f *testing.F) {
	for _, s := range []string{"1/1", "3/8", " 2 / 4 ", "0/3", "4/3", "1/0", "/", "a/b", "1/2/3", "", "1/1048577"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sh, err := setgen.ParseShard(s)
		if err != nil {
			return
		}
		if err := sh.Validate(); err != nil || sh.IsZero() {
			t.Fatalf("ParseShard(%q) = %v, which is not a shard: %v", s, sh, err)
		}
		again, err := setgen.ParseShard(sh.String())
		if err != nil || again != sh {
			t.Fatalf("ParseShard(%q) = %v; reading %q back gives %v, %v", s, sh, sh.String(), again, err)
		}
	})
}
