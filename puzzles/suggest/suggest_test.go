package suggest_test

import (
	"fmt"
	"testing"

	"github.com/kpuzzle/kpuzzle/puzzles/suggest"
)

func TestClosest(t *testing.T) {
	names := []string{"misplaced", "manhattan", "euclidean", "linear-conflict", "walking-distance", "pdb:663"}
	for _, tc := range []struct {
		in, want string
		ok       bool
	}{
		{"manhatan", "manhattan", true},
		{"MANHATTAN", "manhattan", true},
		{"linear", "linear-conflict", true},
		{"eucldiean", "euclidean", true},
		{"pdb:636", "pdb:663", true},
		{"xyz", "", false},
		{"", "", false},
	} {
		got, ok := suggest.Closest(tc.in, names)
		if got != tc.want || ok != tc.ok {
			t.Errorf("Closest(%q) = %q, %v; want %q, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
	if p := suggest.Phrase("slove", []string{"solve", "solvable", "show"}); p != "; did you mean solve?" {
		t.Errorf("Phrase = %q", p)
	}
	if p := suggest.Phrase("solve", []string{"solve"}); p != "" {
		t.Errorf("Phrase of an exact name = %q", p)
	}
}

func ExamplePhrase() {
	fmt.Println("unknown algorithm \"astr\"" + suggest.Phrase("astr", []string{"bfs", "astar", "idastar"}))
	// Output: unknown algorithm "astr"; did you mean astar?
}

func TestList(t *testing.T) {
	for _, c := range []struct {
		names []string
		conj  string
		want  string
	}{
		{nil, "or", ""},
		{[]string{"a"}, "or", "a"},
		{[]string{"a", "b"}, "or", "a or b"},
		{[]string{"a", "b", "c"}, "and", "a, b and c"},
		{[]string{"canvas", "moodle"}, "and/or", "canvas and/or moodle"},
	} {
		if got := suggest.List(c.names, c.conj); got != c.want {
			t.Errorf("List(%q, %q) = %q, want %q", c.names, c.conj, got, c.want)
		}
	}
}
