package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Puzzles in a course's notation (another blank, commas, one line of a
// rectangular board) read in every command that reads a puzzle file, and
// bad options are one-line errors with exit code 2.
func TestPuzzleNotations(t *testing.T) {
	dir := t.TempDir()
	commas := writeFile(t, dir, "commas.txt", "1, 2, 3\n4, _, 6\n7, 5, 8\n")
	dash := writeFile(t, dir, "dash.txt", "1 2 3\n4 - 6\n7 5 8\n")
	line := writeFile(t, dir, "line.txt", "1 2 3 4 5 6 0 7\n")
	answer := writeFile(t, dir, "answer.txt", "UP\nLEFT\n")
	for _, args := range [][]string{
		{"solve", commas},
		{"solve", "--blank", "-", dash},
		{"check", commas, answer},
		{"solvable", "--blank", "-", dash},
		{"show", commas},
		{"apply", commas, answer},
	} {
		if r := kpuzzle(t, "", args...); r.code != exitOK {
			t.Errorf("kpuzzle %s: exit %d, stderr %q", strings.Join(args, " "), r.code, r.stderr)
		}
	}
	if r := kpuzzle(t, "", "solve", "--json", "--shape", "2x4", line); r.code != exitOK || !strings.Contains(r.stdout, `"shape":"2x4"`) && !strings.Contains(r.stdout, `"shape": "2x4"`) {
		t.Errorf("a 2x4 board on one line: exit %d, %s %s", r.code, r.stdout, r.stderr)
	}
	wantOneLineError(t, kpuzzle(t, "", "solve", line), "line.txt:1", "give its shape")
	wantOneLineError(t, kpuzzle(t, "", "solve", "--shape", "3x3", line), "line.txt:1", "a 3x3 board (the shape given) has 9")
	wantOneLineError(t, kpuzzle(t, "", "solve", dash), "dash.txt:2:3", `found "-"`)
	wantOneLineError(t, kpuzzle(t, "", "solve", "--blank", "7", dash), "--blank", "is a number")
	wantOneLineError(t, kpuzzle(t, "", "solve", "--shape", "2by4", line), "--shape")
}

// sets export writes a set shipped as files byte for byte (the CS3243
// inputs keep their CRLF line ends); another layout is rewritten.
func TestSetsExportKeepsShippedFiles(t *testing.T) {
	out := filepath.Join(t.TempDir(), "set")
	if r := kpuzzle(t, "", "sets", "export", "cs3243-public", "--out", out); r.code != exitOK {
		t.Fatalf("export: %d %s", r.code, r.stderr)
	}
	shipped, err := os.ReadFile(filepath.Join("..", "..", "puzzles", "sets", "cs3243-public", "n_equals_3", "input_1.txt"))
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(filepath.Join(out, "n_equals_3", "input_1.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(shipped, []byte("\r\n")) || !bytes.Equal(got, shipped) {
		t.Errorf("exported %q, shipped %q", got, shipped)
	}
	princeton := filepath.Join(t.TempDir(), "p")
	if r := kpuzzle(t, "", "sets", "export", "cs3243-public", "--out", princeton, "--format", "princeton"); r.code != exitOK {
		t.Fatalf("export --format princeton: %d %s", r.code, r.stderr)
	}
	if got, _ := os.ReadFile(filepath.Join(princeton, "n_equals_3", "input_1.txt")); bytes.Equal(got, shipped) || !bytes.HasPrefix(got, []byte("3\n")) {
		t.Errorf("a Princeton export kept the shipped rows: %q", got)
	}
}
