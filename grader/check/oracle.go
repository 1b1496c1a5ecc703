package check

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/kpuzzle/kpuzzle/puzzles"
)

// Oracle proves optimal solution lengths. The checker asks it only when the
// puzzle set's answer key has no length for a puzzle.
type Oracle interface {
	// Optimal returns the length of a shortest solution taking b to g and
	// a short description of how it was proved (for example "exact table
	// 3x3" or "IDA* + pdb:663"). It returns an error wrapping
	// puzzles.ErrUnsolvable when b cannot reach g, and an error wrapping
	// ctx's error when it gives up because ctx is done. It may take
	// exponential time on large boards; callers bound it with ctx.
	Optimal(ctx context.Context, b puzzles.Board, g puzzles.Goal) (length int, method string, err error)
}

// OracleFunc adapts a function to the Oracle interface.
type OracleFunc func(ctx context.Context, b puzzles.Board, g puzzles.Goal) (int, string, error)

// Optimal calls f.
func (f OracleFunc) Optimal(ctx context.Context, b puzzles.Board, g puzzles.Goal) (int, string, error) {
	return f(ctx, b, g)
}

// Optimum is what is known about a puzzle's optimal solution length.
type Optimum struct {
	// Known is set when Length is a proven optimal length.
	Known bool `json:"known"`
	// Length is the optimal length when Known.
	Length int `json:"length"`
	// Source says where the length comes from: "answer key", or the
	// oracle's method such as "exact table 3x3".
	Source string `json:"source,omitempty"`
	// Unknown says, when the length is not known, why (for example "the
	// reference solver did not finish within 10s").
	Unknown string `json:"unknown,omitempty"`
}

// KnownLength is the optimal length when it is known, nil otherwise: a
// result's OptimalLength.
func (o Optimum) KnownLength() *int {
	if !o.Known {
		return nil
	}
	n := o.Length
	return &n
}

// KnownOptimum is a proven optimal length from source.
func KnownOptimum(length int, source string) Optimum {
	return Optimum{Known: true, Length: length, Source: source}
}

// ErrKeyContradiction reports an answer key (or oracle) that disagrees
// with a fact the checker can establish on its own: the parity rule of
// solvability, or a legal answer shorter than the "optimal" length. It
// means the puzzle set is wrong, not the student.
var ErrKeyContradiction = errors.New("answer key contradicts the puzzle")

// FindOptimum asks the oracle for the optimal length of a solvable board,
// allowing it at most timeout (no limit when timeout is 0). Running out of
// time is not an error: the result is an unknown Optimum saying so. A nil
// oracle gives an unknown Optimum too. An oracle that calls a board
// unsolvable which the parity rule says is solvable is an error wrapping
// ErrKeyContradiction.
func FindOptimum(ctx context.Context, b puzzles.Board, g puzzles.Goal, oracle Oracle, timeout time.Duration) (Optimum, error) {
	if oracle == nil {
		return Optimum{Unknown: "no answer key and no solver to prove the optimal length"}, nil
	}
	octx := ctx
	if timeout > 0 {
		var cancel context.CancelFunc
		octx, cancel = context.WithTimeout(ctx, timeout)
		defer cancel()
	}
	n, method, err := oracle.Optimal(octx, b, g)
	switch {
	case err == nil:
		if n < 0 {
			return Optimum{}, fmt.Errorf("%w: the solver returned a negative length %d", ErrKeyContradiction, n)
		}
		return KnownOptimum(n, method), nil
	case errors.Is(err, puzzles.ErrUnsolvable):
		return Optimum{}, fmt.Errorf("%w: the solver says %s is unsolvable but the parity rule says it is solvable", ErrKeyContradiction, b)
	case ctx.Err() != nil:
		// The caller gave up, not the solver.
		return Optimum{}, ctx.Err()
	case errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled):
		why := "the reference solver did not finish in time"
		if timeout > 0 {
			why = fmt.Sprintf("the reference solver did not finish within %s", timeout)
		}
		return Optimum{Unknown: why}, nil
	case errors.Is(err, ErrOutOfBudget):
		return Optimum{Unknown: err.Error()}, nil
	}
	return Optimum{}, fmt.Errorf("prove optimal length: %w", err)
}
