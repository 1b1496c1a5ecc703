package grader

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"
)

// How much of a program's stream a result shows.
const (
	tailLines     = 12
	tailLineBytes = 200
)

// tail is the last lines of a stream, with scrub applied, each clipped
// and made printable, under a heading; nothing when the stream is empty.
func tail(name string, b []byte, scrub *strings.Replacer) []string {
	b = bytes.TrimRight(b, "\n\r\t ")
	if len(b) == 0 {
		return nil
	}
	lines := strings.Split(scrub.Replace(string(b)), "\n")
	head := name + ":"
	if len(lines) > tailLines {
		head = fmt.Sprintf("%s (last %d of %d lines):", name, tailLines, len(lines))
		lines = lines[len(lines)-tailLines:]
	}
	out := []string{head}
	for _, l := range lines {
		out = append(out, "  "+printable(l, tailLineBytes))
	}
	return out
}

// compilerError finds a compiler's error line: FILE.EXT:LINE: or
// FILE.EXT:LINE:COL: (javac, gcc, go, rustc's "--> FILE:LINE:COL").
var compilerError = regexp.MustCompile(`(?m)^(?:\S*--> )?\S+\.\w+:\d+(?::\d+)?:?`)

// buildLines is a build's stream as the feedback shows it: from the
// first compiler error, which explains the others, when there is one
// (tailLines lines); else its last lines, as tail gives them.
func buildLines(name string, b []byte, scrub *strings.Replacer) []string {
	b = bytes.TrimRight(b, "\n\r\t ")
	loc := compilerError.FindIndex(b)
	if loc == nil {
		return tail(name, b, scrub)
	}
	all := strings.Count(string(b), "\n") + 1
	first := strings.Count(string(b[:loc[0]]), "\n")
	lines := strings.Split(scrub.Replace(string(b)), "\n")[first:]
	if len(lines) > tailLines {
		lines = lines[:tailLines]
	}
	head := fmt.Sprintf("%s (from its first error, lines %d-%d of %d):", name, first+1, first+len(lines), all)
	if first == 0 && len(lines) == all {
		head = name + ":"
	}
	out := []string{head}
	for _, l := range lines {
		out = append(out, "  "+printable(l, tailLineBytes))
	}
	return out
}

// printable makes a line of a program's output safe to show
// (Printable) and clips it to about limit bytes.
func printable(s string, limit int) string {
	p := Printable(strings.TrimRight(s, "\r"))
	if len(p) <= limit {
		return p
	}
	cut := limit
	for cut > 0 && !utf8.RuneStart(p[cut]) {
		cut--
	}
	return p[:cut] + "..."
}

// missingPath finds the path of a "No such file or directory" error as
// Python, Java, C++ streams and shells print it.
var missingPath = regexp.MustCompile(`(?:No such file or directory: '(/[^']+)'|(/[^\s:'"]+) \(No such file or directory\)|(/[^\s:'"]+): No such file or directory)`)

// outsideFileHints explains a crash on a file outside the run: a path the
// program was given on the instructor's machine (/tmp/data.txt, a course
// folder) does not exist inside the sandbox, where only the submission,
// run.files and the run's own folders are.
func outsideFileHints(stderr []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, line := range stderr {
		for _, m := range missingPath.FindAllStringSubmatchIndex(line, -1) {
			start, end := -1, -1
			for g := 1; g <= 3; g++ {
				if m[2*g] >= 0 {
					start, end = m[2*g], m[2*g+1]
				}
			}
			// A path inside the run is written <submission>/... or
			// <work>/... (scrubbed): not outside.
			if start < 0 || (start > 0 && line[start-1] == '>') {
				continue
			}
			p := line[start:end]
			if seen[p] {
				continue
			}
			seen[p] = true
			out = append(out, fmt.Sprintf("it looked for %s, which no run can see: a program sees its submission, the instructor's run.files and its own working folder only", p))
		}
	}
	return out
}
