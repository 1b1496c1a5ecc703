package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"encoding/xml"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/reference/bench"
)

// benchDir writes a folder of 3x3 puzzles with a manifest; the second
// puzzle's "published" length is deliberately wrong when lie is set.
func benchDir(t *testing.T, lie bool) string {
	t.Helper()
	dir := t.TempDir()
	writeFile(t, dir, "a.txt", "8 6 7\n2 5 4\n3 0 1\n") // 31 moves
	writeFile(t, dir, "b.txt", "1 2 3\n4 5 6\n0 7 8\n") // 2 moves
	writeFile(t, dir, "c.txt", "2 1 3\n4 5 6\n7 8 0\n") // unsolvable
	second := 2
	if lie {
		second = 4
	}
	writeFile(t, dir, "manifest.json", `{"goal": "default", "moves": "tile", "puzzles": [
  {"file": "a.txt", "solvable": true, "optimal_length": 31},
  {"file": "b.txt", "solvable": true, "optimal_length": `+itoa(second)+`},
  {"file": "c.txt", "solvable": false, "optimal_length": null}
]}`)
	return dir
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

func TestBenchFolder(t *testing.T) {
	cache := t.TempDir()
	r := kpuzzle(t, "", "bench", "--set", benchDir(t, false), "--pdb-dir", cache, "--json")
	if r.code != 0 {
		t.Fatalf("exit %d, stderr %q, stdout %s", r.code, r.stderr, r.stdout)
	}
	var got bench.InstanceTable
	if err := json.Unmarshal([]byte(r.stdout), &got); err != nil {
		t.Fatal(err)
	}
	if !got.AllOptimal || got.Count != 3 || len(got.Instances) != 3 || got.Heuristic != "pdb:auto" || got.Solved != 3 {
		t.Fatalf("result %+v", got)
	}
	wantStatus := []string{"optimal", "optimal", "unsolvable"}
	for i, in := range got.Instances {
		if in.Status != wantStatus[i] {
			t.Errorf("%s: status %q, want %q", in.Name, in.Status, wantStatus[i])
		}
	}
	if l := got.Instances[0].Length; l == nil || *l != 31 || got.Instances[0].Nodes == 0 {
		t.Errorf("a.txt: length %v after %d nodes, want 31", l, got.Instances[0].Nodes)
	}
	if got.TotalNodes != got.Instances[0].Nodes+got.Instances[1].Nodes+got.Instances[2].Nodes || got.MemoryBytes == 0 {
		t.Errorf("totals: %d nodes, memory %d", got.TotalNodes, got.MemoryBytes)
	}

	r = kpuzzle(t, "", "bench", "--set", benchDir(t, true), "--pdb-dir", cache)
	if r.code != exitFindings || !strings.Contains(r.stdout, "mismatch") || !strings.Contains(r.stdout, "1 mismatched") {
		t.Errorf("wrong published length: exit %d, stdout:\n%s", r.code, r.stdout)
	}
}

// korfPatterns is a 3-4-4-4 partition for the blank-first goal whose
// tables build in a fraction of a second, even under the race detector.
const korfPatterns = "pdb:1-2-3/4-5-8-9/6-7-10-11/12-13-14-15"

func TestBenchKorf100(t *testing.T) {
	cache := t.TempDir()
	r := kpuzzle(t, "", "bench", "korf100", "--heuristic", korfPatterns, "--only", "9,47", "--pdb-dir", cache, "--json")
	if r.code != 0 {
		t.Fatalf("exit %d, stderr %q", r.code, r.stderr)
	}
	var got bench.InstanceTable
	if err := json.Unmarshal([]byte(r.stdout), &got); err != nil {
		t.Fatal(err)
	}
	if got.Set != "korf100" || got.Goal != "blank-first" || !got.AllOptimal || len(got.Instances) != 2 || !got.Reflection {
		t.Fatalf("result %+v", got)
	}
	for i, want := range []int{46, 47} {
		in := got.Instances[i]
		if in.Length == nil || *in.Length != want || in.PublishedLength == nil || *in.PublishedLength != want || in.Status != "optimal" {
			t.Errorf("instance %s: %+v, want length %d", in.Name, in, want)
		}
	}
	if got.TotalSeconds <= 0 || got.SetupSeconds <= 0 {
		t.Errorf("seconds: search %v, setup %v", got.TotalSeconds, got.SetupSeconds)
	}
	// The human table, from the cache this time.
	r = kpuzzle(t, "", "bench", "--set", "korf100", "--heuristic", korfPatterns, "--only", "94", "--pdb-dir", cache, "--no-build")
	for _, want := range []string{"korf100: 1 instances, blank-first goal; idastar + " + korfPatterns + " (reflection on)", "53", "optimal", "total: 1/1 solved, all optimal", "mean per instance"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("stdout does not contain %q:\n%s", want, r.stdout)
		}
	}
	wantOneLineError(t, kpuzzle(t, "", "bench", "korf100", "--heuristic", korfPatterns, "--only", "9,101", "--pdb-dir", cache), "--only", "101")
}

// TestBenchDynamicHeuristic checks that the per-instance table of Korf's
// instances runs the dynamically partitioned databases (built in memory,
// no reflection) beside a static partition, one run each, and refuses a
// board their tables are not built for.
func TestBenchDynamicHeuristic(t *testing.T) {
	r := kpuzzle(t, "", "bench", "korf100", "--heuristic", "pdb:dynamic,"+korfPatterns, "--only", "9", "--pdb-dir", t.TempDir(), "--json")
	if r.code != 0 {
		t.Fatalf("exit %d, stderr %q", r.code, r.stderr)
	}
	var got bench.InstanceTable
	if err := json.Unmarshal([]byte(r.stdout), &got); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, run := range got.Runs {
		names = append(names, run.Heuristic)
	}
	if diff := cmp.Diff([]string{"pdb:dynamic", korfPatterns}, names); diff != "" {
		t.Errorf("runs (-want +got):\n%s", diff)
	}
	for _, run := range got.Runs {
		if !run.AllOptimal || len(run.Instances) != 1 {
			t.Fatalf("%s: %+v", run.Heuristic, run)
		}
		in := run.Instances[0]
		if in.Length == nil || *in.Length != 46 || in.Status != "optimal" || in.Nodes == 0 {
			t.Errorf("%s on instance 9: %+v, want 46 moves, optimal", run.Heuristic, in)
		}
	}
	if dyn := got.Runs[0]; dyn.Reflection || dyn.TableBytes == 0 {
		t.Errorf("pdb:dynamic: reflection %v, %d table bytes; want no reflection and its tables counted", dyn.Reflection, dyn.TableBytes)
	}
	wantOneLineError(t, kpuzzle(t, "", "bench", "--set", "gen:6x6:2-4:2", "--heuristic", "pdb:dynamic"), "pdb:dynamic", "6x6")
}

func TestBenchLimitsAndErrors(t *testing.T) {
	cache := t.TempDir()
	r := kpuzzle(t, "", "bench", "--set", benchDir(t, false), "--pdb-dir", cache, "--max-nodes", "5", "--limit", "1", "--json")
	var got bench.InstanceTable
	if err := json.Unmarshal([]byte(r.stdout), &got); err != nil {
		t.Fatalf("%v: %s", err, r.stdout)
	}
	if r.code != exitFindings || got.AllOptimal || got.Unfinished != 1 || got.Instances[0].Status != "node-limit" {
		t.Errorf("node limit: exit %d, %+v", r.code, got)
	}
	for _, tc := range []struct {
		args      []string
		fragments []string
	}{
		{[]string{"bench", "--pdb-dir", cache}, []string{"name a set"}},
		{[]string{"bench", "nosuchset", "--pdb-dir", cache}, []string{"nosuchset", "korf100"}},
		{[]string{"bench", "korf100", "--set", "hard80", "--pdb-dir", cache}, []string{"set given twice"}},
		{[]string{"bench", "korf100", "--algo", "bfs", "--pdb-dir", cache}, []string{"--algo", "bfs"}},
		{[]string{"bench", "korf100", "--heuristic", "manhattan", "--pdb-dir", cache}, []string{"--heuristic", "manhattan"}},
		{[]string{"bench", "korf100", "--heuristic", "pdb:78", "--no-build", "--pdb-dir", cache}, []string{"not built", "kpuzzle pdb build 78 --goal blank-first"}},
		{[]string{"bench", "korf100", "--limit", "-1", "--pdb-dir", cache}, []string{"negative"}},
	} {
		wantOneLineError(t, kpuzzle(t, "", tc.args...), tc.fragments...)
	}
	bad := t.TempDir()
	writeFile(t, bad, "x.txt", "1 2 3\n4 five 6\n7 8 0\n")
	wantOneLineError(t, kpuzzle(t, "", "bench", "--set", bad, "--pdb-dir", cache), "x.txt:2")
}

// benchSVGTexts parses an SVG file as XML and returns the text of its
// <text> elements.
func benchSVGTexts(t *testing.T, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	dec := xml.NewDecoder(bytes.NewReader(data))
	var texts []string
	depth, inText := 0, false
	var cur strings.Builder
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("%s is not well-formed XML: %v", path, err)
		}
		switch el := tok.(type) {
		case xml.StartElement:
			if depth == 0 && el.Name.Local != "svg" {
				t.Fatalf("%s: root element %s, want svg", path, el.Name.Local)
			}
			depth++
			if el.Name.Local == "text" {
				inText = true
				cur.Reset()
			}
		case xml.EndElement:
			depth--
			if el.Name.Local == "text" {
				inText = false
				texts = append(texts, cur.String())
			}
		case xml.CharData:
			if inText {
				cur.Write(el)
			}
		}
	}
	return texts
}

// TestBenchCompare runs a small comparison on a generated 8-puzzle set:
// the exact distances are the keys, every optimal combination must match
// them, a node budget stops iterative deepening on the deeper boards, and
// the plots carry every combination in their legends.
func TestBenchCompare(t *testing.T) {
	plots := filepath.Join(t.TempDir(), "plots")
	combos := []string{"bfs", "ids", "astar:misplaced", "astar:manhattan", "idastar:manhattan", "idastar:pdb:1-2-3-4/5-6-7-8"}
	r := kpuzzle(t, "", "bench", "--set", "gen:3x3:4-14:12:3", "--run", strings.Join(combos, ","), "--max-nodes", "3000",
		"--plots", plots, "--pdb-dir", t.TempDir(), "--json")
	if r.code != 0 {
		t.Fatalf("exit %d, stderr %q, stdout %s", r.code, r.stderr, r.stdout)
	}
	var got bench.Comparison
	if err := json.Unmarshal([]byte(r.stdout), &got); err != nil {
		t.Fatal(err)
	}
	if got.Set != "gen:3x3:4-14:12:3" || got.Goal != "default" || got.Count != 12 || !got.AllOptimal || len(got.Instances) != 12 || got.Limits.MaxNodes != 3000 {
		t.Fatalf("result %+v", got)
	}
	var names []string
	for _, c := range got.Combinations {
		names = append(names, c.Name)
	}
	if diff := cmp.Diff(combos, names); diff != "" {
		t.Errorf("combinations (-want +got):\n%s", diff)
	}
	idsStopped := 0
	for _, in := range got.Instances {
		if in.PublishedLength == nil || in.Depth == nil || *in.Depth != *in.PublishedLength || *in.Depth < 4 || *in.Depth > 14 {
			t.Fatalf("instance %s: published %v, depth %v", in.Name, in.PublishedLength, in.Depth)
		}
		for _, run := range in.Runs {
			switch {
			case run.Combination == "ids" && run.Status == bench.StatusNodeLimit:
				idsStopped++
				if run.Expanded != 3000 || run.Length != -1 {
					t.Errorf("%s: stopped ids run %+v", in.Name, run)
				}
			case run.Status != bench.StatusSolved:
				t.Errorf("%s: %s %s", in.Name, run.Combination, run.Status)
			case run.Length != *in.Depth || !run.Optimal || run.Nodes != run.Generated:
				t.Errorf("%s: %s gives %d moves (optimal %v), the key says %d", in.Name, run.Combination, run.Length, run.Optimal, *in.Depth)
			}
		}
	}
	ids := got.Combinations[1]
	if idsStopped == 0 || ids.Unfinished != idsStopped || ids.Solved != 12-idsStopped {
		t.Errorf("ids: %d runs stopped, summary %+v", idsStopped, ids.Summary)
	}
	wantPlots := []string{filepath.Join(plots, "nodes.svg"), filepath.Join(plots, "frontier.svg"), filepath.Join(plots, "branching.svg")}
	if diff := cmp.Diff(wantPlots, got.Plots); diff != "" {
		t.Errorf("plots (-want +got):\n%s", diff)
	}
	for _, p := range wantPlots {
		texts := benchSVGTexts(t, p)
		for _, name := range combos {
			found := false
			for _, tx := range texts {
				found = found || tx == name || strings.HasPrefix(tx, name+" (")
			}
			if !found {
				t.Errorf("%s: no legend entry for %s among %q", p, name, texts)
			}
		}
	}

	// The same comparison as a table, as CSV, and with PNG plots.
	r = kpuzzle(t, "", "bench", "--set", "gen:3x3:4-14:12:3", "--algo", "bfs,astar", "--heuristic", "misplaced,manhattan", "--max-nodes", "3000")
	for _, want := range []string{"gen:3x3:4-14:12:3: 12 puzzles, 3x3, default goal; limits per run: 3,000 expansions", "combination", "mean expanded", "b*",
		"astar:misplaced", "astar:manhattan", "12/12", "total:"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("table does not contain %q:\n%s", want, r.stdout)
		}
	}
	if r.code != 0 || strings.Contains(r.stdout, "idastar") {
		t.Errorf("exit %d; bfs is uninformed and must run once:\n%s", r.code, r.stdout)
	}
	r = kpuzzle(t, "", "bench", "--set", "gen:3x3:4-14:12:3", "--algo", "bfs,astar", "--heuristic", "misplaced,manhattan", "--csv", "--plots", plots, "--plot-format", "png")
	rows, err := csv.NewReader(strings.NewReader(r.stdout)).ReadAll()
	if err != nil || r.code != 0 {
		t.Fatalf("CSV: exit %d, %v:\n%s", r.code, err, r.stdout)
	}
	if len(rows) != 4 || rows[0][0] != "combination" || rows[0][2] != "solvable" || rows[1][0] != "bfs" || rows[3][0] != "astar:manhattan" || rows[3][1] != "12" {
		t.Errorf("CSV rows %q", rows)
	}
	for _, k := range []string{"nodes", "frontier", "branching"} {
		data, err := os.ReadFile(filepath.Join(plots, k+".png"))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := png.Decode(bytes.NewReader(data)); err != nil {
			t.Errorf("%s.png: %v", k, err)
		}
	}
}

func TestBenchCompareFindsWrongKeys(t *testing.T) {
	r := kpuzzle(t, "", "bench", "--set", benchDir(t, true), "--run", "astar:manhattan,greedy:manhattan")
	if r.code != exitFindings || !strings.Contains(r.stdout, "astar:manhattan: 1 solutions guaranteed optimal differ from the known optimal length") {
		t.Errorf("a wrong key: exit %d, stdout:\n%s", r.code, r.stdout)
	}
	r = kpuzzle(t, "", "bench", "--set", benchDir(t, false), "--run", "astar:manhattan,greedy:manhattan", "--json")
	var got bench.Comparison
	if err := json.Unmarshal([]byte(r.stdout), &got); err != nil || r.code != 0 || !got.AllOptimal {
		t.Errorf("correct keys: exit %d, %v, %+v", r.code, err, got)
	}
	if s := got.Combinations[0].Summary; s.Solvable != 2 || s.Solved != 2 || s.Optimal != 2 {
		t.Errorf("astar:manhattan over two solvable puzzles and an unsolvable one: %+v", s)
	}
}

func TestBenchCompareErrors(t *testing.T) {
	cache := t.TempDir()
	for _, tc := range []struct {
		args      []string
		fragments []string
	}{
		{[]string{"--set", "8puzzle-hardest", "--run", "bfs", "--algo", "astar"}, []string{"--run", "--algo"}},
		{[]string{"--set", "8puzzle-hardest", "--run", "bfs:manhattan"}, []string{"--run", "uninformed"}},
		{[]string{"--set", "8puzzle-hardest", "--run", "teleport"}, []string{"--run", "teleport"}},
		{[]string{"--set", "8puzzle-hardest", "--algo", "bfs", "--json", "--csv"}, []string{"--json", "--csv"}},
		{[]string{"--set", "8puzzle-hardest", "--algo", "bfs", "--plots", cache, "--plot-format", "gif"}, []string{"--plot-format", "gif"}},
		{[]string{"--set", "8puzzle-hardest", "--algo", "bfs", "--jobs", "0"}, []string{"--jobs"}},
		{[]string{"--set", "8puzzle-hardest", "--run", "astar:nonsense"}, []string{"nonsense"}},
		{[]string{"--set", "8puzzle-hardest", "--algo", "astar", "--tie-break", "random"}, []string{"--tie-break"}},
		{[]string{"--set", "gen:3x3:10-40:5"}, []string{"gen:3x3:10-40:5", "31"}},
		{[]string{"--set", "gen:3x3:10-20"}, []string{"gen:SHAPE:DEPTHS:COUNT"}},
		{[]string{"--set", "gen:3x3:10-20:0"}, []string{"count"}},
		{[]string{"--set", "korf100", "--run", "ids,idastar:pdb:78"}, []string{"ids", "4x4", "--timeout or --max-nodes", "--run ids"}},
	} {
		wantOneLineError(t, kpuzzle(t, "", append(append([]string{"bench"}, tc.args...), "--pdb-dir", cache)...), tc.fragments...)
	}
}
