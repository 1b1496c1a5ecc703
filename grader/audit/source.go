package audit

import (
	"context"
	"math"

	"github.com/kpuzzle/kpuzzle/reference/search"
)

// Source supplies the heuristic values under audit.
//
// Values writes the value of states[i] into out[i] (len(out) ==
// len(states)), or NaN for a state it has no value for (a values file
// that does not list it). Each state is the board's cells in row-major
// order, 0 for the blank; Values must not keep or modify the slices. The
// auditor calls Values with batches of a few thousand to a few hundred
// thousand states, from several goroutines at once, so it must be safe
// for concurrent use. An error stops the audit: it means the source
// itself failed (a program crashed or printed something that is not a
// number), not that the heuristic is wrong.
type Source interface {
	// Name describes the source in reports, e.g. "manhattan" or
	// "command: python3 h.py".
	Name() string
	Values(ctx context.Context, states [][]uint8, out []float64) error
}

// Batcher is implemented by a Source that wants batches of a particular
// size (a program run per batch wants large ones).
type Batcher interface {
	BatchSize() int
}

// StateLister is implemented by a Source that has values for a fixed
// list of states only (a values file). On boards too large for an
// exhaustive audit the auditor checks those states instead of drawing
// random ones.
type StateLister interface {
	// States returns the states the source has values for, in its own
	// order; the caller must not modify them.
	States() [][]uint8
}

// FromHeuristic audits a heuristic of the reference solver (or any
// search.Heuristic): its values are Estimate's.
func FromHeuristic(h search.Heuristic) Source { return heuristicSource{h} }

type heuristicSource struct{ h search.Heuristic }

func (s heuristicSource) Name() string { return s.h.Name() }

func (s heuristicSource) Origin() Origin { return Origin{Kind: OriginKindHeuristic} }

func (s heuristicSource) Values(ctx context.Context, states [][]uint8, out []float64) error {
	for i, c := range states {
		if i&1023 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		out[i] = float64(s.h.Estimate(c))
	}
	return nil
}

// Func audits a heuristic given as a Go function, which may return real
// values (for example 1.5 times Manhattan distance). f must be safe for
// concurrent use.
func Func(name string, f func(cells []uint8) float64) Source { return funcSource{name, f} }

type funcSource struct {
	name string
	f    func([]uint8) float64
}

func (s funcSource) Name() string { return s.name }

func (s funcSource) Values(ctx context.Context, states [][]uint8, out []float64) error {
	for i, c := range states {
		if i&1023 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		out[i] = s.f(c)
	}
	return nil
}

// realValued is implemented by heuristics whose search estimate is the
// ceiling of a real value (reference/heuristics.Euclidean).
type realValued interface {
	Exact(cells []uint8) float64
}

// missing reports whether v stands for "no value".
func missing(v float64) bool { return math.IsNaN(v) }
