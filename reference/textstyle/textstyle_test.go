package textstyle_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/reference/textstyle"
)

func TestDigits(t *testing.T) {
	for n, want := range map[int64]string{
		0: "0", 7: "7", 999: "999", 1000: "1,000", -1000: "-1,000", 518918400: "518,918,400",
		-9223372036854775808: "-9,223,372,036,854,775,808", 9223372036854775807: "9,223,372,036,854,775,807",
	} {
		if got := textstyle.Digits(n); got != want {
			t.Errorf("Digits(%d) = %q, want %q", n, got, want)
		}
	}
	// Every number reads back once the separators are taken out, and the
	// groups between them are three digits long.
	for _, n := range []int64{1, 12, 123, 1234, 12345, 123456, 1234567, 1 << 40, -(1 << 50)} {
		s := textstyle.Digits(n)
		back, err := strconv.ParseInt(strings.ReplaceAll(s, ",", ""), 10, 64)
		if err != nil || back != n {
			t.Errorf("Digits(%d) = %q reads back as %d (%v)", n, s, back, err)
		}
		groups := strings.Split(strings.TrimPrefix(s, "-"), ",")
		for _, g := range groups[1:] {
			if len(g) != 3 {
				t.Errorf("Digits(%d) = %q has a group %q", n, s, g)
			}
		}
	}
}

func TestBytes(t *testing.T) {
	got := []string{textstyle.Bytes(0), textstyle.Bytes(999), textstyle.Bytes(1500), textstyle.Bytes(290_100_000), textstyle.Bytes(1_850_000_000)}
	want := []string{"0 B", "999 B", "1.5 KB", "290.1 MB", "1.85 GB"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Bytes (-want +got):\n%s", diff)
	}
}

func TestPaint(t *testing.T) {
	var plain textstyle.Paint
	if got := plain.Sprint("ok ", 3); got != "ok 3" {
		t.Errorf("nil Paint: %q", got)
	}
	loud := textstyle.Paint(func(a ...any) string { return "<" + a[0].(string) + ">" })
	if got := loud.Sprint("ok"); got != "<ok>" {
		t.Errorf("Paint: %q", got)
	}
	var st textstyle.Style
	if got := st.Bad.Sprint("FAIL"); got != "FAIL" {
		t.Errorf("zero Style: %q", got)
	}
}
