package grader

import (
	"errors"
	"fmt"
	"path"
	"strings"
	"unicode"
)

// Placeholders a command template may use.
const (
	// PlaceSubmission is the folder holding the grader's private copy of
	// the submission (built, when there is a build step).
	PlaceSubmission = "submission"
	// PlaceInput is the puzzle file, inside the run's working folder.
	PlaceInput = "input"
	// PlaceOutput is the path where the program must write its answer; it
	// does not exist when the program starts.
	PlaceOutput = "output"
	// PlaceEntry is the submission's file that run.entry's pattern
	// finds (CS3243_P1_07_1.py for "*_1.py"), inside the copy.
	PlaceEntry = "entry"
	// PlaceCells is the puzzle's cells, row by row, the blank as 0: a
	// word that is exactly {cells} becomes one argument per cell
	// (java Solver {cells} runs java Solver 1 2 3 4 0 5 7 8 6); inside a
	// longer word they are joined with spaces.
	PlaceCells = "cells"
	// PlaceCellsComma is the cells joined by commas, one argument
	// (driver.py ast {cells_comma} runs driver.py ast 1,2,3,4,0,5,7,8,6).
	PlaceCellsComma = "cells_comma"
	// PlaceSize is the side of a square board (3 for the 8-puzzle), or
	// "RxC" for a rectangular one.
	PlaceSize = "size"
	// PlaceHeight and PlaceWidth are the numbers of rows and columns.
	PlaceHeight = "height"
	PlaceWidth  = "width"
	// PlaceChoice is the test's entry of run.choices, or "".
	PlaceChoice = "choice"
	// PlaceBoard is the board as one string, as run.board writes it
	// (1_3428765 with blank "_" and no separator).
	PlaceBoard = "board"
)

var placeholders = []string{PlaceSubmission, PlaceInput, PlaceOutput, PlaceEntry, PlaceCellsComma, PlaceCells, PlaceSize, PlaceHeight, PlaceWidth, PlaceChoice, PlaceBoard}

// TestPlaceholders are the placeholders that stand for the test's puzzle
// (or its run.choices entry): run.command may use them, build.command
// may not.
var TestPlaceholders = []string{PlaceInput, PlaceOutput, PlaceCells, PlaceCellsComma, PlaceSize, PlaceHeight, PlaceWidth, PlaceChoice, PlaceBoard}

// ErrCommand is wrapped by every error of ParseCommand.
var ErrCommand = errors.New("bad command template")

// Command is a parsed command template such as
// "python3 {submission}/solver.py {input} {output}": words split as a
// shell would split them (single quotes, double quotes, backslash), with
// {submission}, {input} and {output} replaced when the command runs. The
// words are run directly, never through a shell: write sh -c '...' to
// get one.
type Command struct {
	text  string
	words []string
}

// ParseCommand splits a command template into words and checks its
// placeholders: a {name} made of letters and underscores must be one of
// {submission}, {input} and {output}.
func ParseCommand(text string) (Command, error) {
	var (
		words   []string
		cur     strings.Builder
		inWord  bool
		quote   rune
		escaped bool
	)
	if strings.ContainsRune(text, 0) {
		return Command{}, fmt.Errorf("%w: NUL character", ErrCommand)
	}
	for _, r := range text {
		switch {
		case escaped:
			cur.WriteRune(r)
			escaped = false
		case quote == '\'':
			if r == '\'' {
				quote = 0
			} else {
				cur.WriteRune(r)
			}
		case quote == '"':
			switch r {
			case '"':
				quote = 0
			case '\\':
				escaped = true
			default:
				cur.WriteRune(r)
			}
		case r == '\\':
			escaped, inWord = true, true
		case r == '\'' || r == '"':
			quote, inWord = r, true
		case unicode.IsSpace(r):
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteRune(r)
			inWord = true
		}
	}
	switch {
	case escaped:
		return Command{}, fmt.Errorf("%w: %q ends with a lone backslash", ErrCommand, text)
	case quote != 0:
		return Command{}, fmt.Errorf("%w: %q has an unclosed %c quote", ErrCommand, text, quote)
	}
	if inWord {
		words = append(words, cur.String())
	}
	if len(words) == 0 {
		return Command{}, fmt.Errorf("%w: empty; expected a program and its arguments", ErrCommand)
	}
	for _, w := range words {
		for _, name := range placeholderNames(w) {
			if !isPlaceholder(name) {
				return Command{}, fmt.Errorf("%w: unknown placeholder {%s}; expected {submission}, {input}, {output}, {entry}, {cells}, {cells_comma}, {size}, {height}, {width} or {choice}", ErrCommand, name)
			}
		}
	}
	return Command{text: text, words: words}, nil
}

// placeholderNames lists every {name} in w whose name is letters and
// underscores.
func placeholderNames(w string) []string {
	var out []string
	for {
		i := strings.IndexByte(w, '{')
		if i < 0 {
			return out
		}
		w = w[i+1:]
		j := strings.IndexByte(w, '}')
		if j <= 0 {
			continue
		}
		name := w[:j]
		if strings.IndexFunc(name, func(r rune) bool { return r != '_' && !unicode.IsLetter(r) }) < 0 {
			out = append(out, name)
			w = w[j+1:]
		}
	}
}

func isPlaceholder(name string) bool {
	for _, p := range placeholders {
		if p == name {
			return true
		}
	}
	return false
}

// String is the template as written.
func (c Command) String() string { return c.text }

// IsZero reports whether c is the zero Command (no command).
func (c Command) IsZero() bool { return c.words == nil }

// Words returns a copy of the template's words before expansion.
func (c Command) Words() []string { return append([]string(nil), c.words...) }

// Uses reports whether the template mentions the placeholder {name}.
func (c Command) Uses(name string) bool {
	for _, w := range c.words {
		if strings.Contains(w, "{"+name+"}") {
			return true
		}
	}
	return false
}

// Expand returns the argument vector with each {name} replaced by
// values[name]. Placeholders missing from values are left as written.
//
// A word that is exactly {cells} becomes one argument per cell.
func (c Command) Expand(values map[string]string) []string {
	pairs := make([]string, 0, 2*len(values))
	for _, p := range placeholders {
		if v, ok := values[p]; ok {
			pairs = append(pairs, "{"+p+"}", v)
		}
	}
	r := strings.NewReplacer(pairs...)
	out := make([]string, 0, len(c.words))
	for _, w := range c.words {
		if v, ok := values[PlaceCells]; ok && w == "{"+PlaceCells+"}" {
			out = append(out, strings.Fields(v)...)
			continue
		}
		out = append(out, r.Replace(w))
	}
	return out
}

// QuoteWords writes words as a template that ParseCommand splits back into
// the same words: plain words as they are, others in single quotes.
func QuoteWords(words []string) string {
	parts := make([]string, len(words))
	for i, w := range words {
		if w != "" && strings.IndexFunc(w, func(r rune) bool {
			return unicode.IsSpace(r) || r == '\'' || r == '"' || r == '\\'
		}) < 0 {
			parts[i] = w
			continue
		}
		parts[i] = "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
	}
	return strings.Join(parts, " ")
}

// SubmissionFiles lists the files the template names inside the
// submission: each word, or part of a word after "=" or ":" (as in
// -cp={submission}/lib), of the form {submission}/PATH where PATH has no
// placeholder. A command that names the submission folder alone (java
// -cp {submission} Solver) names no file.
func (c Command) SubmissionFiles() []string {
	var out []string
	prefix := "{" + PlaceSubmission + "}/"
	for _, w := range c.words {
		for _, part := range strings.FieldsFunc(w, func(r rune) bool { return r == '=' || r == ':' }) {
			rest, ok := strings.CutPrefix(part, prefix)
			if !ok || rest == "" || strings.ContainsAny(rest, "{}*?[") {
				continue
			}
			out = append(out, path.Clean(rest))
		}
	}
	return out
}
