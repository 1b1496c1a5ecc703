package grader

import (
	"bytes"
	"errors"
	"fmt"
	"path"
	"regexp"
	"regexp/syntax"
	"strconv"
	"strings"
	"unicode"
)

// Stdin placeholders: what run.stdin may write to an interactive
// program, per test.
const (
	// StdinRows is the puzzle's rows, one per line, cells separated by
	// spaces.
	StdinRows = "{rows}"
	// StdinCells is every cell on one line, separated by spaces.
	StdinCells = "{cells}"
	// StdinSize is the side of a square board (3 for the 8-puzzle); for
	// a rectangular board, "R C".
	StdinSize = "{size}"
	// StdinHeight and StdinWidth are the numbers of rows and columns.
	StdinHeight = "{height}"
	StdinWidth  = "{width}"
	// StdinChoice is the test's entry of run.choices (a menu number, an
	// algorithm's name), or "" when none matches.
	StdinChoice = "{choice}"
	// StdinBoard is the board as one string, as run.board writes it.
	StdinBoard = "{board}"
)

// stdinPlaceholders are the placeholders run.stdin may use.
var stdinPlaceholders = []string{StdinRows, StdinCells, StdinSize, StdinHeight, StdinWidth, StdinChoice, StdinBoard}

// Extracted statistics: the names of run.extract's patterns.
const (
	// ExtractMoves finds the answer in stdout: every match's first group
	// (or the group named moves), in order, one per line.
	ExtractMoves = "moves"
	// ExtractLength, ExtractExpanded and ExtractFrontier find a claimed
	// number: the solution's length, nodes expanded, largest frontier.
	ExtractLength   = "length"
	ExtractExpanded = "expanded"
	ExtractFrontier = "frontier"
	// ExtractUnsolvable finds a program's own way of saying the puzzle
	// has no solution ("cannot be solved"): when it matches, the answer
	// is UNSOLVABLE. It needs no group.
	ExtractUnsolvable = "unsolvable"
)

// extractNames are the patterns run.extract may name, in report order.
var extractNames = []string{ExtractMoves, ExtractUnsolvable, ExtractLength, ExtractExpanded, ExtractFrontier}

// Claims are the numbers a program printed about its own run, found by
// run.extract: the solution length it reports, the nodes it expanded and
// its largest frontier. A nil field was not found.
type Claims struct {
	Length   *int `json:"length,omitempty"`
	Expanded *int `json:"expanded,omitempty"`
	Frontier *int `json:"frontier,omitempty"`
}

// Empty reports whether no claim was found.
func (c Claims) Empty() bool { return c.Length == nil && c.Expanded == nil && c.Frontier == nil }

// checkInterface validates run.stdin, run.choices and run.extract, and
// compiles the patterns.
func (r *RunStep) checkInterface() error {
	if r.Stdin != "" {
		for _, m := range regexp.MustCompile(`\{[a-z_]*\}`).FindAllString(r.Stdin, -1) {
			if !contains(stdinPlaceholders, m) {
				return &ConfigError{Key: "run.stdin", Msg: fmt.Sprintf("unknown placeholder %s; expected %s", m, strings.Join(stdinPlaceholders, ", "))}
			}
		}
	}
	for i, c := range r.Choices {
		glob, _, ok := strings.Cut(c, "=")
		if !ok || glob == "" {
			return &ConfigError{Key: "run.choices", Msg: fmt.Sprintf("entry %d %q: expected PATTERN=VALUE, for example \"4x4/*=3\"", i+1, c)}
		}
		if _, err := path.Match(glob, ""); err != nil {
			return &ConfigError{Key: "run.choices", Msg: fmt.Sprintf("entry %d %q: bad pattern (an unclosed [ or a trailing \\); expected PATTERN=VALUE, for example \"4x4/*=3\"", i+1, c)}
		}
	}
	if len(r.Choices) > 0 && !strings.Contains(r.Stdin, StdinChoice) && !strings.Contains(r.Command, StdinChoice) && !strings.Contains(r.Answer, AnswerChoice) {
		return &ConfigError{Key: "run.choices", Msg: "set, but neither run.stdin, run.command nor run.answer has a {choice} to put them in"}
	}
	if err := r.checkBoardText(); err != nil {
		return err
	}
	r.patterns = map[string]*regexp.Regexp{}
	for name, expr := range r.Extract {
		if !contains(extractNames, name) {
			return &ConfigError{Key: "run.extract." + name, Msg: fmt.Sprintf("unknown pattern; expected %s", strings.Join(extractNames, ", "))}
		}
		re, err := regexp.Compile(expr)
		if err != nil {
			return &ConfigError{Key: "run.extract." + name, Msg: regexpMessage(err)}
		}
		if re.NumSubexp() == 0 && name != ExtractUnsolvable {
			return &ConfigError{Key: "run.extract." + name, Msg: fmt.Sprintf("%q has no group: put what to read in parentheses, for example \"Nodes expanded: (\\\\d+)\"", expr)}
		}
		r.patterns[name] = re
	}
	return nil
}

// StdinFor is what an interactive program reads on stdin for test t:
// run.stdin with its placeholders filled in, ending in a newline; nil
// when run.stdin is not set.
func (r RunStep) StdinFor(t Test) []byte {
	if r.Stdin == "" {
		return nil
	}
	v := r.CommandValues(t)
	s := t.Board.Shape()
	cells := strings.Fields(v[PlaceCells])
	rows := make([]string, s.Rows)
	for i := range rows {
		rows[i] = strings.Join(cells[i*s.Cols:(i+1)*s.Cols], " ")
	}
	size := v[PlaceSize]
	if s.Rows != s.Cols {
		size = v[PlaceHeight] + " " + v[PlaceWidth]
	}
	text := strings.NewReplacer(
		StdinRows, strings.Join(rows, "\n"),
		StdinCells, v[PlaceCells],
		StdinSize, size,
		StdinHeight, v[PlaceHeight],
		StdinWidth, v[PlaceWidth],
		StdinChoice, v[PlaceChoice],
		StdinBoard, v[PlaceBoard],
	).Replace(r.Stdin)
	if !strings.HasSuffix(text, "\n") {
		text += "\n"
	}
	return []byte(text)
}

// CommandValues are the values of the puzzle's placeholders in
// run.command for test t: {cells}, {cells_comma}, {size} ("RxC" on a
// rectangular board), {height}, {width}, {choice} and {board}, the blank
// written as run.board.blank says.
func (r RunStep) CommandValues(t Test) map[string]string {
	s := t.Board.Shape()
	cells := make([]string, s.Cells())
	for i := range cells {
		cells[i] = strconv.Itoa(t.Board.At(i))
		if cells[i] == "0" && r.Board.Blank != "" {
			cells[i] = r.Board.Blank
		}
	}
	size := strconv.Itoa(s.Rows)
	if s.Rows != s.Cols {
		size = s.String()
	}
	rowSep := r.Board.Separator
	if r.Board.RowSeparator != nil {
		rowSep = *r.Board.RowSeparator
	}
	rows := make([]string, s.Rows)
	for i := range rows {
		rows[i] = strings.Join(cells[i*s.Cols:(i+1)*s.Cols], r.Board.Separator)
	}
	return map[string]string{
		PlaceCells:      strings.Join(cells, " "),
		PlaceCellsComma: strings.Join(cells, ","),
		PlaceSize:       size,
		PlaceHeight:     strconv.Itoa(s.Rows),
		PlaceWidth:      strconv.Itoa(s.Cols),
		PlaceChoice:     r.ChoiceFor(t.Name),
		PlaceBoard:      strings.Join(rows, rowSep),
	}
}

// unprintableSeparator reports a control character other than the
// tab, line feed and carriage return a separator may hold.
func unprintableSeparator(r rune) bool {
	return unicode.IsControl(r) && r != '\t' && r != '\n' && r != '\r'
}

// checkBoardText validates run.board: a blank that is one word, and
// separators that do not run into the cells.
func (r RunStep) checkBoardText() error {
	b := r.Board
	if b.Blank != "" && (strings.IndexFunc(b.Blank, unicode.IsSpace) >= 0 || strings.IndexFunc(b.Blank, unicode.IsControl) >= 0 || strings.ContainsAny(b.Blank, "0123456789")) {
		return &ConfigError{Key: "run.board.blank", Msg: fmt.Sprintf("%q: expected a symbol without spaces or digits, such as _ or x", b.Blank)}
	}
	for _, ks := range []struct {
		key string
		sep *string
	}{{"run.board.separator", &b.Separator}, {"run.board.row_separator", b.RowSeparator}} {
		key, sep := ks.key, ks.sep
		if sep != nil && strings.IndexFunc(*sep, unprintableSeparator) >= 0 {
			return &ConfigError{Key: key, Msg: fmt.Sprintf("%q: expected printable characters, spaces, tabs or line breaks (a NUL or another control character cannot stand in a command line or a board)", *sep)}
		}
		if sep != nil && strings.ContainsAny(*sep, "0123456789") {
			return &ConfigError{Key: key, Msg: fmt.Sprintf("%q: expected a separator without digits, such as , or a space", *sep)}
		}
		if sep != nil && b.Blank != "" && *sep != "" && strings.Contains(*sep, b.Blank) {
			return &ConfigError{Key: key, Msg: fmt.Sprintf("%q holds the blank's symbol %q; expected a separator the cells cannot be mistaken for", *sep, b.Blank)}
		}
	}
	if (b.Separator != "" || b.RowSeparator != nil) && !r.command.Uses(PlaceBoard) && !strings.Contains(r.Stdin, StdinBoard) {
		return &ConfigError{Key: "run.board", Msg: "separators set, but neither run.command nor run.stdin has a {board} to write"}
	}
	return nil
}

// fitsBoardText reports a test whose board {board} cannot write without
// a separator: a board of more than 10 cells, whose tiles 10 and up take
// two digits.
func (r RunStep) fitsBoardText(t Test) error {
	if r.Board.Separator != "" || (!r.command.Uses(PlaceBoard) && !strings.Contains(r.Stdin, StdinBoard)) || t.Board.Len() <= 10 {
		return nil
	}
	return &ConfigError{Key: "run.board.separator", Msg: fmt.Sprintf("empty, but test %s is %s: its tiles 10 and up take two digits, so {board} needs a separator between cells (such as \",\")", t.Name, t.Board.Shape())}
}

// ChoiceFor is the value of the first run.choices entry whose pattern
// matches the test's name (as path.Match reads it; a pattern without a
// slash matches the file name in any folder, so "*" matches every test),
// or "".
func (r RunStep) ChoiceFor(test string) string {
	for _, c := range r.Choices {
		glob, value, _ := strings.Cut(c, "=")
		if MatchTest(glob, test) {
			return value
		}
	}
	return ""
}

// Stream is one place a program wrote, as [RunStep.ReadAnswer] reads it:
// its name as results show it ("stdout", "stderr", "answer file",
// "out/answer.txt") and its text. Answer marks the answer's text: stdout
// with run.answer: stdout, else the answer file.
type Stream struct {
	Name   string
	Text   []byte
	Answer bool
}

// AnswerKind says what [RunStep.ReadAnswer] found.
type AnswerKind int

// What a program's run answered.
const (
	// AnswerText: ProgramAnswer.Answer is the answer to check (read in
	// the assignment's notation).
	AnswerText AnswerKind = iota
	// AnswerUnsolvable: the program said, in its own words
	// (run.extract.unsolvable), that the puzzle has no solution; the
	// answer is UNSOLVABLE.
	AnswerUnsolvable
	// AnswerMissing: there is no answer file.
	AnswerMissing
	// AnswerReported: the answer is a report whose length is judged
	// (run.solution: reported).
	AnswerReported
	// AnswerNotFound: run.extract.moves matches nothing in the answer's
	// text.
	AnswerNotFound
)

// ProgramAnswer is what [RunStep.ReadAnswer] found.
type ProgramAnswer struct {
	Kind AnswerKind
	// Answer is the answer to check (AnswerText).
	Answer []byte
	// Said is where the program said there is no solution
	// (AnswerUnsolvable): a line for the result's details naming the
	// stream, the line and what it says.
	Said string
	// Where names the text run.extract.moves searched (AnswerNotFound):
	// "its output" or "its answer file".
	Where string
}

// ReadAnswer reads a program's answer from what it wrote (streams, the
// answer's text first; see [Stream]), by one rule, the same whether the
// answer is on stdout or in a file:
//
//  1. When run.extract.unsolvable matches anything the program wrote
//     (the answer's text, stdout, and stderr with run.read_stderr), the
//     answer is UNSOLVABLE, whether or not it left an answer file and
//     whatever else it wrote.
//  2. Otherwise an answer file that is missing is no answer.
//  3. With run.solution: reported the answer's text is a report whose
//     length is judged.
//  4. With run.extract.moves the answer is the group of every match in
//     the answer's text (and stderr after it with run.read_stderr), in
//     order, one per line; no match is no answer.
//  5. Otherwise the answer's text is the answer.
func (r RunStep) ReadAnswer(streams []Stream) ProgramAnswer {
	if said := r.SaidUnsolvable(streams); said != "" {
		return ProgramAnswer{Kind: AnswerUnsolvable, Said: said}
	}
	var text []byte
	found := false
	for _, s := range streams {
		if s.Answer {
			text, found = s.Text, true
		}
	}
	switch {
	case !found:
		return ProgramAnswer{Kind: AnswerMissing}
	case r.Solution == SolutionReported:
		// A report that lists its path (run.extract.moves) has the path
		// checked like moves; one that does not is judged on its length.
		if r.patterns[ExtractMoves] != nil {
			if answer, ok := r.MovesIn(text); ok {
				return ProgramAnswer{Kind: AnswerText, Answer: answer}
			}
		}
		return ProgramAnswer{Kind: AnswerReported}
	case r.patterns[ExtractMoves] == nil:
		return ProgramAnswer{Kind: AnswerText, Answer: text}
	}
	where := "its answer file"
	if r.Answer == "stdout" {
		where = "its output"
	}
	if r.ReadStderr {
		for _, s := range streams {
			if s.Name == "stderr" {
				text = append(append(append([]byte(nil), text...), '\n'), s.Text...)
			}
		}
	}
	answer, ok := r.MovesIn(text)
	if !ok {
		return ProgramAnswer{Kind: AnswerNotFound, Where: where}
	}
	return ProgramAnswer{Kind: AnswerText, Answer: answer}
}

// SaidUnsolvable finds the first place, in the order of streams, where
// run.extract.unsolvable matches what the program wrote (stderr only
// with run.read_stderr), and describes it for a result's details: "it
// says the puzzle has no solution (run.extract.unsolvable matched
// stdout, line 3: No solution found)". It is "" when the pattern is not
// set or matches nothing.
func (r RunStep) SaidUnsolvable(streams []Stream) string {
	re := r.patterns[ExtractUnsolvable]
	if re == nil {
		return ""
	}
	for _, s := range streams {
		if s.Name == "stderr" && !s.Answer && !r.ReadStderr {
			continue
		}
		loc := re.FindIndex(s.Text)
		if loc == nil {
			continue
		}
		start := bytes.LastIndexByte(s.Text[:loc[0]], '\n') + 1
		end := len(s.Text)
		if i := bytes.IndexByte(s.Text[loc[0]:], '\n'); i >= 0 {
			end = loc[0] + i
		}
		line := 1 + bytes.Count(s.Text[:loc[0]], []byte("\n"))
		return fmt.Sprintf("it says the puzzle has no solution (run.extract.unsolvable matched %s, line %d: %s)",
			s.Name, line, printable(strings.TrimSpace(string(s.Text[start:end])), tailLineBytes))
	}
	return ""
}

// MovesIn finds the answer in a program's text with
// run.extract.moves: the text of every match's group (the one named
// moves, else the first), in order, one per line. found is false when
// nothing matched; without the pattern the text is the answer.
func (r RunStep) MovesIn(text []byte) (answer []byte, found bool) {
	re := r.patterns[ExtractMoves]
	if re == nil {
		return text, true
	}
	group := 1
	if i := re.SubexpIndex(ExtractMoves); i > 0 {
		group = i
	}
	var parts []string
	for _, m := range re.FindAllSubmatch(text, -1) {
		if t := strings.TrimSpace(string(m[group])); t != "" {
			parts = append(parts, t)
		}
	}
	if len(parts) == 0 {
		return nil, false
	}
	return []byte(strings.Join(parts, "\n") + "\n"), true
}

// ExtractClaims finds the numbers a program printed about its run with
// run.extract's length, expanded and frontier patterns: the last match of
// each (a program that prints progress ends with its totals), digits
// with optional thousands separators. A pattern that matches text that
// is not a number is reported in problems.
func (r RunStep) ExtractClaims(stdout []byte) (c Claims, problems []string) {
	for _, name := range []string{ExtractLength, ExtractExpanded, ExtractFrontier} {
		re := r.patterns[name]
		if re == nil {
			continue
		}
		all := re.FindAllSubmatch(stdout, -1)
		if len(all) == 0 {
			continue
		}
		text := strings.TrimSpace(string(all[len(all)-1][1]))
		n, err := strconv.Atoi(strings.NewReplacer(",", "", "_", "").Replace(text))
		if err != nil || n < 0 {
			problems = append(problems, fmt.Sprintf("run.extract.%s matched %q, which is not a count", name, Printable(text)))
			continue
		}
		switch name {
		case ExtractLength:
			c.Length = &n
		case ExtractExpanded:
			c.Expanded = &n
		case ExtractFrontier:
			c.Frontier = &n
		}
	}
	return c, problems
}

// ClaimDetails explains the claims beside the checked answer: whether the
// claimed length is the answer's and the optimum, and the claimed
// counts as printed.
func ClaimDetails(c Claims, answerLength int, solved bool, optimal *int) []string {
	var out []string
	if c.Length != nil {
		line := fmt.Sprintf("it reports a solution of %d moves", *c.Length)
		switch {
		case solved && *c.Length != answerLength:
			line += fmt.Sprintf(", but its answer has %d", answerLength)
		case solved:
			line += ", as its answer has"
		}
		if optimal != nil {
			if *c.Length < *optimal {
				line += fmt.Sprintf("; the optimal length is %d, so no solution is that short", *optimal)
			} else {
				line += fmt.Sprintf("; the optimal length is %d", *optimal)
			}
		}
		out = append(out, line)
	}
	if c.Expanded != nil {
		out = append(out, fmt.Sprintf("it reports %d nodes expanded", *c.Expanded))
	}
	if c.Frontier != nil {
		out = append(out, fmt.Sprintf("it reports a largest frontier of %d nodes", *c.Frontier))
	}
	return out
}

// regexpMessage says why a pattern is not a regular expression, without
// the regexp package's own wording ("error parsing regexp: ...").
func regexpMessage(err error) string {
	var se *syntax.Error
	if errors.As(err, &se) {
		return fmt.Sprintf("not a regular expression: %s in %q; expected Go (RE2) syntax, for example Move \\d+: (\\w+)", se.Code, se.Expr)
	}
	return "not a regular expression; expected Go (RE2) syntax, for example Move \\d+: (\\w+)"
}
