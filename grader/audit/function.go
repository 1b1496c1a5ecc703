package audit

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/templates"
)

// Languages of a heuristic function (FunctionSpec.Language).
const (
	LanguagePython = "python"
	LanguageJava   = "java"
)

// Board shapes a heuristic function takes (FunctionSpec.Board).
const (
	// BoardAuto finds the shape by calling the function (Python), or
	// from the method's parameter types (Java).
	BoardAuto = "auto"
	// BoardRows: a list of rows ([[1, 2, 3], ...]; Java int[][] or
	// List<List<Integer>>).
	BoardRows = "rows"
	// BoardFlat: a flat list ([1, 2, ..., 0]; Java int[] or
	// List<Integer>).
	BoardFlat = "flat"
	// BoardTuple: a tuple of rows (Python).
	BoardTuple = "tuple"
	// BoardFlatTuple: a flat tuple (Python).
	BoardFlatTuple = "flat-tuple"
	// BoardString: the cells joined by FunctionSpec.Separator
	// ("123456780"; Java String).
	BoardString = "string"
	// BoardNumpy: a numpy array of rows (Python, when numpy is
	// installed).
	BoardNumpy = "numpy"
)

// Boards lists the board shapes of a language, in the order BoardAuto
// tries them.
func Boards(language string) []string {
	if language == LanguageJava {
		return []string{BoardRows, BoardFlat, BoardString}
	}
	return []string{BoardRows, BoardFlat, BoardTuple, BoardFlatTuple, BoardString, BoardNumpy}
}

// Names of kpuzzle's harnesses in a function's working folder.
const (
	// FunctionHarnessFile calls a Python function; it imports the
	// student's module through the grader's function harness
	// (grader.HarnessFile), copied beside it.
	FunctionHarnessFile = "kpuzzle_heuristic.py"
	// MethodHarnessFile calls a Java method by reflection.
	MethodHarnessFile = "KpuzzleHeuristic.java"
)

// FunctionSpec is a student's heuristic written as a Python function or
// a Java method, which the auditor calls directly, as the grader's
// function interface calls a solver: no program of the student's to
// wrap it in.
type FunctionSpec struct {
	// Target names the function: MODULE:FUNCTION for Python, as
	// run.function does (a module of the program's folder, possibly
	// dotted; "heuristics.py:h" is read as heuristics:h); Class.method
	// for Java (the class possibly in a package, pkg.Board.manhattan),
	// compiled from Class.java with the folder as its source path.
	Target string
	// Language is LanguagePython or LanguageJava; empty means Python
	// when Target holds a colon, Java otherwise.
	Language string
	// Board is how a board is handed to the function (Board*); empty
	// means BoardAuto.
	Board string
	// Blank is how the blank is written: in a list a number stays a
	// number, "None" is Python's None (Java's null) and anything else a
	// string; in a string board it is the text of the blank ("_" gives
	// "12345678_"). Empty means found with the board: 0, unless the
	// function is 0 on the goal only with another of ProbeBlanks.
	Blank string
	// Separator joins the cells of a string board: "" when every tile
	// has one digit, " " otherwise, unless given (SeparatorSet).
	Separator    string
	SeparatorSet bool
	// Call, for Python, is an expression evaluated instead of
	// FUNCTION(board), in the module's namespace with board, goal (the
	// goal in the same shape), rows and cols bound: "h(Node(board))",
	// "manhattan(board, goal)".
	Call string
	// Interpreter runs a Python harness: "python3" when empty.
	Interpreter string
}

// fileModuleTarget is MODULE:FUNCTION with a module named after a file
// that is no Python identifier (8puzzle.py, a-star.py): importlib imports
// it all the same, and students name their files so.
var fileModuleTarget = regexp.MustCompile(`^[A-Za-z0-9_][A-Za-z0-9_-]*(\.[A-Za-z0-9_][A-Za-z0-9_-]*)*:[A-Za-z_][A-Za-z0-9_]*$`)

// javaTarget is Class.method, the class possibly in a package.
var javaTarget = regexp.MustCompile(`^([A-Za-z_$][A-Za-z0-9_$]*\.)*[A-Za-z_$][A-Za-z0-9_$]*\.[A-Za-z_$][A-Za-z0-9_$]*$`)

// normalize fills in the defaults and checks the spec against shape s.
func (spec *FunctionSpec) normalize(s puzzles.Shape) error {
	spec.Target = strings.TrimSpace(spec.Target)
	if spec.Language == "" {
		spec.Language = LanguageJava
		if strings.Contains(spec.Target, ":") {
			spec.Language = LanguagePython
		}
	}
	switch spec.Language {
	case LanguagePython:
		if module, fn, ok := strings.Cut(spec.Target, ":"); ok && strings.HasSuffix(module, ".py") {
			spec.Target = strings.ReplaceAll(strings.TrimSuffix(module, ".py"), "/", ".") + ":" + fn
		}
		if !grader.ValidFunctionTarget(spec.Target) && !fileModuleTarget.MatchString(spec.Target) {
			return fmt.Errorf("function %q: expected MODULE:FUNCTION, such as heuristics:manhattan (the module heuristics.py of the program's folder)", spec.Target)
		}
		if spec.Interpreter == "" {
			spec.Interpreter = "python3"
		}
	case LanguageJava:
		if !javaTarget.MatchString(spec.Target) {
			return fmt.Errorf("method %q: expected Class.method, such as Board.manhattan or Heuristics.euclidean", spec.Target)
		}
		if spec.Call != "" {
			return errors.New("a call expression is for Python functions; a Java method is called on the board (static), on a new instance, or, without parameters, on an instance built from the board")
		}
	default:
		return fmt.Errorf("language %q: expected %s or %s", spec.Language, LanguagePython, LanguageJava)
	}
	if spec.Board == "" {
		spec.Board = BoardAuto
	}
	if spec.Board != BoardAuto && !slices.Contains(Boards(spec.Language), spec.Board) {
		return fmt.Errorf("board %q: expected %s or %s for a %s function", spec.Board, strings.Join(Boards(spec.Language), ", "), BoardAuto, spec.Language)
	}

	if !spec.SeparatorSet {
		spec.Separator = ""
		if s.Cells() > 10 {
			spec.Separator = " "
		}
	}
	return nil
}

// ProbeBlanks are the ways of writing the blank tried when
// FunctionSpec.Blank is empty, in order: course files name the blank 0,
// _, x, * or b, and programs None or a space.
var ProbeBlanks = []string{"0", "_", "x", "*", "b", "None", " "}

// shellQuote quotes s for /bin/sh.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// line is the command that runs the harness with the board handed over
// as board (a shape, or "probe:..." to try several) and the blank
// written blank.
func (spec FunctionSpec) line(board, blank string) string {
	if spec.Language == LanguageJava {
		class, method := splitMethod(spec.Target)
		// The class's file where its package puts it (pkg/Board.java), or
		// else the first file of its name anywhere in the folder (a
		// package declared in a file kept at the top).
		source := strings.ReplaceAll(class, ".", "/") + ".java"
		file := class[strings.LastIndexByte(class, '.')+1:] + ".java"
		find := fmt.Sprintf(`src=%s; [ -f "$src" ] || src=$(find . -name %s -type f | head -n 1); [ -n "$src" ] || src=%s; `, shellQuote(source), shellQuote(file), shellQuote(source))
		build := find + "javac -J" + strings.Join(jvmFlags, " -J") + " -encoding UTF-8 -nowarn -cp '.:*' -sourcepath . -d . " + MethodHarnessFile + ` "$src"`
		// Compiled once per working folder; the first error is the last
		// line on stderr, which a failed run's message shows.
		return fmt.Sprintf("{ [ -f KpuzzleHeuristic.class ] || { %s > kpuzzle-javac.log 2>&1 || { cat kpuzzle-javac.log >&2; echo \"kpuzzle: ${src#./} did not compile: $(grep -m1 'error' kpuzzle-javac.log)\" >&2; exit 1; }; }; } && %s %s %s %s %s",
			build, strings.Replace(JavaCommand("KpuzzleHeuristic"), "java ", "java -cp '.:*' ", 1),
			shellQuote(class), shellQuote(method), shellQuote(board), shellQuote(blank)+" "+shellQuote(spec.Separator))
	}
	l := fmt.Sprintf("%s %s %s %s %s %s", spec.Interpreter, FunctionHarnessFile, shellQuote(spec.Target), shellQuote(board), shellQuote(blank), shellQuote(spec.Separator))
	if spec.Call != "" {
		l += " " + shellQuote(spec.Call)
	}
	return l
}

// kind is "function" for Python, "method" for Java.
func (spec FunctionSpec) kind() string {
	if spec.Language == LanguageJava {
		return "method"
	}
	return "function"
}

// splitMethod splits Class.method at its last dot.
func splitMethod(target string) (class, method string) {
	i := strings.LastIndexByte(target, '.')
	return target[:i], target[i+1:]
}

// harnessFiles are the files a function's working folder gets: for
// Python the grader's function harness (as its function interface copies
// it into a submission) and the auditor's; for Java the auditor's.
func (spec FunctionSpec) harnessFiles() ([]File, error) {
	var names []grader.Harness
	if spec.Language == LanguagePython {
		names = append(names, grader.RunStep{Function: spec.Target}.Kind().HarnessFiles()...)
		names = append(names, grader.Harness{Template: "audit/heuristic_function.py", Name: FunctionHarnessFile})
	} else {
		names = append(names, grader.Harness{Template: "audit/KpuzzleHeuristic.java", Name: MethodHarnessFile})
	}
	var files []File
	for _, h := range names {
		text, err := templates.Read(h.Template)
		if err != nil {
			return nil, fmt.Errorf("heuristic function: harness %s: %w", h.Template, err)
		}
		files = append(files, File{Name: h.Name, Data: []byte(text)})
	}
	return files, nil
}

// NewFunction prepares a student's heuristic function or method for
// auditing. It copies opts.Dir as NewCommand does and writes kpuzzle's
// harness beside the student's files; the harness reads the audit
// protocol's states, makes each a board of the shape spec.Board names,
// calls the function in the sandbox (the student's prints and input()
// kept away from the protocol) and writes the values. With BoardAuto it
// first calls the function on a few states (the goal, its neighbours,
// four random ones) in every shape and keeps the one that gives numbers
// that are not all the same; when two such shapes disagree it asks for
// spec.Board. The Command it returns is the Source to audit: its Name is
// "function: TARGET" and its Origin names the function and the call.
func NewFunction(ctx context.Context, spec FunctionSpec, g puzzles.Goal, opts CommandOptions) (*Command, error) {
	if err := spec.normalize(g.Shape()); err != nil {
		return nil, err
	}
	files, err := spec.harnessFiles()
	if err != nil {
		return nil, err
	}
	opts.Files = append(opts.Files, files...)
	if spec.Language == LanguageJava {
		// Few malloc arenas: with one per thread, javac's address space
		// outgrows the sandbox's default 1 GiB limit.
		opts.Env = append(slices.Clone(opts.Env), "MALLOC_ARENA_MAX=2")
	}
	c, err := NewCommand(spec.line(spec.Board, spec.Blank), g, opts)
	if err != nil {
		return nil, err
	}
	c.name = spec.kind() + ": " + spec.Target
	c.origin.Kind, c.origin.Function, c.origin.Command = OriginKindFunction, spec.Target, ""
	board, blank, call, err := c.probe(ctx, spec)
	if err != nil {
		c.Close()
		return nil, err
	}
	c.line = spec.line(board, blank)
	c.origin.Call = call
	if spec.Language == LanguageJava {
		if err := c.shareClasses(); err != nil {
			c.Close()
			return nil, err
		}
	}
	return c, nil
}

// shareClasses copies the classes the probe compiled in its working
// folder into the others, so that javac runs once, not once per folder.
func (c *Command) shareClasses() error {
	from := -1
	for i := range c.uids {
		if _, err := os.Stat(filepath.Join(c.slotDir(i), "KpuzzleHeuristic.class")); err == nil {
			from = i
			break
		}
	}
	if from < 0 {
		return nil
	}
	src := c.slotDir(from)
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() || !strings.HasSuffix(p, ".class") {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		for i := range c.uids {
			if i == from {
				continue
			}
			target := filepath.Join(c.slotDir(i), rel)
			if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
				return err
			}
			if err := writeFile(target, data, c.uids[i]); err != nil {
				return err
			}
		}
		return nil
	})
}

// probeStates are the states a function is first called on: the goal,
// its neighbours and four random states (seeded).
func probeStates(g puzzles.Goal) [][]uint8 {
	states := [][]uint8{g.Board().Bytes()}
	for _, st := range g.Board().Neighbors() {
		states = append(states, st.Board.Bytes())
	}
	rng := puzzles.NewRand(34)
	for range 4 {
		states = append(states, puzzles.RandomSolvable(rng, g).Bytes())
	}
	return states
}

// probeResult is what one board shape, with one way of writing the
// blank, gave on the probe states.
type probeResult struct {
	shape, blank string
	ok           bool
	values       []string // ok: the values, as printed
	err          string   // not ok: why
}

// probe calls the function on the probe states in the shapes spec.Board
// allows, with the blanks spec.Blank allows, and returns the shape and
// blank to use and how the function is called ("manhattan(board), the
// board a list of rows").
func (c *Command) probe(ctx context.Context, spec FunctionSpec) (board, blank, call string, err error) {
	shapes := []string{spec.Board}
	if spec.Board == BoardAuto && spec.Language == LanguagePython {
		shapes = Boards(LanguagePython)
	}
	blanks := []string{spec.Blank}
	if spec.Blank == "" {
		blanks = ProbeBlanks
	}
	states := probeStates(c.goal)
	stdout, err := c.exec(ctx, spec.line("probe:"+strings.Join(shapes, ",")+"|"+strings.Join(blanks, "|"), blanks[0]), states)
	if err != nil {
		return "", "", "", err
	}
	call, results := parseProbe(stdout, blanks)
	chosen, err := chooseBoard(spec, results, len(states))
	if err != nil {
		return "", "", "", fmt.Errorf("heuristic %s %s, called on %d states (the goal, its neighbours and 4 random states): %w",
			spec.kind(), spec.Target, len(states), err)
	}
	if call == "" {
		call = fmt.Sprintf("%s(board)", spec.Target[strings.IndexByte(spec.Target, ':')+1:])
		if spec.Call != "" {
			call = spec.Call
		}
	}
	how := boardPhrase[chosen.shape]
	if chosen.shape == BoardString {
		how = fmt.Sprintf("a string, cells joined by %q", spec.Separator)
	}
	if spec.Language == LanguagePython {
		call = fmt.Sprintf("%s, the board %s", call, how)
	} else if chosen.shape == BoardString {
		call = fmt.Sprintf("%s, cells joined by %q", call, spec.Separator)
	}
	if chosen.blank != "0" {
		call += fmt.Sprintf(", the blank written %q", chosen.blank)
	}
	var found []string
	if spec.Board == BoardAuto && spec.Language == LanguagePython {
		found = append(found, "--board auto")
	}
	if spec.Blank == "" && chosen.blank != "0" {
		found = append(found, "the first blank on which h(goal) = 0")
	}
	if len(found) > 0 {
		call += " (found by " + strings.Join(found, "; ") + ")"
	}
	return chosen.shape, chosen.blank, call, nil
}

// parseProbe reads a probe run's output: a "call DESCRIPTION" line and,
// per shape and blank, "SHAPE#I ok V V ..." or "SHAPE#I error MESSAGE"
// (I indexes blanks). Lines of any other form are skipped, and a value
// that is not a number makes its shape fail: the student's code runs in
// the process that writes them.
func parseProbe(stdout []byte, blanks []string) (call string, results []probeResult) {
	for _, l := range strings.Split(strings.TrimSpace(string(stdout)), "\n") {
		head, rest, _ := strings.Cut(l, " ")
		if head == "call" {
			call = strings.TrimSpace(rest)
			continue
		}
		shape, index, found := strings.Cut(head, "#")
		i, err := strconv.Atoi(index)
		if !found || err != nil || i < 0 || i >= len(blanks) || !slices.Contains(Boards(LanguagePython), shape) {
			continue
		}
		r := probeResult{shape: shape, blank: blanks[i]}
		switch verdict, detail, _ := strings.Cut(rest, " "); verdict {
		case "ok":
			r.ok, r.values = true, strings.Fields(detail)
			for _, v := range r.values {
				if _, err := ParseNumber(v); err != nil {
					r.ok, r.values, r.err = false, nil, fmt.Sprintf("it gave %q, not a number", clip(v))
					break
				}
			}
		case "error":
			r.err = detail
		default:
			continue
		}
		results = append(results, r)
	}
	return call, results
}

// boardPhrase says how a shape hands a board over.
var boardPhrase = map[string]string{
	BoardRows: "a list of rows", BoardFlat: "a flat list", BoardTuple: "a tuple of rows",
	BoardFlatTuple: "a flat tuple", BoardString: "a string", BoardNumpy: "a numpy array of rows",
}

// ErrBoardShape is wrapped by the errors of a function whose board shape
// cannot be settled.
var ErrBoardShape = errors.New("no board shape fits the function")

// chooseBoard picks the shape and the blank: among the results that gave
// numbers on every probe state, those 0 on the goal (the first probe
// state) when any is, then the first blank in order (0 first), then the
// shapes whose values are not all equal when any are (a function handed
// the wrong shape often gives the same number everywhere), the first of
// them; two such shapes that disagree are ambiguous.
func chooseBoard(spec FunctionSpec, results []probeResult, n int) (probeResult, error) {
	if n <= 0 {
		return probeResult{}, fmt.Errorf("%w: no state to call it on", ErrBoardShape)
	}
	var ok []probeResult
	var failed []string
	for _, r := range results {
		if !r.ok || len(r.values) != n {
			if r.blank == results[0].blank {
				failed = append(failed, fmt.Sprintf("as %s: %s", r.shape, r.err))
			}
			continue
		}
		ok = append(ok, r)
	}
	if len(ok) == 0 {
		hint := "; --board chooses the shape, --blank the blank's symbol"
		if spec.Language == LanguagePython {
			hint += ", and --call an expression for anything else (a node object: --call 'h(Node(board))')"
		}
		return probeResult{}, fmt.Errorf("%w: %s%s", ErrBoardShape, strings.Join(failed, "; "), hint)
	}
	if zero := slices.DeleteFunc(slices.Clone(ok), func(r probeResult) bool {
		v, err := strconv.ParseFloat(r.values[0], 64)
		return err != nil || v != 0
	}); len(zero) > 0 {
		ok = zero
	}
	blank := ok[0].blank
	for _, r := range ok {
		if slices.Index(ProbeBlanks, r.blank) < slices.Index(ProbeBlanks, blank) {
			blank = r.blank
		}
	}
	ok = slices.DeleteFunc(ok, func(r probeResult) bool { return r.blank != blank })
	candidates := ok
	if varying := slices.DeleteFunc(slices.Clone(ok), func(r probeResult) bool {
		return !slices.ContainsFunc(r.values, func(v string) bool { return v != r.values[0] })
	}); len(varying) > 0 {
		candidates = varying
	}
	first := candidates[0]
	for _, r := range candidates[1:] {
		if !slices.Equal(r.values, first.values) {
			return probeResult{}, fmt.Errorf("%w: as %s it gives %s, as %s %s on the same states; --board %s or --board %s says which it takes",
				ErrBoardShape, first.shape, strings.Join(first.values, " "), r.shape, strings.Join(r.values, " "), first.shape, r.shape)
		}
	}
	return first, nil
}
