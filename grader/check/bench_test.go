package check_test

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"testing"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/check"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference"
	"github.com/kpuzzle/kpuzzle/reference/pdb"
	"github.com/kpuzzle/kpuzzle/reference/search"
)

// BenchmarkFirstMoveOffPath measures what the search for the first move
// off every optimal path adds to the check of one answer, on the public
// tests of a real course (CS3243: 3x3, 4x4 and 5x5 boards), for the
// suboptimal answers of the searches students write: greedy best-first
// and weighted A* (w = 2 and 5) with the Manhattan distance. The distances
// come as kpuzzle grade proves them: the reference prover (exact tables on
// 3x3, else IDA* with the strongest heuristic available, a pattern
// database already in the user's cache included) on one core, within
// feedback.off_path_nodes expansions each, remembered for the answers to
// the same test (check.NewMemoOracle). ns/answer is the search's cost per
// answer; the check without it is a few microseconds. The "cached" runs
// use the pattern databases in the user's cache (kpuzzle pdb build), the
// "builtin" ones an empty cache (linear conflict beyond 3x3).
//
//	go test -run '^$' -bench FirstMoveOffPath -benchtime 3x ./grader/
func BenchmarkFirstMoveOffPath(b *testing.B) {
	for _, hs := range []struct {
		name string
		opts pdb.Options
	}{{"cached", pdb.Options{}}, {"builtin", pdb.Options{Dir: b.TempDir(), NoSave: true}}} {
		b.Run(hs.name, func(b *testing.B) { benchmarkOffPath(b, reference.StandardHeuristics(hs.opts)) })
	}
}

func benchmarkOffPath(b *testing.B, heuristics *reference.Heuristics) {
	ctx := context.Background()
	prover := &reference.Prover{Heuristics: heuristics}
	budget := int64(grader.DefaultOffPathNodes)
	oracle := check.OracleFunc(func(ctx context.Context, bd puzzles.Board, g puzzles.Goal) (int, string, error) {
		sol, err := reference.Solve(ctx, reference.Request{Board: bd, Goal: g, Prover: prover, Options: search.Options{Limits: search.Limits{MaxNodes: budget}}})
		switch {
		case errors.Is(err, search.ErrNodeLimit):
			return 0, sol.Route, fmt.Errorf("%w: %v", check.ErrOutOfBudget, err)
		case err != nil:
			return 0, sol.Route, err
		}
		return len(sol.Path), sol.Route, nil
	})
	for _, n := range []int{3, 4, 5} {
		type answer struct {
			p    check.Problem
			path []puzzles.Dir
		}
		var tests [][]answer
		for i := 1; i <= 4; i++ {
			file := filepath.Join("..", "puzzles", "sets", "cs3243-public", fmt.Sprintf("n_equals_%d", n), fmt.Sprintf("input_%d.txt", i))
			board, err := puzzles.ReadBoardFile(file)
			if errors.Is(err, fs.ErrNotExist) {
				continue // n = 3 has three tests
			}
			if err != nil {
				b.Fatal(err)
			}
			goal := puzzles.DefaultGoal(board.Shape())
			if !puzzles.Solvable(board, goal) {
				continue
			}
			proof, err := prover.Prove(ctx, board, goal)
			if err != nil {
				b.Fatal(err)
			}
			p := check.Problem{Board: board, Goal: goal, Convention: puzzles.BlankMoves, Optimum: check.KnownOptimum(proof.Length, "answer key")}
			var class []answer
			for _, s := range []struct {
				algo   string
				weight float64
			}{{"greedy", 0}, {"wastar", 2}, {"wastar", 5}} {
				sol, err := reference.Solve(ctx, reference.Request{Board: board, Goal: goal, Algorithm: s.algo, Heuristic: "manhattan", Weight: s.weight})
				if err != nil {
					b.Fatal(err)
				}
				if len(sol.Path) > proof.Length {
					class = append(class, answer{p, sol.Path})
				}
			}
			tests = append(tests, class)
		}
		b.Run(fmt.Sprintf("%dx%d", n, n), func(b *testing.B) {
			answers, unknown := 0, 0
			for b.Loop() {
				for _, class := range tests {
					memo := check.NewMemoOracle(oracle, 0)
					for _, a := range class {
						rep, err := check.Parsed(ctx, a.p, puzzles.AnswerFromPath(a.path, a.p.Convention), check.Options{OffPath: check.OffPathOptions{Oracle: memo}})
						if err != nil {
							b.Fatal(err)
						}
						answers++
						if rep.OffPath == nil {
							unknown++
						}
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(max(answers, 1)), "ns/answer")
			b.ReportMetric(float64(unknown)/float64(max(answers, 1)), "unfound/answer")
		})
	}
}
