package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/search"
)

// verifySetDir checks every entry of the set in dir by routes independent
// of the generator: solvability by the parity rule, each optimal length
// by bidirectional breadth-first search, each solution by replaying it.
func verifySetDir(t *testing.T, dir string) puzzles.Manifest {
	t.Helper()
	m, err := puzzles.ReadManifest(filepath.Join(dir, puzzles.ManifestFile))
	if err != nil {
		t.Fatal(err)
	}
	conv, err := puzzles.ParseConvention(m.Convention)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range m.Puzzles {
		b, err := puzzles.ReadBoardFile(filepath.Join(dir, e.File))
		if err != nil {
			t.Fatal(err)
		}
		g, err := puzzles.ManifestGoal(m, dir, b.Shape())
		if err != nil {
			t.Fatal(err)
		}
		if puzzles.Solvable(b, g) != e.Solvable {
			t.Errorf("%s: solvable=%v disagrees with the parity rule", e.File, e.Solvable)
			continue
		}
		if !e.Solvable || e.OptimalLength == nil {
			continue
		}
		res, err := search.Bidirectional(context.Background(), search.Problem{Start: b, Goal: g}, search.Options{})
		if err != nil {
			t.Fatalf("%s: %v", e.File, err)
		}
		if len(res.Path) != *e.OptimalLength {
			t.Errorf("%s: key %d, bidirectional breadth-first search %d", e.File, *e.OptimalLength, len(res.Path))
		}
		ans, err := puzzles.ParseAnswer(strings.NewReader(strings.Join(e.Solution, "\n")), e.File, puzzles.AnswerLimits{})
		if err != nil {
			t.Fatal(err)
		}
		if end, err := puzzles.Replay(b, ans, conv); err != nil || !g.Reached(end) || ans.Len() != *e.OptimalLength {
			t.Errorf("%s: the key's solution does not solve the board in %d moves (%v)", e.File, *e.OptimalLength, err)
		}
	}
	return m
}

func TestGenDepthStratified(t *testing.T) {
	out := filepath.Join(t.TempDir(), "set")
	r := kpuzzle(t, "", "gen", "--shape", "3x3", "--depth", "20-25", "--per-depth", "5", "--unsolvable", "2", "--seed", "1", "--out", out, "--json")
	if r.code != 0 {
		t.Fatalf("gen: %+v", r)
	}
	var got struct {
		Out       string `json:"out"`
		Shape     string `json:"shape"`
		Goal      string `json:"goal"`
		Moves     string `json:"moves"`
		Seed      uint64 `json:"seed"`
		Generator string `json:"generator"`
		Puzzles   []struct {
			File          string   `json:"file"`
			Solvable      bool     `json:"solvable"`
			OptimalLength *int     `json:"optimal_length"`
			Solution      []string `json:"solution"`
			Proof         string   `json:"proof"`
		} `json:"puzzles"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &got); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, r.stdout)
	}
	if got.Out != out || got.Shape != "3x3" || got.Goal != "default" || got.Moves != "tile" || got.Seed != 1 || len(got.Puzzles) != 32 {
		t.Errorf("header %+v with %d puzzles", got, len(got.Puzzles))
	}
	wantGen := "kpuzzle gen --shape 3x3 --depth 20-25 --per-depth 5 --unsolvable 2 --seed 1"
	if got.Generator != wantGen {
		t.Errorf("generator %q, want %q", got.Generator, wantGen)
	}
	depths := map[int]int{}
	for _, p := range got.Puzzles {
		if p.Solvable {
			depths[*p.OptimalLength]++
		}
	}
	if diff := cmp.Diff(map[int]int{20: 5, 21: 5, 22: 5, 23: 5, 24: 5, 25: 5}, depths); diff != "" {
		t.Errorf("puzzles per depth (-want +got):\n%s", diff)
	}
	m := verifySetDir(t, out)
	if len(m.Puzzles) != 32 {
		t.Errorf("manifest on disk lists %d puzzles", len(m.Puzzles))
	}
	// kpuzzle check takes the key from the manifest.
	answer := writeFile(t, t.TempDir(), "a.txt", strings.Join(got.Puzzles[0].Solution, "\n")+"\n")
	if r := kpuzzle(t, "", "check", filepath.Join(out, got.Puzzles[0].File), answer); r.code != 0 || !strings.Contains(r.stdout, "answer key") {
		t.Errorf("check with the key's own solution: %+v", r)
	}
}

func TestGenSameFilesWhateverTheJobs(t *testing.T) {
	args := []string{"gen", "--shape", "3x3,4x4", "--depth", "8-18", "--count", "6", "--unsolvable", "1", "--moves", "blank", "--goal", "blank-first", "--seed", "9"}
	dirs := map[string]string{}
	for _, jobs := range []string{"1", "3"} {
		out := filepath.Join(t.TempDir(), "set")
		if r := kpuzzle(t, "", append(args, "--jobs", jobs, "--out", out)...); r.code != 0 {
			t.Fatalf("--jobs %s: %+v", jobs, r)
		}
		dirs[jobs] = out
	}
	a, b := dirFiles(t, dirs["1"]), dirFiles(t, dirs["3"])
	if diff := cmp.Diff(a, b); diff != "" {
		t.Errorf("--jobs 1 and --jobs 3 differ (-1 +3):\n%s", diff)
	}
	if len(a) != 15 || a["3x3/puzzle_1.txt"] == "" || a["4x4/puzzle_7.txt"] == "" {
		t.Errorf("files %v, want 7 in each of 3x3/ and 4x4/ and the manifest", keysOf(a))
	}
	m := verifySetDir(t, dirs["1"])
	if m.Shape != "" || m.Goal != "blank-first" || m.Convention != "blank" {
		t.Errorf("manifest header %q %q %q, want mixed shapes, blank-first, blank", m.Shape, m.Goal, m.Convention)
	}
}

func keysOf(m map[string]string) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// dirFiles maps every file under root, by its slash-separated path, to
// its contents.
func dirFiles(t *testing.T, root string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		data, err := os.ReadFile(p)
		out[filepath.ToSlash(rel)] = string(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestGenShardsMergeToTheWholeSet runs a generation whole and as four
// shards, merges the shards, and compares the folders byte for byte.
func TestGenShardsMergeToTheWholeSet(t *testing.T) {
	args := []string{"gen", "--shape", "3x3,4x4", "--depth", "10-20", "--count", "9", "--unsolvable", "2", "--seed", "4"}
	whole := filepath.Join(t.TempDir(), "whole")
	if r := kpuzzle(t, "", append(args, "--out", whole)...); r.code != 0 {
		t.Fatalf("whole: %+v", r)
	}
	base := t.TempDir()
	var shards []string
	for i := 1; i <= 4; i++ {
		dir := filepath.Join(base, fmt.Sprint(i))
		r := kpuzzle(t, "", append(args, "--shard", fmt.Sprintf("%d/4", i), "--out", dir)...)
		if r.code != 0 || !strings.Contains(r.stdout, fmt.Sprintf("shard %d/4", i)) {
			t.Fatalf("shard %d: %+v", i, r)
		}
		shards = append(shards, dir)
	}
	merged := filepath.Join(t.TempDir(), "merged")
	r := kpuzzle(t, "", append([]string{"gen", "merge", "--out", merged}, shards...)...)
	if r.code != 0 || !strings.Contains(r.stdout, "merged 4 shards: 22 puzzles") {
		t.Fatalf("merge: %+v", r)
	}
	if diff := cmp.Diff(dirFiles(t, whole), dirFiles(t, merged)); diff != "" {
		t.Errorf("merged shards differ from the whole set (-whole +merged):\n%s", diff)
	}
	wantOneLineError(t, kpuzzle(t, "", "gen", "merge", "--out", t.TempDir(), shards[0], shards[2], shards[3]), "4 shards, 3 given")
	wantOneLineError(t, kpuzzle(t, "", "gen", "merge", "--out", t.TempDir(), whole), "not a shard")
	wantOneLineError(t, kpuzzle(t, "", "gen", "merge", "--out", t.TempDir(), filepath.Join(base, "nope")), "nope", "no such file")
}

func TestGenBadRequests(t *testing.T) {
	out := t.TempDir()
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{[]string{"--depth", "25-20"}, []string{"--depth", "empty"}},
		{[]string{"--depth", "x"}, []string{"--depth", "A-B"}},
		{[]string{"--per-depth", "3"}, []string{"--per-depth needs --depth"}},
		{[]string{"--depth", "3-5", "--walk", "9"}, []string{"--depth excludes"}},
		{[]string{"--depth", "3-5", "--per-depth", "2", "--count", "4"}, []string{"not both"}},
		{[]string{"--depth", "30-31", "--per-depth", "3"}, []string{"2 boards at depth 31"}},
		{[]string{"--depth", "28-33"}, []string{"largest depth is 31"}},
		{[]string{"--depth", "3-5", "--keys=false"}, []string{"--keys=false"}},
		{[]string{"--shard", "4/3"}, []string{"--shard", "numbered 1 to 3"}},
		{[]string{"--shard", "2"}, []string{"--shard", "i/n"}},
		{[]string{"--shape", "3x3,3x3"}, []string{"given twice"}},
		{[]string{"--shape", "3x3,4x4", "--goal", writeFile(t, out, "goal.txt", "1 2 3\n4 5 6\n7 8 0\n")}, []string{"goal file"}},
		{[]string{"--shape", "4x4", "--depth", "0-1", "--per-depth", "2"}, []string{"same board", "ask for fewer"}},
		{[]string{"--jobs", "0"}, []string{"--jobs"}},
		{[]string{"--count", "-1"}, []string{"negative"}},
	} {
		args := append([]string{"gen", "--out", filepath.Join(out, "x")}, tc.args...)
		wantOneLineError(t, kpuzzle(t, "", args...), tc.want...)
	}
}

// TestGenWithoutKeys keeps the plain generator: no proofs, no keys.
func TestGenWithoutKeys(t *testing.T) {
	out := filepath.Join(t.TempDir(), "set")
	if r := kpuzzle(t, "", "gen", "--shape", "5x5", "--count", "3", "--keys=false", "--out", out); r.code != 0 || !strings.Contains(r.stdout, "0 optimal lengths proved") {
		t.Fatalf("gen: %+v", r)
	}
	m := verifySetDir(t, out)
	for _, e := range m.Puzzles {
		if e.OptimalLength != nil {
			t.Errorf("%s has a key", e.File)
		}
	}
	if !strings.Contains(m.Generator, "--keys=false") {
		t.Errorf("generator %q does not record --keys=false", m.Generator)
	}
	if _, err := os.Stat(filepath.Join(out, "puzzle_1.txt")); err != nil {
		t.Errorf("file names: %v", err)
	}
}

// starterSetCommand is how the shipped set "starter" was generated; the
// test below regenerates it and compares.
var starterSetCommand = []string{"gen", "--shape", "3x3,4x4,5x5", "--depth", "6-30", "--count", "4", "--unsolvable", "1", "--seed", "2025"}

// TestShippedStarterSetIsKpuzzleGen regenerates the shipped "starter" set
// with the command recorded in its manifest, with no pattern database at
// hand (the keys' proof notes name linear conflict), and checks that the
// files are byte for byte the shipped ones and every key is right.
func TestShippedStarterSetIsKpuzzleGen(t *testing.T) {
	shipped := filepath.Join("..", "..", "puzzles", "sets", "starter")
	out := filepath.Join(t.TempDir(), "starter")
	args := append(append([]string(nil), starterSetCommand...), "--pdb-dir", t.TempDir(), "--out", out)
	if r := kpuzzle(t, "", args...); r.code != 0 {
		t.Fatalf("gen: %+v", r)
	}
	if diff := cmp.Diff(dirFiles(t, shipped), dirFiles(t, out)); diff != "" {
		t.Errorf("the shipped starter set is not what %v writes (-shipped +regenerated):\n%s", starterSetCommand, diff)
	}
	m := verifySetDir(t, shipped)
	if want := "kpuzzle " + strings.Join(starterSetCommand, " "); m.Generator != want {
		t.Errorf("generator %q, want %q", m.Generator, want)
	}
	set, err := puzzles.LoadSet("starter")
	if err != nil {
		t.Fatal(err)
	}
	if len(set.Instances) != len(m.Puzzles) {
		t.Fatalf("LoadSet: %d instances, the manifest %d", len(set.Instances), len(m.Puzzles))
	}
	for i, inst := range set.Instances {
		e := m.Puzzles[i]
		want := -1
		if e.OptimalLength != nil {
			want = *e.OptimalLength
		}
		if inst.Name != e.File || inst.Optimal != want {
			t.Errorf("instance %s (optimal %d), manifest %s (%d)", inst.Name, inst.Optimal, e.File, want)
		}
	}
}

// TestGenHelpSaysHowLargeBoardsAreDrawn checks gen --help against what a
// large-board generation records: each board at a depth comes from a
// random walk, cut on its optimal solution to that depth, and the
// manifest's seed says so in the form the help shows.
func TestGenHelpSaysHowLargeBoardsAreDrawn(t *testing.T) {
	help := kpuzzle(t, "", "gen", "--help").stdout
	for _, want := range []string{"random walk from the goal", `"walk 37, cut to depth 30"`} {
		if !strings.Contains(strings.Join(strings.Fields(help), " "), want) {
			t.Errorf("gen --help does not say %q:\n%s", want, help)
		}
	}
	out := filepath.Join(t.TempDir(), "set")
	if r := kpuzzle(t, "", "gen", "--shape", "4x4", "--depth", "24-26", "--count", "3", "--seed", "3", "--out", out); r.code != 0 {
		t.Fatalf("gen: %+v", r)
	}
	m := verifySetDir(t, out)
	form := regexp.MustCompile(`^walk (\d+)(, cut to depth (\d+))?$`)
	cuts := 0
	for _, e := range m.Puzzles {
		match := form.FindStringSubmatch(e.Seed)
		if match == nil || e.OptimalLength == nil {
			t.Errorf("%s: seed %q, length %v; want the form of gen --help", e.File, e.Seed, e.OptimalLength)
			continue
		}
		// A walk's end is at most as many moves from the goal as the
		// walk is long; cut, the board is exactly at the depth named.
		walk, _ := strconv.Atoi(match[1])
		d := *e.OptimalLength
		if cut, _ := strconv.Atoi(match[3]); d > walk || (match[3] != "" && cut != d) || d < 24 || d > 26 {
			t.Errorf("%s: seed %q but optimal length %d (asked for 24-26)", e.File, e.Seed, d)
		}
		if match[3] != "" {
			cuts++
		}
	}
	if cuts == 0 {
		t.Error("no board was cut; the test needs a seed whose walks overshoot")
	}
}
