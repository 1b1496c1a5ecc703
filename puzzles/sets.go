package puzzles

import (
	"bufio"
	"bytes"
	"embed"
	"fmt"
	"github.com/kpuzzle/kpuzzle/puzzles/suggest"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"
)

// The published data behind the standard sets, copied verbatim.
//
//go:embed sets
var setFiles embed.FS

// Set is a named collection of puzzles with, where published, their
// optimal solution lengths.
type Set struct {
	Name        string
	Description string
	// GoalName is the goal every instance is posed against ("default" or
	// "blank-first").
	GoalName  string
	Instances []Instance
}

// Instance is one puzzle of a set.
type Instance struct {
	// Name identifies the instance within its set (a number or a file
	// name).
	Name  string
	Board Board
	// Optimal is the optimal solution length, or -1 when the set's source
	// does not give one.
	Optimal int
	// Proof says where Optimal comes from: a publication, or how kpuzzle
	// proved it for a generated set. Empty when Optimal is -1.
	Proof string
	// Text is the puzzle file as shipped, for sets shipped as files (nil
	// for sets listed one board per line), and Format its layout: an
	// export in that layout writes the file byte for byte, line ends
	// included.
	Text   []byte
	Format Format
}

// Goal is the goal the set poses its instances against, on the instance's
// shape.
func (s Set) Goal(inst Instance) Goal {
	g, err := GoalByName(s.GoalName, inst.Board.Shape())
	if err != nil {
		panic("puzzles: set " + s.Name + ": " + err.Error())
	}
	return g
}

// SetInfo describes a shipped set without loading it.
type SetInfo struct {
	Name        string `json:"name"`
	Description string `json:"description"`
	Goal        string `json:"goal"`
	Source      string `json:"source"`
}

type setDef struct {
	SetInfo
	load func(def setDef) ([]Instance, error)
}

// setDefs are the shipped sets. The table is a function, not a
// variable, so that a program that loads no set (the browser checker's
// WebAssembly module) links neither the sets' files nor their readers.
func setDefs() []setDef {
	return []setDef{
		{SetInfo{"korf100", "Korf's 100 random 15-puzzle instances (1985) with optimal lengths", GoalBlankFirst, "sets/korf100.txt"}, cellsWithLength},
		{SetInfo{"korf100-blank-last", "Korf's 100 instances re-expressed for the default goal (rotated 180 degrees, tile t relabelled 16-t)", GoalDefault, "sets/korf100-blank-last.txt"}, cellsWithLength},
		{SetInfo{"korf24", "Korf & Felner's 50 random 24-puzzle instances with optimal lengths", GoalBlankFirst, "sets/korf24-50.txt"}, cellsWithLength},
		{SetInfo{"hard80", "16 of the 17 15-puzzle positions that need 80 moves, the maximum", GoalDefault, "sets/hard80.txt"}, cellsAtLength(80)},
		{SetInfo{"8puzzle-hardest", "the two 8-puzzle positions farthest from the goal (31 moves)", GoalDefault, "sets/depths_3x3.txt"}, hardest},
		{SetInfo{"2x3-hardest", "the 2x3 position farthest from the goal (21 moves)", GoalDefault, "sets/depths_2x3.txt"}, hardest},
		{SetInfo{"2x4-hardest", "the 2x4 position farthest from the goal (36 moves)", GoalDefault, "sets/depths_2x4.txt"}, hardest},
		{SetInfo{"3x4-hardest", "the 18 3x4 positions farthest from the goal (53 moves)", GoalDefault, "sets/depths_3x4.txt"}, hardest},
		{SetInfo{"cs3243-public", "the public test inputs of NUS CS3243's k-puzzle assignment (3x3, 4x4, 5x5; three unsolvable)", GoalDefault, "sets/cs3243-public"}, puzzleDir},
		{SetInfo{"5x5-deep", "16 24-puzzle boards at optimal depths 40 to 70, every second depth, keys proved with pdb:6666 by kpuzzle gen: course-sized boards whose proofs take seconds, where weak heuristics run out of time", GoalDefault, "sets/5x5-deep"}, manifestSet},
		{SetInfo{"starter", "a graded starter set like a course's public tests: four 3x3, 4x4 and 5x5 puzzles each at depths 9-27 and one unsolvable per size, keys proved by kpuzzle gen", GoalDefault, "sets/starter"}, manifestSet},
	}
}

// Sets lists the shipped sets.
func Sets() []SetInfo {
	out := make([]SetInfo, len(setDefs()))
	for i, d := range setDefs() {
		out[i] = d.SetInfo
	}
	return out
}

// LoadSet loads the shipped set called name.
func LoadSet(name string) (Set, error) {
	for _, d := range setDefs() {
		if d.Name == name {
			inst, err := d.load(d)
			if err != nil {
				return Set{}, fmt.Errorf("set %s: %w", name, err)
			}
			return Set{Name: d.Name, Description: d.Description, GoalName: d.Goal, Instances: inst}, nil
		}
	}
	names := make([]string, len(setDefs()))
	for i, d := range setDefs() {
		names[i] = d.Name
	}
	return Set{}, fmt.Errorf("no shipped set %q; the sets are %s%s", name, strings.Join(names, ", "), suggest.Phrase(name, names))
}

// dataLines returns the non-comment, non-blank lines of an embedded file
// with their line numbers.
func dataLines(file string) ([]line, error) {
	data, err := setFiles.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var out []line
	sc := bufio.NewScanner(bytes.NewReader(data))
	for no := 1; sc.Scan(); no++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		out = append(out, line{no: no, toks: tokenize(text)})
	}
	return out, sc.Err()
}

func squareBoard(file string, l line, toks []token) (Board, error) {
	text := make([]string, len(toks))
	for i, t := range toks {
		text[i] = t.text
	}
	b, err := ParseBoard(strings.NewReader(strings.Join(text, " ")), file)
	if err != nil {
		return Board{}, fmt.Errorf("line %d: %w", l.no, err)
	}
	return b, nil
}

func cellsWithLength(def setDef) ([]Instance, error) {
	lines, err := dataLines(def.Source)
	if err != nil {
		return nil, err
	}
	out := make([]Instance, 0, len(lines))
	for i, l := range lines {
		n := len(l.toks)
		b, err := squareBoard(def.Source, l, l.toks[:n-1])
		if err != nil {
			return nil, err
		}
		length, err := strconv.Atoi(l.toks[n-1].text)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: optimal length %q is not a number", def.Source, l.no, l.toks[n-1].text)
		}
		out = append(out, Instance{Name: strconv.Itoa(i + 1), Board: b, Optimal: length, Proof: "published: " + def.Description})
	}
	return out, nil
}

func cellsAtLength(length int) func(setDef) ([]Instance, error) {
	return func(def setDef) ([]Instance, error) {
		lines, err := dataLines(def.Source)
		if err != nil {
			return nil, err
		}
		out := make([]Instance, 0, len(lines))
		for i, l := range lines {
			b, err := squareBoard(def.Source, l, l.toks)
			if err != nil {
				return nil, err
			}
			out = append(out, Instance{Name: strconv.Itoa(i + 1), Board: b, Optimal: length, Proof: "published: " + def.Description})
		}
		return out, nil
	}
}

func hardest(def setDef) ([]Instance, error) {
	t, err := readDepthTable(def.Source)
	if err != nil {
		return nil, err
	}
	out := make([]Instance, len(t.Hardest))
	for i, b := range t.Hardest {
		out[i] = Instance{Name: strconv.Itoa(i + 1), Board: b, Optimal: t.MaxDepth(), Proof: "published: exhaustive breadth-first search of " + t.Shape.String()}
	}
	return out, nil
}

func puzzleDir(def setDef) ([]Instance, error) {
	var out []Instance
	err := fs.WalkDir(setFiles, def.Source, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasPrefix(path.Base(p), "input_") {
			return err
		}
		data, err := setFiles.ReadFile(p)
		if err != nil {
			return err
		}
		name := strings.TrimPrefix(p, def.Source+"/")
		b, f, err := ParseBoardFormat(bytes.NewReader(data), name)
		if err != nil {
			return err
		}
		out = append(out, Instance{Name: name, Board: b, Optimal: -1, Text: data, Format: f})
		return nil
	})
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, err
}

// manifestSet reads a set folder written by kpuzzle gen: its manifest
// lists the files in order with their proved optimal lengths.
func manifestSet(def setDef) ([]Instance, error) {
	name := def.Source + "/" + ManifestFile
	data, err := setFiles.ReadFile(name)
	if err != nil {
		return nil, err
	}
	m, err := ParseManifest(data, name)
	if err != nil {
		return nil, err
	}
	out := make([]Instance, 0, len(m.Puzzles))
	for _, e := range m.Puzzles {
		data, err := setFiles.ReadFile(def.Source + "/" + e.File)
		if err != nil {
			return nil, err
		}
		b, f, err := ParseBoardFormat(bytes.NewReader(data), e.File)
		if err != nil {
			return nil, err
		}
		inst := Instance{Name: e.File, Board: b, Optimal: -1, Text: data, Format: f}
		if e.OptimalLength != nil {
			inst.Optimal = *e.OptimalLength
			inst.Proof = e.Proof
		}
		out = append(out, inst)
	}
	return out, nil
}

// DepthTable is a published count of the states at each distance from the
// default goal of a small board, from an exhaustive breadth-first search.
type DepthTable struct {
	Shape Shape
	// Counts[d] is the number of states exactly d moves from the goal.
	Counts []int64
	// Hardest lists the states at the maximum distance that the source
	// names (not always all of them).
	Hardest []Board
}

// MaxDepth is the largest distance of any state from the goal.
func (t DepthTable) MaxDepth() int { return len(t.Counts) - 1 }

// Reachable is the number of states that can reach the goal.
func (t DepthTable) Reachable() int64 {
	var n int64
	for _, c := range t.Counts {
		n += c
	}
	return n
}

// PublishedDepths returns the shipped depth table of shape s (2x3, 2x4,
// 3x3 and 3x4 are shipped), for the default goal.
func PublishedDepths(s Shape) (DepthTable, bool) {
	t, err := readDepthTable(fmt.Sprintf("sets/depths_%dx%d.txt", s.Rows, s.Cols))
	if err != nil {
		return DepthTable{}, false
	}
	return t, true
}

func readDepthTable(file string) (DepthTable, error) {
	data, err := setFiles.ReadFile(file)
	if err != nil {
		return DepthTable{}, err
	}
	var t DepthTable
	if _, err := fmt.Sscanf(path.Base(file), "depths_%dx%d.txt", &t.Shape.Rows, &t.Shape.Cols); err != nil {
		return DepthTable{}, fmt.Errorf("%s: name does not say the shape", file)
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for no := 1; sc.Scan(); no++ {
		text := strings.TrimSpace(sc.Text())
		if rest, ok := strings.CutPrefix(text, "# max-depth state:"); ok {
			l := line{no: no, toks: tokenize(rest)}
			b, err := rowsOf(file, l, t.Shape)
			if err != nil {
				return DepthTable{}, err
			}
			t.Hardest = append(t.Hardest, b)
			continue
		}
		f := strings.Fields(text)
		if len(f) != 3 || strings.HasPrefix(text, "#") {
			continue
		}
		d, err1 := strconv.Atoi(f[0])
		c, err2 := strconv.ParseInt(f[1], 10, 64)
		if err1 != nil || err2 != nil {
			continue // the header line "depth count cumulative"
		}
		if d != len(t.Counts) {
			return DepthTable{}, fmt.Errorf("%s:%d: depth %d out of order", file, no, d)
		}
		t.Counts = append(t.Counts, c)
	}
	return t, sc.Err()
}

func rowsOf(file string, l line, s Shape) (Board, error) {
	cells := make([]int, len(l.toks))
	for i, tk := range l.toks {
		n, err := strconv.Atoi(tk.text)
		if err != nil {
			return Board{}, fmt.Errorf("%s:%d: %q is not a number", file, l.no, tk.text)
		}
		cells[i] = n
	}
	b, err := NewBoard(s, cells)
	if err != nil {
		return Board{}, fmt.Errorf("%s:%d: %w", file, l.no, err)
	}
	return b, nil
}

// SetRefPrefix starts a puzzle argument that names an instance of a
// shipped set instead of a file: set:korf100/1, set:8puzzle-hardest/2.
const SetRefPrefix = "set:"

// LookupInstance finds the instance "NAME/ID" (a set reference without
// SetRefPrefix) among the shipped sets, and returns its set and board;
// the instance is posed against the set's goal (Set.GoalName) unless the
// caller says otherwise.
func LookupInstance(ref string) (Set, Board, error) {
	name, id, ok := strings.Cut(ref, "/")
	if !ok || id == "" {
		return Set{}, Board{}, fmt.Errorf("%s%s: expected set:NAME/ID, for example set:korf100/1", SetRefPrefix, ref)
	}
	set, err := LoadSet(name)
	if err != nil {
		return Set{}, Board{}, err
	}
	for _, inst := range set.Instances {
		if inst.Name == id {
			return set, inst.Board, nil
		}
	}
	return Set{}, Board{}, fmt.Errorf("set %s has no instance %q (it has %d; `kpuzzle sets show %s` lists them)", name, id, len(set.Instances), name)
}
