package audit_test

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kpuzzle/kpuzzle/grader/audit"
	"github.com/kpuzzle/kpuzzle/grader/audit/flawed"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/golden"
	"github.com/kpuzzle/kpuzzle/reference/heuristics"
	"github.com/kpuzzle/kpuzzle/reference/textstyle"
)

var marks = textstyle.Style{
	Good: func(a ...any) string { return "<good>" + fmt.Sprint(a...) + "</good>" },
	Bad:  func(a ...any) string { return "<bad>" + fmt.Sprint(a...) + "</bad>" },
}

// TestReportText writes two exhaustive 2x3 audits, one passing and one
// of a heuristic that overestimates and is inconsistent, with the time
// fixed: the text is the same every run.
func TestReportText(t *testing.T) {
	g := puzzles.DefaultGoal(puzzles.Shape{Rows: 2, Cols: 3})
	for _, tc := range []struct {
		name string
		src  audit.Source
		opts audit.Options
	}{
		{"passed.txt", audit.FromHeuristic(heuristics.NewLinearConflict(g)), audit.Options{Goal: g, Dominates: heuristics.NewManhattan(g)}},
		{"failed.txt", flawed.ScaledManhattan(g, 1.5).Source(), audit.Options{Goal: g, Ignore: []string{audit.CheckConsistent}}},
	} {
		rep, err := audit.Run(context.Background(), tc.src, tc.opts)
		if err != nil {
			t.Fatal(err)
		}
		rep.Seconds = 1.25
		var buf bytes.Buffer
		if err := rep.WriteText(&buf, textstyle.Style{}, 5); err != nil {
			t.Fatal(err)
		}
		golden.Check(t, filepath.Join("testdata", "text", tc.name), buf.Bytes())
		buf.Reset()
		if err := rep.WriteText(&buf, marks, 5); err != nil {
			t.Fatal(err)
		}
		verdict := "<good>PASSED:</good>"
		if !rep.Passed {
			verdict = "<bad>FAILED:</bad>"
		}
		if !strings.Contains(buf.String(), verdict) {
			t.Errorf("%s with colours lacks %q:\n%s", tc.name, verdict, buf.String())
		}
	}
}

func TestStatsReportText(t *testing.T) {
	hardest, err := puzzles.LoadSet("8puzzle-hardest")
	if err != nil {
		t.Fatal(err)
	}
	h31 := hardest.Instances[0].Board.String()
	text := "algorithm,heuristic,puzzle,expanded,max_frontier\n" +
		"ids,," + h31 + ",,6e12\n" +
		"astar,manhattan," + h31 + ",1000,\n" +
		"dfs,," + h31 + ",123456789,\n"
	claims, err := audit.ParseStatsClaims(strings.NewReader(text), "claims.csv", audit.StatsOptions{})
	if err != nil {
		t.Fatal(err)
	}
	rep, err := audit.JudgeStats(context.Background(), claims, statsOptions(t))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := rep.WriteText(&buf, textstyle.Style{}, "claims.csv"); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, filepath.Join("testdata", "text", "stats.txt"), buf.Bytes())
}
