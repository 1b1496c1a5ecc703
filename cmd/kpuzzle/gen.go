package main

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/spf13/cobra"
)

type genOptions struct {
	puzzle     puzzleFlags
	shape      string
	count      int
	seed       uint64
	walk       int
	uniform    bool
	unsolvable int
	out        string
	format     string
}

func newGenCmd(a *app) *cobra.Command {
	var opts genOptions
	cmd := &cobra.Command{
		Use:   "gen --shape RxC --out DIR",
		Short: "Generate a puzzle set: solvable and deliberately unsolvable boards",
		Long: `Generate a puzzle set into DIR: one puzzle file per board and a
manifest.json listing each file with whether it is solvable.

Boards are drawn uniformly from the solvable states (--uniform, the default)
or by a random walk of L moves from the goal that never undoes its previous
move (--walk L); --unsolvable N adds N boards drawn uniformly from the states
that cannot reach the goal. The same --seed always gives the same set.`,
		Example: `  kpuzzle gen --shape 3x3 --count 10 --seed 1 --out set1
  kpuzzle gen --shape 4x4 --count 5 --walk 30 --unsolvable 2 --seed 7 --out set2
  kpuzzle gen --shape 2x5 --count 3 --goal blank-first --format princeton --out set3`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if cmd.Flags().Changed("walk") && opts.uniform {
				return usageErrorf("--walk and --uniform exclude each other")
			}
			return runGen(a, opts)
		},
	}
	f := cmd.Flags()
	opts.puzzle.register(f)
	f.StringVar(&opts.shape, "shape", "3x3", "board shape RxC, for example 3x3 or 2x5")
	f.IntVar(&opts.count, "count", 10, "number of solvable puzzles")
	f.Uint64Var(&opts.seed, "seed", 1, "random seed; the same seed gives the same set")
	f.IntVar(&opts.walk, "walk", 0, "make each puzzle by a random walk of this many moves from the goal")
	f.BoolVar(&opts.uniform, "uniform", false, "draw puzzles uniformly from the solvable states (the default)")
	f.IntVar(&opts.unsolvable, "unsolvable", 0, "also make this many unsolvable puzzles")
	f.StringVar(&opts.out, "out", "", "output folder (required)")
	f.StringVar(&opts.format, "format", "rows", "puzzle file format: rows (CS3243) or princeton")
	return cmd
}

type genJSON struct {
	Out string `json:"out"`
	puzzles.Manifest
}

func runGen(a *app, opts genOptions) error {
	if opts.out == "" {
		return usageErrorf("--out DIR is required")
	}
	shape, err := puzzles.ParseShape(opts.shape)
	if err != nil {
		return usageErrorf("--shape: %v", err)
	}
	if opts.count < 0 || opts.unsolvable < 0 || opts.walk < 0 {
		return usageErrorf("--count, --unsolvable and --walk must not be negative")
	}
	format, err := puzzles.ParseFormat(opts.format)
	if err != nil {
		return usageErrorf("--format: %v", err)
	}
	if format == puzzles.FormatPrinceton && shape.Rows != shape.Cols {
		return usageErrorf("--format princeton describes square boards only; %s is not square", shape)
	}
	goal, err := opts.puzzle.goalFor(shape)
	if err != nil {
		return err
	}
	conv, err := opts.puzzle.convention()
	if err != nil {
		return err
	}

	rng := puzzles.NewRand(opts.seed)
	total := opts.count + opts.unsolvable
	width := len(fmt.Sprint(total))
	set := make([]puzzles.SetPuzzle, 0, total)
	name := func(i int) string { return fmt.Sprintf("puzzle_%0*d.txt", width, i+1) }
	for i := range opts.count {
		var b puzzles.Board
		how := "uniform"
		if opts.walk > 0 {
			b, _ = puzzles.RandomWalk(rng, goal, opts.walk)
			how = fmt.Sprintf("walk %d", opts.walk)
		} else {
			b = puzzles.RandomSolvable(rng, goal)
		}
		set = append(set, puzzles.SetPuzzle{Board: b, Entry: puzzles.ManifestEntry{File: name(i), Solvable: true, Seed: how}})
	}
	for i := range opts.unsolvable {
		b := puzzles.RandomUnsolvable(rng, goal)
		set = append(set, puzzles.SetPuzzle{Board: b, Entry: puzzles.ManifestEntry{File: name(opts.count + i), Solvable: false, Seed: "unsolvable"}})
	}
	seed := opts.seed
	m := puzzles.Manifest{
		Shape:     shape.String(),
		Moves:     conv.String(),
		Seed:      &seed,
		Generator: genCommandLine(opts, shape),
	}
	if err := puzzles.WriteSetDir(opts.out, m, goal, set, format); err != nil {
		return fmt.Errorf("write set: %w", err)
	}
	written, err := puzzles.ReadManifest(filepath.Join(opts.out, puzzles.ManifestFile))
	if err != nil {
		return err
	}
	if a.json {
		return writeJSON(a.out, genJSON{Out: opts.out, Manifest: written})
	}
	fmt.Fprintf(a.out, "wrote %d puzzles (%d solvable, %d unsolvable) to %s, listed in %s\n",
		total, opts.count, opts.unsolvable, opts.out, filepath.Join(opts.out, puzzles.ManifestFile))
	return nil
}

// genCommandLine records the options that reproduce the set.
func genCommandLine(opts genOptions, shape puzzles.Shape) string {
	parts := []string{"kpuzzle gen", "--shape " + shape.String(), fmt.Sprintf("--count %d", opts.count), fmt.Sprintf("--seed %d", opts.seed)}
	if opts.walk > 0 {
		parts = append(parts, fmt.Sprintf("--walk %d", opts.walk))
	}
	if opts.unsolvable > 0 {
		parts = append(parts, fmt.Sprintf("--unsolvable %d", opts.unsolvable))
	}
	if opts.puzzle.goal != "" {
		parts = append(parts, "--goal "+opts.puzzle.goal)
	}
	return strings.Join(parts, " ")
}
