package setgen

import (
	"errors"
	"fmt"
	"path/filepath"

	"github.com/kpuzzle/kpuzzle/puzzles"
)

// ErrMerge is wrapped by every error about shards that do not make one
// set.
var ErrMerge = errors.New("shards do not make one set")

func mergeErrorf(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{ErrMerge}, args...)...)
}

// Merge joins the manifests of the n shards of one generation, given in
// any order, into the manifest the unsharded generation writes. The
// shards must be exactly 1/n to n/n of one spec (the same generator line
// but for its shard, shape, goal, convention, format and seed), each
// holding the share of the puzzles its number gives it. from[i] is the
// index, in shards, of the manifest that holds entry i of the result.
func Merge(shards []puzzles.Manifest) (merged puzzles.Manifest, from []int, err error) {
	if len(shards) == 0 {
		return puzzles.Manifest{}, nil, mergeErrorf("no shards")
	}
	base, first, ok := splitGenerator(shards[0].Generator)
	if !ok {
		return puzzles.Manifest{}, nil, mergeErrorf("shard 1 of the list is not a shard: its generator %q does not end in --shard i/n", shards[0].Generator)
	}
	n := first.Count
	if len(shards) != n {
		return puzzles.Manifest{}, nil, mergeErrorf("the generation has %d shards, %d given", n, len(shards))
	}
	byIndex := make([]int, n+1)
	for i := range byIndex {
		byIndex[i] = -1
	}
	total := 0
	for i, m := range shards {
		gen, sh, ok := splitGenerator(m.Generator)
		switch {
		case !ok:
			return puzzles.Manifest{}, nil, mergeErrorf("manifest %d is not a shard: its generator %q does not end in --shard i/n", i+1, m.Generator)
		case gen != base:
			return puzzles.Manifest{}, nil, mergeErrorf("shard %s comes from another generation: %q, not %q", sh, gen, base)
		case sh.Count != n:
			return puzzles.Manifest{}, nil, mergeErrorf("shard %s is one of %d shards, not of %d", sh, sh.Count, n)
		case byIndex[sh.Index] >= 0:
			return puzzles.Manifest{}, nil, mergeErrorf("shard %s is given twice", sh)
		case m.Shape != shards[0].Shape || m.Goal != shards[0].Goal || m.Convention != shards[0].Convention || m.Format != shards[0].Format || !sameSeed(m.Seed, shards[0].Seed):
			return puzzles.Manifest{}, nil, mergeErrorf("shard %s differs from shard %s in shape, goal, moves, format or seed", sh, first)
		}
		byIndex[sh.Index] = i
		total += len(m.Puzzles)
	}
	// Slot k of the set is in shard k mod n + 1, as its (k div n)-th
	// entry.
	merged = shards[0]
	merged.Generator = base
	merged.Puzzles = make([]puzzles.ManifestEntry, 0, total)
	from = make([]int, 0, total)
	files := map[string]bool{}
	for k := range total {
		idx := byIndex[k%n+1]
		j := k / n
		if j >= len(shards[idx].Puzzles) {
			return puzzles.Manifest{}, nil, mergeErrorf("shard %d/%d holds %d puzzles, but a set of %d puzzles gives it more", k%n+1, n, len(shards[idx].Puzzles), total)
		}
		e := shards[idx].Puzzles[j]
		if files[e.File] {
			return puzzles.Manifest{}, nil, mergeErrorf("%s is in two shards", e.File)
		}
		files[e.File] = true
		merged.Puzzles = append(merged.Puzzles, e)
		from = append(from, idx)
	}
	return merged, from, nil
}

func sameSeed(a, b *uint64) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}

// MergeDirs reads the shard folders dirs (each holding a manifest.json
// written from a sharded Generate), merges them as Merge does, reads every
// puzzle, and returns the whole set, ready to be written. Two shards
// holding the same board are an error.
func MergeDirs(dirs []string) (Set, error) {
	manifests := make([]puzzles.Manifest, len(dirs))
	for i, d := range dirs {
		m, err := puzzles.ReadManifest(filepath.Join(d, puzzles.ManifestFile))
		if err != nil {
			return Set{}, err
		}
		manifests[i] = m
	}
	m, from, err := Merge(manifests)
	if err != nil {
		return Set{}, err
	}
	format, err := puzzles.ParseFormat(m.Format)
	if err != nil {
		return Set{}, mergeErrorf("%s: %v", filepath.Join(dirs[0], puzzles.ManifestFile), err)
	}
	set := Set{Manifest: m, Format: format, Puzzles: make([]puzzles.SetPuzzle, len(m.Puzzles))}
	seen := map[string]string{}
	for i, e := range m.Puzzles {
		dir := dirs[from[i]]
		b, err := puzzles.ReadBoardFile(filepath.Join(dir, filepath.FromSlash(e.File)))
		if err != nil {
			return Set{}, err
		}
		if other, dup := seen[boardKey(b)]; dup {
			return Set{}, mergeErrorf("%s and %s are the same board %s; generate again with another seed", other, e.File, b)
		}
		seen[boardKey(b)] = e.File
		goal, err := puzzles.ManifestGoal(manifests[from[i]], dir, b.Shape())
		if err != nil {
			return Set{}, err
		}
		if set.Goal.IsZero() {
			set.Goal = goal
		} else if err := compatibleGoals(set.Goal, goal); err != nil {
			return Set{}, mergeErrorf("%s: %v", filepath.Join(dir, e.File), err)
		}
		set.Puzzles[i] = puzzles.SetPuzzle{Board: b, Entry: e}
	}
	if set.Goal.IsZero() {
		return Set{}, mergeErrorf("the shards hold no puzzles")
	}
	return set, nil
}
