package bench_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/bench"
	"github.com/kpuzzle/kpuzzle/reference/golden"
	"github.com/kpuzzle/kpuzzle/reference/textstyle"
)

// fixedReport is a report with fixed figures, as Run would give for two
// combinations on three 8-puzzles: a 31-move one, a 2-move one whose key
// wrongly says 4, and an unsolvable one.
func fixedReport() (bench.Set, bench.Report) {
	g := puzzles.DefaultGoal(puzzles.Shape{Rows: 3, Cols: 3})
	set := bench.Set{Name: "folder", GoalName: "default", Instances: []bench.Instance{
		{Name: "a.txt", Board: puzzles.MustBoard(3, 3, 8, 6, 7, 2, 5, 4, 3, 0, 1), Goal: g, Optimal: 31},
		{Name: "b.txt", Board: puzzles.MustBoard(3, 3, 1, 2, 3, 4, 5, 6, 0, 7, 8), Goal: g, Optimal: 4},
		{Name: "c.txt", Board: puzzles.MustBoard(3, 3, 2, 1, 3, 4, 5, 6, 7, 8, 0), Goal: g, Optimal: -1},
	}}
	astar := bench.ComboResult{
		Combo: bench.Combo{Algorithm: "astar", Heuristic: "manhattan"},
		Results: []bench.Result{
			{Status: bench.StatusSolved, Length: 31, Optimal: true, Expanded: 12000, Generated: 19500, MaxFrontier: 8000, Seconds: 0.25, Branching: 1.3, InitialH: 21},
			{Status: bench.StatusSolved, Length: 2, Optimal: true, Mismatch: true, Expanded: 2, Generated: 5, MaxFrontier: 4, Seconds: 0.001, Branching: 1.79, InitialH: 2},
			{Status: bench.StatusUnsolvable, Length: -1},
		},
		Summary: bench.Summary{Solvable: 2, Solved: 2, Optimal: 1, Mismatches: 1, MeanExpanded: 6001, MaxExpanded: 12000, MeanGenerated: 9752.5, MaxGenerated: 19500,
			MeanFrontier: 4002, MaxFrontier: 8000, MeanBranching: 1.545, MeanSeconds: 0.1255, Seconds: 0.251},
		Heuristics:   []bench.HeuristicUse{{Name: "manhattan", Shape: "3x3", Goal: "default"}},
		SetupSeconds: 0.002,
	}
	ids := bench.ComboResult{
		Combo: bench.Combo{Algorithm: "ids"},
		Results: []bench.Result{
			{Status: bench.StatusNodeLimit, Length: -1, Expanded: 3000, Generated: 5000, MaxFrontier: 31, Seconds: 0.5},
			{Status: bench.StatusSolved, Length: 2, Optimal: true, Mismatch: true, Expanded: 3, Generated: 6, MaxFrontier: 2, Seconds: 0.002, Branching: 2},
			{Status: bench.StatusUnsolvable, Length: -1},
		},
		Summary: bench.Summary{Solvable: 2, Solved: 1, Unfinished: 1, Optimal: 1, Mismatches: 1, MeanExpanded: 3, MaxExpanded: 3, MeanGenerated: 6, MaxGenerated: 6,
			MeanFrontier: 2, MaxFrontier: 2, MeanBranching: 2, MeanSeconds: 0.002, Seconds: 0.502},
	}
	return set, bench.Report{Instances: set.Instances, Depths: []int{31, 4, -1}, Combos: []bench.ComboResult{astar, ids}, MemoryBytes: 12_500_000}
}

// marks is a Style that shows where each colour goes.
var marks = textstyle.Style{
	Good: func(a ...any) string { return "<good>" + fmt.Sprint(a...) + "</good>" },
	Bad:  func(a ...any) string { return "<bad>" + fmt.Sprint(a...) + "</bad>" },
	Warn: func(a ...any) string { return "<warn>" + fmt.Sprint(a...) + "</warn>" },
	Dim:  func(a ...any) string { return "<dim>" + fmt.Sprint(a...) + "</dim>" },
	Bold: func(a ...any) string { return "<bold>" + fmt.Sprint(a...) + "</bold>" },
}

func TestComparisonGolden(t *testing.T) {
	set, rep := fixedReport()
	cfg := bench.Config{Limits: bench.Limits{MaxNodes: 3000, MaxBytes: 4096 << 20, Timeout: 90 * time.Second}, Jobs: 2}
	c := rep.Comparison(set, cfg, []string{"plots/nodes.svg"})
	if c.AllOptimal || c.TotalSeconds != 0.251+0.502 || c.Limits.MaxMemoryMiB != 4096 || c.Jobs != 2 || *c.Instances[0].Depth != 31 || c.Instances[2].Depth != nil {
		t.Errorf("comparison %+v", c)
	}
	for _, tc := range []struct {
		name  string
		write func(*bytes.Buffer) error
	}{
		{"comparison.txt", func(b *bytes.Buffer) error { return c.WriteText(b, textstyle.Style{}) }},
		{"comparison-styled.txt", func(b *bytes.Buffer) error { return c.WriteText(b, marks) }},
		{"comparison.csv", func(b *bytes.Buffer) error { return c.WriteCSV(b) }},
		{"comparison.json", func(b *bytes.Buffer) error {
			enc := json.NewEncoder(b)
			enc.SetIndent("", "  ")
			return enc.Encode(c)
		}},
	} {
		var buf bytes.Buffer
		if err := tc.write(&buf); err != nil {
			t.Fatal(err)
		}
		golden.Check(t, filepath.Join("testdata", tc.name), buf.Bytes())
	}
}

func TestInstanceTableGolden(t *testing.T) {
	set, rep := fixedReport()
	tab := rep.InstanceTable(set)
	if len(tab.Runs) != 2 || tab.Algorithm != "astar" || tab.EveryRunOptimal() {
		t.Fatalf("table %+v", tab)
	}
	var statuses [][]string
	for _, run := range tab.Runs {
		var s []string
		for _, in := range run.Instances {
			s = append(s, in.Status)
		}
		statuses = append(statuses, s)
	}
	// b.txt's key says 4 moves where both found 2; ids was stopped on
	// a.txt.
	want := [][]string{{"optimal", "mismatch", "unsolvable"}, {"node-limit", "mismatch", "unsolvable"}}
	if diff := cmp.Diff(want, statuses); diff != "" {
		t.Errorf("statuses (-want +got):\n%s", diff)
	}
	if a := tab.Runs[0]; a.Solved != 3 || a.Mismatches != 1 || a.Unfinished != 0 || a.TotalNodes != 19505 || a.AllOptimal || a.Heuristic != "manhattan" {
		t.Errorf("astar: %+v", a)
	}
	if ids := tab.Runs[1]; ids.Solved != 2 || ids.Unfinished != 1 || ids.Heuristic != "" {
		t.Errorf("ids: %+v", ids)
	}
	var buf bytes.Buffer
	if err := tab.WriteText(&buf, textstyle.Style{}); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, filepath.Join("testdata", "instances.txt"), buf.Bytes())
	buf.Reset()
	if err := tab.WriteText(&buf, marks); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "<bad>mismatch</bad>") || !strings.Contains(buf.String(), "<warn>node-limit</warn>") || !strings.Contains(buf.String(), "<good>optimal</good>") {
		t.Errorf("styled table:\n%s", buf.String())
	}
	// One combination: its table alone, at the top level.
	rep.Combos = rep.Combos[:1]
	if one := rep.InstanceTable(set); one.Runs != nil || one.Heuristic != "manhattan" || len(one.Instances) != 3 {
		t.Errorf("one combination: %+v", one)
	}
}
