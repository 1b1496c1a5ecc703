package grader

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/kpuzzle/kpuzzle/grader/check"
	"github.com/kpuzzle/kpuzzle/puzzles"
)

// Test is one puzzle of an assignment: a file of the puzzle set with its
// goal and what the answer key says about it.
type Test struct {
	// Number is the 1-based position of the test in the set.
	Number int
	// Name is the puzzle file's path relative to the set's folder, with
	// forward slashes (for example "n_equals_3/input_1.txt").
	Name string
	// File is the puzzle file on disk.
	File  string
	Board puzzles.Board
	Goal  puzzles.Goal
	// Solvable is the parity rule's verdict.
	Solvable bool
	// Optimum is the answer key's optimal length, when it has one.
	Optimum check.Optimum
	// Hidden marks a test whose details students do not see.
	Hidden bool
}

// Problem is the test as posed to a student writing moves under c.
func (t Test) Problem(c puzzles.Convention) check.Problem {
	return check.Problem{Board: t.Board, Goal: t.Goal, Convention: c, Optimum: t.Optimum}
}

// PuzzleSet says where an assignment's puzzles are: a folder with a
// manifest.json (as `kpuzzle gen` writes), or files in a folder matching a
// glob, or both (the glob picks the files, the manifest gives their
// answer keys).
type PuzzleSet struct {
	// Dir is the set's folder.
	Dir string `mapstructure:"dir" json:"dir"`
	// Manifest is the manifest file; default Dir/manifest.json when it
	// exists.
	Manifest string `mapstructure:"manifest" json:"manifest,omitempty"`
	// Glob selects puzzle files inside Dir (for example
	// "n_equals_*/input_*.txt"); when empty, the manifest lists the tests.
	Glob string `mapstructure:"glob" json:"glob,omitempty"`
	// Hidden hides every test of the set from students, besides those its
	// manifest marks hidden.
	Hidden bool `mapstructure:"hidden" json:"hidden,omitempty"`
	// Name prefixes the test names of a further set in Extra ("private"
	// gives "private/input_1.txt"); default the base name of its Dir.
	// The main set's tests are not prefixed.
	Name string `mapstructure:"name" json:"name,omitempty"`
	// Extra are further puzzle sets graded with this one, each with its
	// own folder, manifest and glob: a course's public inputs beside
	// private hidden ones, for example. Their tests follow the main set's.
	Extra []PuzzleSet `mapstructure:"extra" json:"extra,omitempty"`
}

// Sources are the set itself (without its Extra) followed by its further
// sets, each with Name filled in.
func (s PuzzleSet) Sources() []PuzzleSet {
	main := s
	main.Extra = nil
	out := []PuzzleSet{main}
	for _, e := range s.Extra {
		if e.Name == "" {
			e.Name = filepath.Base(filepath.Clean(e.Dir))
		}
		out = append(out, e)
	}
	return out
}

// LoadTests reads the puzzle set. goalSpec is the assignment's goal:
// "default", "blank-first", a goal file, or "" to take the manifest's goal
// (the default goal when there is none). Answer keys are cross-checked as
// they are read: an entry whose solvability disagrees with the parity
// rule, or whose solution is illegal, misses the goal or is not as long
// as its optimal length, is an error wrapping ErrKeyContradiction.
//
// The tests of set.Extra follow the set's own, their names prefixed with
// each further set's Name; tests are numbered in that order.
func LoadTests(set PuzzleSet, goalSpec string) ([]Test, error) {
	var tests []Test
	seen := map[string]string{}
	for i, src := range set.Sources() {
		part, err := loadSource(src, goalSpec, i > 0)
		if err != nil {
			return nil, err
		}
		for _, t := range part {
			if prev, ok := seen[t.Name]; ok {
				return nil, &ConfigError{Key: "puzzles.extra", Msg: fmt.Sprintf("two puzzle sets give a test named %s (%s and %s); set a different name for the further set", t.Name, prev, t.File)}
			}
			seen[t.Name] = t.File
			t.Number = len(tests) + 1
			tests = append(tests, t)
		}
	}
	return tests, nil
}

// loadSource reads one puzzle set without its Extra; prefixed sets get
// test names under their Name.
func loadSource(set PuzzleSet, goalSpec string, prefixed bool) ([]Test, error) {
	if set.Dir == "" {
		return nil, &ConfigError{Key: "puzzles.dir", Msg: "missing; expected the folder of the puzzle set"}
	}
	var (
		man     *puzzles.Manifest
		manPath = set.Manifest
	)
	if manPath == "" {
		manPath = filepath.Join(set.Dir, puzzles.ManifestFile)
		if _, err := os.Stat(manPath); errors.Is(err, fs.ErrNotExist) {
			manPath = ""
		}
	}
	if manPath != "" {
		m, err := puzzles.ReadManifest(manPath)
		if err != nil {
			return nil, err
		}
		man = &m
	}
	if man == nil && set.Glob == "" {
		return nil, &ConfigError{Key: "puzzles", Msg: fmt.Sprintf("%s has no %s; set puzzles.glob to pick the puzzle files", set.Dir, puzzles.ManifestFile)}
	}

	entries := map[string]puzzles.ManifestEntry{}
	manDir := set.Dir
	if man != nil {
		manDir = filepath.Dir(manPath)
		for _, e := range man.Puzzles {
			entries[filepath.Clean(filepath.Join(manDir, e.File))] = e
		}
	}

	var files []string
	if set.Glob != "" {
		badPattern := &ConfigError{Key: "puzzles.glob", Msg: fmt.Sprintf("%q is not a pattern (an unclosed [ or a trailing \\); expected a shell pattern such as \"*.txt\"", set.Glob)}
		if _, err := path.Match(set.Glob, ""); err != nil {
			return nil, badPattern
		}
		matches, err := filepath.Glob(filepath.Join(set.Dir, filepath.FromSlash(set.Glob)))
		if err != nil {
			return nil, badPattern
		}
		sort.Strings(matches)
		for _, f := range matches {
			if st, err := os.Stat(f); err == nil && st.Mode().IsRegular() && filepath.Base(f) != puzzles.ManifestFile {
				files = append(files, filepath.Clean(f))
			}
		}
		if len(files) == 0 {
			return nil, &ConfigError{Key: "puzzles.glob", Msg: fmt.Sprintf("%q matches no file in %s", set.Glob, set.Dir)}
		}
	} else {
		for _, e := range man.Puzzles {
			files = append(files, filepath.Clean(filepath.Join(manDir, e.File)))
		}
		if len(files) == 0 {
			return nil, fmt.Errorf("%s: the manifest lists no puzzles", manPath)
		}
	}

	var manifestGoal string
	var solutionMoves puzzles.Convention
	if man != nil {
		manifestGoal = man.Goal
		solutionMoves, _ = puzzles.ParseConvention(man.Convention) // ParseManifest checked it
	}
	tests := make([]Test, 0, len(files))
	seen := map[string]bool{}
	for _, f := range files {
		rel, err := filepath.Rel(set.Dir, f)
		if err != nil || !filepath.IsLocal(rel) {
			rel = filepath.Base(f)
		}
		name := filepath.ToSlash(rel)
		if prefixed {
			name = set.Name + "/" + name
		}
		if seen[name] {
			return nil, fmt.Errorf("%s: puzzle %s is listed twice", manPath, name)
		}
		seen[name] = true
		b, err := puzzles.ReadBoardFile(f)
		if err != nil {
			return nil, err
		}
		g, err := setGoal(goalSpec, manifestGoal, manDir, b.Shape())
		if err != nil {
			return nil, err
		}
		t := Test{Number: len(tests) + 1, Name: name, File: f, Board: b, Goal: g, Solvable: puzzles.Solvable(b, g)}
		if e, ok := entries[f]; ok {
			o, err := keyOptimum(e, b, g, solutionMoves)
			if err != nil {
				return nil, fmt.Errorf("%s: puzzle %s: %w", manPath, e.File, err)
			}
			t.Optimum = o
			t.Hidden = e.Hidden
		}
		t.Hidden = t.Hidden || set.Hidden
		tests = append(tests, t)
	}
	return tests, nil
}

// setGoal resolves the goal of a puzzle of shape s. An assignment goal and
// a manifest goal must agree, since the answer key's lengths are for the
// manifest's goal.
func setGoal(assignment, manifest, manDir string, s puzzles.Shape) (puzzles.Goal, error) {
	if assignment == "" {
		if manifest == "" {
			return puzzles.DefaultGoal(s), nil
		}
		return puzzles.ResolveGoal(manifest, manDir, s)
	}
	g, err := puzzles.ResolveGoal(assignment, "", s)
	if err != nil {
		return puzzles.Goal{}, &ConfigError{Key: "goal", Msg: err.Error()}
	}
	if manifest != "" {
		mg, err := puzzles.ResolveGoal(manifest, manDir, s)
		if err != nil {
			return puzzles.Goal{}, err
		}
		if !mg.Board().Equal(g.Board()) {
			return puzzles.Goal{}, &ConfigError{Key: "goal", Msg: fmt.Sprintf("the assignment's goal is %s but the puzzle set's manifest says %s, and its answer key is for that goal", g.Name(), mg.Name())}
		}
	}
	return g, nil
}

// keyOptimum turns a manifest entry into an Optimum after checking it
// against the board: solvability by the parity rule, and the recorded
// solution by replaying it.
func keyOptimum(e puzzles.ManifestEntry, b puzzles.Board, g puzzles.Goal, c puzzles.Convention) (check.Optimum, error) {
	solvable := puzzles.Solvable(b, g)
	// A key that leaves "solvable" out leaves it to the parity rule.
	if !e.SolvableUnknown && e.Solvable != solvable {
		return check.Optimum{}, fmt.Errorf("%w: the key says solvable=%t but the parity rule says %t", check.ErrKeyContradiction, e.Solvable, solvable)
	}
	if !solvable {
		if e.OptimalLength != nil {
			return check.Optimum{}, fmt.Errorf("%w: the key gives an optimal length for an unsolvable puzzle", check.ErrKeyContradiction)
		}
		return check.Optimum{}, nil
	}
	if e.Solution != nil {
		a, err := puzzles.ParseAnswer(strings.NewReader(strings.Join(e.Solution, "\n")), "solution", puzzles.AnswerLimits{})
		if err != nil {
			return check.Optimum{}, fmt.Errorf("%w: solution: %v", check.ErrKeyContradiction, err)
		}
		final, err := puzzles.Replay(b, a, c)
		if err != nil {
			return check.Optimum{}, fmt.Errorf("%w: solution: %v", check.ErrKeyContradiction, err)
		}
		if !g.Reached(final) {
			return check.Optimum{}, fmt.Errorf("%w: the solution does not reach the goal", check.ErrKeyContradiction)
		}
		if e.OptimalLength != nil && a.Len() != *e.OptimalLength {
			return check.Optimum{}, fmt.Errorf("%w: the solution has %d moves but optimal_length is %d", check.ErrKeyContradiction, a.Len(), *e.OptimalLength)
		}
	}
	if e.OptimalLength == nil {
		return check.Optimum{Unknown: "the answer key gives no optimal length"}, nil
	}
	src := "answer key"
	if e.Proof != "" {
		src = "answer key: " + e.Proof
	}
	return check.KnownOptimum(*e.OptimalLength, src), nil
}

// Key is what the answer key of the puzzle set around a puzzle file says
// about it.
type Key struct {
	// Found is set when a manifest lists the file.
	Found bool
	// Manifest is the manifest that lists the file.
	Manifest string
	Optimum  check.Optimum
	Hidden   bool
	// Ignored says why a manifest that lists the file was not used (its
	// goal differs from the one the puzzle is checked against).
	Ignored string
}

// maxKeySearchDepth bounds how many folders above a puzzle FindKey looks
// for a manifest.
const maxKeySearchDepth = 4

// FindKey looks for the answer key of a puzzle file: a manifest.json in
// the file's folder, or in one of the few folders above it, that lists
// the file. The key is used only when its goal is g; it is cross-checked
// as LoadTests does.
func FindKey(puzzleFile string, b puzzles.Board, g puzzles.Goal) (Key, error) {
	abs, err := filepath.Abs(puzzleFile)
	if err != nil {
		return Key{}, err
	}
	dir := filepath.Dir(abs)
	for range maxKeySearchDepth {
		manPath := filepath.Join(dir, puzzles.ManifestFile)
		if m, err := puzzles.ReadManifest(manPath); err == nil {
			for _, e := range m.Puzzles {
				if filepath.Clean(filepath.Join(dir, e.File)) != abs {
					continue
				}
				k := Key{Found: true, Manifest: manPath, Hidden: e.Hidden}
				mg, err := setGoal("", m.Goal, dir, b.Shape())
				if err != nil {
					return Key{}, err
				}
				if !mg.Board().Equal(g.Board()) {
					k.Ignored = fmt.Sprintf("the answer key %s is for the %s goal, not %s", manPath, mg.Name(), g.Name())
					return k, nil
				}
				c, _ := puzzles.ParseConvention(m.Convention)
				o, err := keyOptimum(e, b, g, c)
				if err != nil {
					return Key{}, fmt.Errorf("%s: puzzle %s: %w", manPath, e.File, err)
				}
				k.Optimum = o
				return k, nil
			}
		} else if !errors.Is(err, fs.ErrNotExist) {
			return Key{}, err
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	return Key{}, nil
}
