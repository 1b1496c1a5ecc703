package webcheck_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/grader/webcheck"
	"github.com/kpuzzle/kpuzzle/puzzles"
)

func TestParseFragment(t *testing.T) {
	for _, c := range []struct {
		in   string
		want webcheck.Fragment
	}{
		{"#p=1,2,3,4,5,6,0,7,8&a=LL&moves=tile", webcheck.Fragment{Cells: []int{1, 2, 3, 4, 5, 6, 0, 7, 8}, Answer: []string{"L", "L"}, Convention: "tile"}},
		{"p=1,2,3,4,0,5&shape=2x3&a=UP,l,%20DOWN%20&moves=blank&goal=blank-first", webcheck.Fragment{
			Cells: []int{1, 2, 3, 4, 0, 5}, Shape: puzzles.Shape{Rows: 2, Cols: 3}, Answer: []string{"UP", "l", " DOWN "}, Convention: "blank", Goal: "blank-first"}},
		{"a=UNSOLVABLE", webcheck.Fragment{Answer: []string{"UNSOLVABLE"}}},
		{"a=%55D,ud", webcheck.Fragment{Answer: []string{"UD", "u", "d"}}},
		{"", webcheck.Fragment{}},
		{"#&&p=&a=", webcheck.Fragment{Cells: []int{}, Answer: []string{}}},
	} {
		got, err := webcheck.ParseFragment(c.in)
		if err != nil {
			t.Errorf("ParseFragment(%q): %v", c.in, err)
			continue
		}
		if diff := cmp.Diff(c.want, got); diff != "" {
			t.Errorf("ParseFragment(%q) (-want +got):\n%s", c.in, diff)
		}
	}
}

func TestParseFragmentRejects(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"p=1,2,x", "column 1: p: cell 3"},
		{"p=1,2,3&p=1", `column 9: "p" given twice`},
		{"a=L&moves=tiles", `column 5: moves="tiles"; expected tile or blank`},
		{"goal=snail", "expected default or blank-first"},
		{"shape=3by3", "column 1:"},
		{"a=%zz", "not percent-encoded"},
		{"x=1", `unknown key "x"`},
		{"p=1,,2", "cell 2"},
	} {
		_, err := webcheck.ParseFragment(c.in)
		if err == nil || !errors.Is(err, webcheck.ErrFragment) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParseFragment(%q) = %v, want an ErrFragment saying %q", c.in, err, c.want)
		}
		if err != nil && strings.Contains(err.Error(), "\n") {
			t.Errorf("ParseFragment(%q): error of more than one line: %q", c.in, err)
		}
	}
}

func TestFragmentString(t *testing.T) {
	f := webcheck.Fragment{Cells: []int{1, 2, 3, 4, 5, 6, 0, 7, 8}, Answer: []string{"L", "L", "UP", "u", "UD", "a,b", ""}, Convention: "blank"}
	want := "p=1,2,3,4,5,6,0,7,8&a=LL,UP,u,%55D,a%2Cb,&moves=blank"
	if got := f.String(); got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	back, err := webcheck.ParseFragment(want)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(f, back); diff != "" {
		t.Errorf("round trip (-want +got):\n%s", diff)
	}
}

func TestFragmentRequest(t *testing.T) {
	f, err := webcheck.ParseFragment("p=1,2,3,4,0,5&shape=2x3&a=LR&moves=blank")
	if err != nil {
		t.Fatal(err)
	}
	want := webcheck.Request{Puzzle: "1 2 3\n4 0 5\n", Answer: "L\nR\n", Convention: "blank"}
	if diff := cmp.Diff(want, f.Request()); diff != "" {
		t.Errorf("Request (-want +got):\n%s", diff)
	}
}

// FuzzParseFragment: whatever ParseFragment accepts, String writes back
// to an equal Fragment, and the request it stands for checks without a
// panic, giving a verdict or a one-line error.
func FuzzParseFragment(f *testing.F) {
	for _, s := range []string{
		"p=1,2,3,4,5,6,0,7,8&a=LL&moves=tile",
		"p=1,2,3,4,0,5&shape=2x3&a=UP,%20l&moves=blank&goal=blank-first",
		"p=1,2,3,4,5,6,8,7,0&a=UNSOLVABLE",
		"p=1,0,3,2&a=L,X,%00",
		"a=%55D,ud&p=",
	} {
		f.Add(s)
	}
	c, err := webcheck.New(webcheck.Config{})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, s string) {
		frag, err := webcheck.ParseFragment(s)
		if err != nil {
			if !errors.Is(err, webcheck.ErrFragment) || strings.Contains(err.Error(), "\n") {
				t.Fatalf("ParseFragment(%q): %q is not a one-line ErrFragment", s, err)
			}
			return
		}
		again, err := webcheck.ParseFragment(frag.String())
		if err != nil {
			t.Fatalf("ParseFragment(String()) of %q: %v (String() = %q)", s, err, frag.String())
		}
		if diff := cmp.Diff(frag, again); diff != "" {
			t.Fatalf("round trip of %q (-first +second):\n%s", s, diff)
		}
		if len(frag.Cells) > 9 {
			return // the quick stage of a small board only
		}
		resp, err := c.Check(t.Context(), frag.Request())
		if err != nil {
			t.Fatalf("Check(%q): %v", s, err)
		}
		if (resp.Error == "") == (resp.Verdict == "") || strings.Contains(resp.Error, "\n") {
			t.Fatalf("Check(%q): verdict %q, error %q; want exactly one, the error on one line", s, resp.Verdict, resp.Error)
		}
	})
}
