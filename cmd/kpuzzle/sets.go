package main

import (
	"fmt"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/spf13/cobra"
)

func newSetsCmd(a *app) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "sets",
		Short: "List the puzzle sets shipped in the binary",
		Long: `List the puzzle sets shipped in the binary: published benchmark instances
with their optimal lengths, the hardest positions of small boards, and a real
course's public tests. Any instance can be used wherever a puzzle file is
expected as set:NAME/ID, for example kpuzzle solve set:korf100/1.`,
		Example: `  kpuzzle sets
  kpuzzle sets show 8puzzle-hardest
  kpuzzle sets export korf100 --out korf100`,
		Args: cobra.NoArgs,
		RunE: func(_ *cobra.Command, _ []string) error { return runSetsList(a) },
	}
	cmd.AddCommand(newSetsShowCmd(a), newSetsExportCmd(a))
	return cmd
}

type setJSON struct {
	puzzles.SetInfo
	Count int `json:"count"`
}

func runSetsList(a *app) error {
	var list []setJSON
	for _, info := range puzzles.Sets() {
		set, err := puzzles.LoadSet(info.Name)
		if err != nil {
			return err
		}
		list = append(list, setJSON{SetInfo: info, Count: len(set.Instances)})
	}
	if a.json {
		return writeJSON(a.out, map[string]any{"sets": list})
	}
	tw := tabwriter.NewWriter(a.out, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, a.paint.bold("NAME")+"\t"+a.paint.bold("PUZZLES")+"\t"+a.paint.bold("GOAL")+"\t"+a.paint.bold("DESCRIPTION"))
	for _, s := range list {
		fmt.Fprintf(tw, "%s\t%d\t%s\t%s\n", s.Name, s.Count, s.Goal, s.Description)
	}
	return tw.Flush()
}

func newSetsShowCmd(a *app) *cobra.Command {
	return &cobra.Command{
		Use:   "show NAME",
		Short: "List the instances of a shipped set",
		Args:  cobra.ExactArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			set, err := puzzles.LoadSet(args[0])
			if err != nil {
				return usageErrorf("%v", err)
			}
			type instJSON struct {
				ID      string `json:"id"`
				Shape   string `json:"shape"`
				Board   []int  `json:"board"`
				Optimal *int   `json:"optimal_length"`
			}
			out := make([]instJSON, len(set.Instances))
			for i, inst := range set.Instances {
				out[i] = instJSON{ID: inst.Name, Shape: inst.Board.Shape().String(), Board: inst.Board.Cells(), Optimal: knownLength(inst.Optimal)}
			}
			if a.json {
				return writeJSON(a.out, map[string]any{"name": set.Name, "goal": set.GoalName, "instances": out})
			}
			fmt.Fprintf(a.out, "%s (%s goal): %s\n", set.Name, set.GoalName, set.Description)
			tw := tabwriter.NewWriter(a.out, 0, 4, 2, ' ', 0)
			for _, inst := range out {
				length := "?"
				if inst.Optimal != nil {
					length = fmt.Sprint(*inst.Optimal)
				}
				fmt.Fprintf(tw, "set:%s/%s\t%s\t%s\t%s\n", set.Name, inst.ID, inst.Shape, length, strings.Trim(fmt.Sprint(inst.Board), "[]"))
			}
			return tw.Flush()
		},
	}
}

func knownLength(n int) *int {
	if n < 0 {
		return nil
	}
	return &n
}

func newSetsExportCmd(a *app) *cobra.Command {
	var out, format string
	cmd := &cobra.Command{
		Use:   "export NAME --out DIR",
		Short: "Write a shipped set as puzzle files with a manifest.json",
		Long: `Write the shipped set NAME into DIR: one puzzle file per instance and a
manifest.json carrying each instance's solvability and its published optimal
length, ready for kpuzzle check and kpuzzle grade.`,
		Args: cobra.ExactArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			if out == "" {
				return usageErrorf("--out DIR is required")
			}
			f, err := puzzles.ParseFormat(format)
			if err != nil {
				return usageErrorf("--format: %v", err)
			}
			return runSetsExport(a, args[0], out, f)
		},
	}
	cmd.Flags().StringVar(&out, "out", "", "output folder (required)")
	cmd.Flags().StringVar(&format, "format", "rows", "puzzle file format: rows (CS3243) or princeton")
	return cmd
}

func runSetsExport(a *app, name, out string, f puzzles.Format) error {
	set, err := puzzles.LoadSet(name)
	if err != nil {
		return usageErrorf("%v", err)
	}
	var shape puzzles.Shape
	mixed := false
	width := len(fmt.Sprint(len(set.Instances)))
	entries := make([]puzzles.SetPuzzle, len(set.Instances))
	for i, inst := range set.Instances {
		s := inst.Board.Shape()
		if i > 0 && s != shape {
			mixed = true
		}
		shape = s
		file := inst.Name
		if !strings.HasSuffix(file, ".txt") {
			file = fmt.Sprintf("%s_%0*s.txt", set.Name, width, inst.Name)
		}
		e := puzzles.ManifestEntry{File: file, Solvable: puzzles.Solvable(inst.Board, set.Goal(inst)), OptimalLength: knownLength(inst.Optimal)}
		if e.OptimalLength != nil {
			e.Proof = inst.Proof
		}
		entries[i] = puzzles.SetPuzzle{Board: inst.Board, Entry: e}
		if inst.Text != nil && inst.Format == f {
			// A file shipped in this layout is written as it is (the
			// CS3243 inputs keep their CRLF line ends).
			entries[i].Text = inst.Text
		}
	}
	m := puzzles.Manifest{Moves: puzzles.TileMoves.String(), Generator: "kpuzzle sets export " + name}
	if !mixed {
		m.Shape = shape.String()
	}
	goal := set.Goal(set.Instances[0])
	if err := puzzles.WriteSetDir(out, m, goal, entries, f); err != nil {
		return fmt.Errorf("export %s: %w", name, err)
	}
	if a.json {
		return writeJSON(a.out, map[string]any{"out": out, "name": name, "count": len(entries)})
	}
	fmt.Fprintf(a.out, "wrote %d puzzles of %s to %s, listed in %s\n", len(entries), name, out, filepath.Join(out, puzzles.ManifestFile))
	return nil
}
