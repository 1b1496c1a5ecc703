package webcheck_test

import (
	"context"
	"runtime"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/grader/check"
	"github.com/kpuzzle/kpuzzle/grader/webcheck"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference"
)

// cliReport is what kpuzzle check reports: check.Answer with the reference
// prover's oracle, the route of cmd/kpuzzle.
func cliReport(t *testing.T, puzzle, answer string, conv puzzles.Convention, g func(puzzles.Shape) puzzles.Goal) check.Report {
	t.Helper()
	b, err := puzzles.ParseBoard(strings.NewReader(puzzle), "puzzle")
	if err != nil {
		t.Fatal(err)
	}
	oracle := check.OracleFunc(func(ctx context.Context, b puzzles.Board, g puzzles.Goal) (int, string, error) {
		p, err := reference.ProveOptimal(ctx, b, g)
		return p.Length, p.Method, err
	})
	rep, err := check.Answer(context.Background(), check.Problem{Board: b, Goal: g(b.Shape()), Convention: conv},
		strings.NewReader(answer), "answer", check.Options{Oracle: oracle})
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// The page gives kpuzzle check's verdict and explanation on every kind of
// answer, in both conventions.
func TestCheckAgreesWithCheckCommand(t *testing.T) {
	c, err := webcheck.New(webcheck.Config{})
	if err != nil {
		t.Fatal(err)
	}
	const p33 = "1 2 3\n4 5 6\n0 7 8\n"
	for _, tc := range []struct {
		name, puzzle, answer, moves, goal, verdict string
	}{
		{"optimal tile", p33, "L\nL\n", "tile", "", "optimal"},
		{"optimal blank", p33, "RIGHT\nright\n", "blank", "", "optimal"},
		{"suboptimal", p33, "L\nL\nR\nL\n", "", "", "suboptimal"},
		{"illegal", p33, "\nL\nUP\n", "", "", "illegal"},
		{"incomplete", p33, "L\n", "", "", "incomplete"},
		{"unsolvable-correct", "1 2 3\n4 5 6\n8 7 0\n", "UNSOLVABLE\n", "", "", "unsolvable-correct"},
		{"unsolvable-wrong", p33, "UNSOLVABLE\n", "", "", "unsolvable-wrong"},
		{"malformed", p33, "L\nLEFTT\n", "", "", "malformed"},
		{"blank-first", "1 0 2\n3 4 5\n6 7 8\n", "R\n", "tile", "blank-first", "optimal"},
		{"2x4 suboptimal", "1 2 3 4\n5 6 0 7\n", "L\nR\nL\n", "tile", "", "suboptimal"},
		{"letters on one line", p33, "LL\n", "tile", "", "optimal"},
		{"tile numbers", p33, "7 8\n", "", "", "optimal"},
		{"boards", p33, "1 2 3\n4 5 6\n0 7 8\n\n1 2 3\n4 5 6\n7 0 8\n\n1 2 3\n4 5 6\n7 8 0\n", "", "", "optimal"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp, err := c.Check(t.Context(), webcheck.Request{Puzzle: tc.puzzle, Answer: tc.answer, Convention: tc.moves, Goal: tc.goal})
			if err != nil {
				t.Fatal(err)
			}
			conv := puzzles.TileMoves
			if tc.moves == "blank" {
				conv = puzzles.BlankMoves
			}
			goal := puzzles.DefaultGoal
			if tc.goal == "blank-first" {
				goal = puzzles.BlankFirstGoal
			}
			want := cliReport(t, tc.puzzle, tc.answer, conv, goal)
			if string(want.Verdict) != tc.verdict {
				t.Fatalf("test case: kpuzzle check says %s, the case %s", want.Verdict, tc.verdict)
			}
			got := struct {
				Verdict, Summary string
				Details          []string
			}{resp.Verdict, resp.Summary, resp.Details}
			wantView := struct {
				Verdict, Summary string
				Details          []string
			}{string(want.Verdict), want.Summary(), want.Notes()} // the replay below draws the boards
			if diff := cmp.Diff(wantView, got); diff != "" {
				t.Errorf("(-kpuzzle check +page):\n%s", diff)
			}
			if resp.Proving {
				t.Error("a board of 9 cells or fewer needs no search stage")
			}
			if !strings.Contains(resp.Replay, `<p class="badge" id="verdict">`+tc.verdict+`</p>`) {
				t.Error("the replay page does not show the verdict")
			}
		})
	}
}

func TestStages(t *testing.T) {
	c, err := webcheck.New(webcheck.Config{BudgetSeconds: 7})
	if err != nil {
		t.Fatal(err)
	}
	// 3x4: no exact table, and IDA* with a built-in heuristic (the 4x4
	// database is the browser test's, as it takes long to build under
	// the race detector).
	req := webcheck.Request{Puzzle: "1 2 3 4\n5 6 7 8\n9 0 10 11\n", Answer: "L\nL\nR\nL\n"}
	check := func(stage webcheck.Stage, cancelled bool) webcheck.Response {
		t.Helper()
		r := req
		r.Stage, r.Cancelled = stage, cancelled
		resp, err := c.Check(t.Context(), r)
		if err != nil {
			t.Fatal(err)
		}
		return resp
	}
	quick := check(webcheck.StageQuick, false)
	if quick.Verdict != "valid" || !quick.Proving {
		t.Errorf("quick stage on 3x4: verdict %s, proving %v; want valid and proving", quick.Verdict, quick.Proving)
	}
	prove := check(webcheck.StageProve, false)
	if prove.Verdict != "suboptimal" || !strings.Contains(prove.Summary, "optimal length is 2 (IDA* + ") || prove.Proving {
		t.Errorf("prove stage: %s: %s", prove.Verdict, prove.Summary)
	}
	// The search stage finds the first move off every optimal path too,
	// and the replay page marks it.
	if off := prove.Report.OffPath; off == nil || off.Move != 3 || off.DistanceBefore != 0 {
		t.Errorf("prove stage: off_path %+v (%s), want move 3 from the goal", off, prove.Report.OffPathUnknown)
	}
	if !strings.Contains(prove.Replay, `"offPath":{"index":2`) {
		t.Error("the replay page does not mark the first move off every optimal path")
	}

	// An incomplete answer on a board without an exact table: the search
	// stage says how far the goal still is.
	req.Answer = "L\n"
	if r := check(webcheck.StageQuick, false); r.Verdict != "incomplete" || !r.Proving {
		t.Errorf("incomplete, quick: %s, proving %v; want incomplete and proving", r.Verdict, r.Proving)
	}
	if r := check(webcheck.StageProve, false); r.Verdict != "incomplete" || r.Report.Remaining == nil || *r.Report.Remaining != 1 || r.Report.OptimalLength == nil {
		t.Errorf("incomplete, prove: %s, remaining %v, optimal %v; want 1 move to go and the optimal length", r.Verdict, r.Report.Remaining, r.Report.OptimalLength)
	}
	req.Answer = "L\nL\nR\nL\n"
	for _, cancelled := range []bool{true, false} {
		s := check(webcheck.StageStopped, cancelled)
		want := "the reference solver did not finish within the page's budget of 7 s"
		if cancelled {
			want = "the search was cancelled"
		}
		if s.Verdict != "valid" || !strings.Contains(s.Summary, "optimality not verified: "+want) || s.Proving {
			t.Errorf("stopped (cancelled %v): %s: %s", cancelled, s.Verdict, s.Summary)
		}
	}
	// UNSOLVABLE for a solvable 3x4 puzzle: kpuzzle check says how short
	// a solution is, so the search runs.
	req.Answer = "UNSOLVABLE\n"
	if r := check(webcheck.StageQuick, false); r.Verdict != "unsolvable-wrong" || !r.Proving {
		t.Errorf("UNSOLVABLE, quick: %s, proving %v; want unsolvable-wrong and proving", r.Verdict, r.Proving)
	}
	if r := check(webcheck.StageProve, false); r.Verdict != "unsolvable-wrong" || r.Proving || !strings.HasSuffix(r.Summary, "; a solution of 2 moves exists") {
		t.Errorf("UNSOLVABLE, prove: %s: %s", r.Verdict, r.Summary)
	}

	// An illegal answer needs no search.
	req.Answer = "UP\n"
	if r := check(webcheck.StageQuick, false); r.Verdict != "illegal" || r.Proving {
		t.Errorf("illegal 4x4 answer: %s, proving %v", r.Verdict, r.Proving)
	}
}

func TestLongAnswerHasNoLink(t *testing.T) {
	c, err := webcheck.New(webcheck.Config{})
	if err != nil {
		t.Fatal(err)
	}
	resp, err := c.Check(t.Context(), webcheck.Request{Puzzle: "1 2 3\n4 5 6\n7 0 8\n", Answer: strings.Repeat("L\nR\n", webcheck.MaxLinkFragment/2) + "L\n"})
	if err != nil {
		t.Fatal(err)
	}
	if resp.Verdict != "suboptimal" || resp.Fragment != "" {
		t.Errorf("verdict %s, fragment of %d bytes; want suboptimal and no link", resp.Verdict, len(resp.Fragment))
	}
}

// TestCheckIsLinear: a check, link included, costs memory in proportion
// to its answer (and so time: no step works on the answer more than a
// bounded number of times per move). Four times the moves may cost about
// four times the bytes allocated, never sixteen, as when the link was
// built one move at a time. Bytes are counted, not seconds, so the load
// of the machine cannot decide it.
func TestCheckIsLinear(t *testing.T) {
	c, err := webcheck.New(webcheck.Config{})
	if err != nil {
		t.Fatal(err)
	}
	allocated := func(answer string) uint64 {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		resp, err := c.Check(t.Context(), webcheck.Request{Puzzle: "1 2 3\n4 5 6\n7 0 8\n", Answer: answer})
		runtime.ReadMemStats(&after)
		if err != nil || resp.Verdict != "suboptimal" {
			t.Fatalf("verdict %s, err %v", resp.Verdict, err)
		}
		return after.TotalAlloc - before.TotalAlloc
	}
	allocated("L\nR\nL\n") // the exact table, built once
	for _, line := range []string{"L\nR\n", "LEFT\nRIGHT\n"} {
		small := allocated(strings.Repeat(line, 10_000) + "L\n")
		large := allocated(strings.Repeat(line, 40_000) + "L\n")
		t.Logf("%q: %d bytes for 20,001 moves, %d for 80,001", line, small, large)
		if large > 8*small {
			t.Errorf("%q: four times the moves took %.1f times the memory", line, float64(large)/float64(small))
		}
	}
	// A link of a million moves reads as the check reads the answer.
	f, err := webcheck.ParseFragment("p=1,2,3,4,5,6,7,0,8&a=" + strings.Repeat("LR", 500_000) + "L")
	if err != nil {
		t.Fatal(err)
	}
	if req := f.Request(); strings.Count(req.Answer, "\n") != 1_000_001 {
		t.Errorf("the link's answer has %d lines", strings.Count(req.Answer, "\n"))
	}
}

func TestAnswerKey(t *testing.T) {
	c, err := webcheck.New(webcheck.Config{SetName: "week 3", Goal: "blank-first", Set: []webcheck.Puzzle{
		{Name: "a.txt", Shape: "4x4", Cells: "1 2 3 0 4 5 6 7 8 9 10 11 12 13 14 15", Goal: "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15", Optimal: 3},
	}})
	if err != nil {
		t.Fatal(err)
	}
	req := webcheck.Request{Puzzle: "1 2 3 0\n4 5 6 7\n8 9 10 11\n12 13 14 15\n", Answer: "R\nR\nR\n"}
	resp, err := c.Check(t.Context(), req)
	if err != nil {
		t.Fatal(err)
	}
	if resp.Verdict != "optimal" || resp.Proving || resp.SetPuzzle != "a.txt" || !strings.Contains(resp.Summary, "answer key of week 3") {
		t.Errorf("%+v, want optimal from the answer key of week 3 without a search", resp)
	}
	// The key is for the blank-first goal; another goal is searched.
	req.Goal = "default"
	req.Puzzle = "1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 0 15\n"
	req.Answer = "L\n"
	if resp, _ := c.Check(t.Context(), req); resp.Verdict != "valid" || !resp.Proving || resp.SetPuzzle != "" {
		t.Errorf("another puzzle: %s, proving %v, set puzzle %q", resp.Verdict, resp.Proving, resp.SetPuzzle)
	}
}

func TestBadInput(t *testing.T) {
	c, err := webcheck.New(webcheck.Config{Goal: "1 2 3 4 5 6 7 8 0"})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		req  webcheck.Request
		want string
	}{
		{webcheck.Request{Puzzle: "1 2 3\n4 5 y\n7 8 0\n"}, "puzzle:2:5:"},
		{webcheck.Request{Puzzle: " \n"}, "puzzle: empty"},
		{webcheck.Request{Puzzle: "1 2\n3 0\n"}, "the course's goal is 3x3"},
		{webcheck.Request{Puzzle: "1 2 3\n4 5 6\n7 8 0\n", Convention: "tiles"}, "moves:"},
		{webcheck.Request{Puzzle: "1 2 3\n4 5 6\n7 8 0\n", Goal: "snail"}, `goal "snail"`},
		{webcheck.Request{Puzzle: "1 2 3\n4 5 6\n7 8 0\n", Stage: "later"}, `stage "later"`},
	} {
		resp, err := c.Check(t.Context(), tc.req)
		if err != nil {
			t.Fatal(err)
		}
		if resp.Verdict != "" || !strings.Contains(resp.Error, tc.want) || strings.Contains(resp.Error, "\n") {
			t.Errorf("%+v: verdict %q, error %q; want one line containing %q", tc.req, resp.Verdict, resp.Error, tc.want)
		}
	}
	for _, cfg := range []webcheck.Config{{Convention: "tiles"}, {Goal: "1 2 3"}, {Set: []webcheck.Puzzle{{Name: "x", Shape: "3x3", Cells: "1 2", Goal: "0 1 2 3 4 5 6 7 8"}}}} {
		if _, err := webcheck.New(cfg); err == nil {
			t.Errorf("New(%+v) accepted a bad configuration", cfg)
		}
	}
}
