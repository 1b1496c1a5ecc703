package grader_test

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/kpuzzle/kpuzzle/grader"
)

func TestPrintable(t *testing.T) {
	for in, want := range map[string]string{
		"plain text":                 "plain text",
		"caf\u00e9 \u6f22\u5b57":     "caf\u00e9 \u6f22\u5b57",
		"ok \u202ecod.exe":           "ok <U+202E>cod.exe",
		"\x1b[2J\x1b[31mred":         "<U+001B>[2J<U+001B>[31mred",
		"a\tb":                       "a    b",
		"bad \xff byte":              "bad ? byte",
		"isolate \u2066x\u2069":      "isolate <U+2066>x<U+2069>",
		"zero\u200bwidth\u200fmarks": "zero<U+200B>width<U+200F>marks",
		"bell\a and DEL\x7f":         "bell<U+0007> and DEL<U+007F>",
	} {
		if got := grader.Printable(in); got != want {
			t.Errorf("Printable(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestFileName(t *testing.T) {
	long := strings.Repeat("x", 255)
	names := []string{"alice", "submission_111", long, long[:254] + "y", "a/b", "..", ".", "", "evil\u202etxt.md", "tab\there"}
	seen := map[string]string{}
	for _, n := range names {
		f := grader.FileName(n)
		if len(f) > 210 || f == "" || f == "." || f == ".." || strings.ContainsAny(f, "/\\") || !utf8.ValidString(f) || grader.Printable(f) != f {
			t.Errorf("FileName(%q) = %q: not a safe path element", n, f)
		}
		if other, ok := seen[f]; ok {
			t.Errorf("FileName(%q) = FileName(%q) = %q", n, other, f)
		}
		seen[f] = n
	}
	if grader.FileName("alice") != "alice" || grader.FileName("submission_111") != "submission_111" {
		t.Error("plain names must be kept as they are")
	}
}
