package grader_test

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/grader"
)

func TestParseCommand(t *testing.T) {
	tests := []struct {
		text string
		want []string
	}{
		{"python3 {submission}/solver.py {input} {output}", []string{"python3", "{submission}/solver.py", "{input}", "{output}"}},
		{"  a   b\tc ", []string{"a", "b", "c"}},
		{`sh -c 'cd {submission} && ./run "$1"' x {input}`, []string{"sh", "-c", `cd {submission} && ./run "$1"`, "x", "{input}"}},
		{`echo "a \"quoted\" \\ word" b\ c ''`, []string{"echo", `a "quoted" \ word`, "b c", ""}},
		{"awk {print} {output}", []string{"awk", "{print}", "{output}"}},
	}
	for _, tc := range tests {
		c, err := grader.ParseCommand(tc.text)
		if tc.text == "awk {print} {output}" {
			if err == nil {
				t.Errorf("%q: unknown placeholder {print} accepted", tc.text)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", tc.text, err)
			continue
		}
		if diff := cmp.Diff(tc.want, c.Words()); diff != "" {
			t.Errorf("%q (-want +got):\n%s", tc.text, diff)
		}
	}
	for _, bad := range []string{"", "   ", "a 'b", `a "b`, `a \`, "{nope}"} {
		if _, err := grader.ParseCommand(bad); !errors.Is(err, grader.ErrCommand) {
			t.Errorf("%q: err %v, want ErrCommand", bad, err)
		}
	}
	c, _ := grader.ParseCommand("java -cp {submission} Main {input}{input} --out={output}")
	got := c.Expand(map[string]string{"submission": "/s d", "input": "/i", "output": "/o"})
	if diff := cmp.Diff([]string{"java", "-cp", "/s d", "Main", "/i/i", "--out=/o"}, got); diff != "" {
		t.Errorf("Expand (-want +got):\n%s", diff)
	}
	if !c.Uses("output") || c.Uses("nothing") {
		t.Error("Uses")
	}
	// {cells} alone is one argument per cell; inside a word, one string.
	c, _ = grader.ParseCommand("java Solver {size} {cells} '--board={cells}' {cells_comma} {choice} {output}")
	got = c.Expand(map[string]string{"cells": "1 2 3 0", "cells_comma": "1,2,3,0", "size": "2", "choice": "astar", "output": "/o"})
	if diff := cmp.Diff([]string{"java", "Solver", "2", "1", "2", "3", "0", "--board=1 2 3 0", "1,2,3,0", "astar", "/o"}, got); diff != "" {
		t.Errorf("Expand with {cells} (-want +got):\n%s", diff)
	}
}

// FuzzParseCommand checks that ParseCommand never panics and that quoting
// the words it finds gives a template that splits into the same words.
func FuzzParseCommand(f *testing.F) {
	for _, s := range []string{"python3 {submission}/a.py {input} {output}", `sh -c 'x "y"' z`, `a\ b "c\"d" ''`, "{", "}{a}{"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		c, err := grader.ParseCommand(text)
		if err != nil {
			return
		}
		again, err := grader.ParseCommand(grader.QuoteWords(c.Words()))
		if err != nil {
			t.Fatalf("quoted %q does not parse: %v", grader.QuoteWords(c.Words()), err)
		}
		if diff := cmp.Diff(c.Words(), again.Words()); diff != "" {
			t.Fatalf("round trip (-first +second):\n%s", diff)
		}
	})
}
