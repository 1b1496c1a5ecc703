package pdb

import (
	"context"
	"errors"
	"strings"

	"github.com/kpuzzle/kpuzzle/puzzles"
)

// OpenSpec opens the pattern database a heuristic name describes, for goal
// g: a shipped partition ("pdb:663" or "663"), the automatic partition of
// any board ("pdb:auto", see Auto), additive patterns written as tiles
// ("pdb:1-2-3/4-5-6"), or patterns combined by maximum, every move
// counted ("pdb:max:3-6-7-8"). Tables come from opts' cache, built
// and saved there on first use unless opts.NoBuild is set.
func OpenSpec(ctx context.Context, name string, g puzzles.Goal, opts Options) (*Heuristic, error) {
	trimmed := TrimName(name)
	if trimmed == AutoName {
		part, err := Auto(g)
		if err != nil {
			return nil, err
		}
		return OpenPartition(ctx, part, opts)
	}
	h, err := Open(ctx, trimmed, g, opts)
	if err == nil || !errors.Is(err, ErrUnknownName) {
		return h, err
	}
	mode := Additive
	spec := trimmed
	if rest, ok := strings.CutPrefix(spec, "max:"); ok {
		mode, spec = Max, rest
	}
	if !strings.ContainsAny(spec, "-,/") && mode == Additive {
		return nil, err
	}
	patterns, perr := ParsePatterns(spec)
	if perr != nil {
		return nil, perr
	}
	part, perr := Custom(g, mode, patterns)
	if perr != nil {
		return nil, perr
	}
	return OpenPartition(ctx, part, opts)
}
