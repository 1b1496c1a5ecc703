package main

import (
	"runtime"
	"strconv"
	"strings"

	"github.com/kpuzzle/kpuzzle/grader/audit"
	"github.com/kpuzzle/kpuzzle/grader/scaffold"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/puzzles/notation"
	"github.com/kpuzzle/kpuzzle/reference"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// flagValues are the values shell completion offers for a flag, by the
// flag's name, whatever the command. Flags taking a comma-separated list
// (bench --algo) complete each item.
var flagValues = map[string]func() []string{
	"algo":      reference.AlgorithmNames,
	"heuristic": heuristicNames,
	"goal":      puzzles.GoalNames,
	"moves":     func() []string { return []string{"tile", "blank"} },
	"shape":     func() []string { return []string{"2x2", "2x3", "2x4", "3x3", "2x5", "3x4", "4x4", "5x5"} },
	"set":       setNames,
	"language":  scaffold.LanguageNames,
	"interface": scaffold.KindNames,
	"isolation": func() []string { return []string{"auto", "namespaces", "rlimits"} },
	"layout":    func() []string { return []string{"auto", "single", "folders"} },
	"format":    func() []string { return []string{"rows", "princeton", "42", "json"} },
	"answer-format": func() []string {
		out := []string{notation.Auto.String()}
		for _, n := range notation.Notations {
			out = append(out, n.String())
		}
		return out
	},
	"threads": threadCounts,
	// audit's heuristics and board shapes.
	"expect":      heuristicNames,
	"dominates":   heuristicNames,
	"lower-bound": heuristicNames,
	"board":       func() []string { return append([]string{audit.BoardAuto}, audit.Boards(audit.LanguagePython)...) },
}

// threadCounts are the --threads values worth offering: 0 (every core)
// and 1 to the number of cores.
func threadCounts() []string {
	out := []string{"0"}
	for n := 1; n <= runtime.GOMAXPROCS(0); n++ {
		out = append(out, strconv.Itoa(n))
	}
	return out
}

// heuristicNames are the heuristics solve knows, pattern databases
// included.
func heuristicNames() []string {
	var out []string
	for _, n := range solveHeuristics("").Names() {
		if !strings.Contains(n, "NAME") {
			out = append(out, n)
		}
	}
	return out
}

// setNames lists the shipped sets.
func setNames() []string {
	var out []string
	for _, s := range puzzles.Sets() {
		out = append(out, s.Name)
	}
	return out
}

// registerCompletions gives every flag of the tree named in flagValues its
// values, and every command that reads a PUZZLE argument the shipped
// set:NAME/ID references (files complete as usual).
func registerCompletions(root *cobra.Command) {
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		c.Flags().VisitAll(func(f *pflag.Flag) {
			values, ok := flagValues[f.Name]
			if !ok {
				return
			}
			_ = c.RegisterFlagCompletionFunc(f.Name, func(_ *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
				return completeList(values(), toComplete), cobra.ShellCompDirectiveNoFileComp
			})
		})
		if strings.Contains(c.Use, "PUZZLE") && c.ValidArgsFunction == nil {
			c.ValidArgsFunction = completePuzzle
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
}

// completeList completes the last item of a comma-separated value.
func completeList(values []string, toComplete string) []string {
	i := strings.LastIndexByte(toComplete, ',')
	prefix, last := toComplete[:i+1], toComplete[i+1:]
	var out []string
	for _, v := range values {
		if strings.HasPrefix(v, last) {
			out = append(out, prefix+v)
		}
	}
	return out
}

// completePuzzle offers set:NAME/ and then set:NAME/ID for a puzzle
// argument; anything else completes as a file.
func completePuzzle(_ *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	rest, ok := strings.CutPrefix(toComplete, puzzles.SetRefPrefix)
	if !ok {
		if strings.HasPrefix(puzzles.SetRefPrefix, toComplete) && toComplete != "" {
			return []string{puzzles.SetRefPrefix}, cobra.ShellCompDirectiveNoSpace | cobra.ShellCompDirectiveNoFileComp
		}
		return nil, cobra.ShellCompDirectiveDefault
	}
	name, _, hasID := strings.Cut(rest, "/")
	if !hasID {
		var out []string
		for _, n := range setNames() {
			if strings.HasPrefix(n, name) {
				out = append(out, puzzles.SetRefPrefix+n+"/")
			}
		}
		return out, cobra.ShellCompDirectiveNoSpace | cobra.ShellCompDirectiveNoFileComp
	}
	set, err := puzzles.LoadSet(name)
	if err != nil {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	var out []string
	for _, inst := range set.Instances {
		if ref := puzzles.SetRefPrefix + name + "/" + inst.Name; strings.HasPrefix(ref, toComplete) {
			out = append(out, ref)
		}
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}
