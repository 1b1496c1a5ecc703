package bench

import (
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/kpuzzle/kpuzzle/reference/textstyle"
)

// Comparison is a comparison as an instructor reads it: one row per
// combination (solved, optimal, unfinished, means and maxima of the
// counts, b*, time) over the set, and every run on every instance. It is
// the --json object of kpuzzle bench, which prints it with WriteText or
// WriteCSV.
type Comparison struct {
	Set      string          `json:"set"`
	Goal     string          `json:"goal"`
	Count    int             `json:"count"`
	Limits   ComparisonLimit `json:"limits"`
	TieBreak string          `json:"tie_break"`
	Jobs     int             `json:"jobs"`
	// Threads is the number of goroutines of each IDA* run.
	Threads      int            `json:"threads"`
	Combinations []ComboSummary `json:"combinations"`
	Instances    []InstanceRuns `json:"instances"`
	// TotalSeconds is the time of every run of every combination.
	TotalSeconds float64 `json:"total_seconds"`
	// AllOptimal is Report.AllOptimal.
	AllOptimal bool `json:"all_optimal"`
	// Plots are the files of the plots written, if any.
	Plots []string `json:"plots"`
}

// ComparisonLimit are a comparison's limits per run (0: none).
type ComparisonLimit struct {
	MaxNodes       int64   `json:"max_nodes"`
	MaxMemoryMiB   int64   `json:"max_memory_mib"`
	TimeoutSeconds float64 `json:"timeout_seconds"`
}

// ComboSummary is one combination's row.
type ComboSummary struct {
	Name      string `json:"name"`
	Algorithm string `json:"algorithm"`
	Heuristic string `json:"heuristic"`
	Summary
}

// ComboRun is one combination's run on one instance.
type ComboRun struct {
	Combination string `json:"combination"`
	// Nodes is the nodes generated, as in the per-instance table.
	Nodes int64 `json:"nodes"`
	Result
}

// InstanceRuns is one instance with every combination's run on it.
type InstanceRuns struct {
	Name            string     `json:"name"`
	Shape           string     `json:"shape"`
	PublishedLength *int       `json:"published_length"`
	Depth           *int       `json:"depth"`
	Runs            []ComboRun `json:"runs"`
}

// Comparison lays the report of cfg's run on set out as a comparison;
// plots lists the plot files written beside it.
func (r Report) Comparison(set Set, cfg Config, plots []string) Comparison {
	c := Comparison{
		Set: set.Name, Goal: set.GoalName, Count: len(r.Instances),
		Limits:   ComparisonLimit{MaxNodes: cfg.Limits.MaxNodes, MaxMemoryMiB: cfg.Limits.MaxBytes >> 20, TimeoutSeconds: cfg.Limits.Timeout.Seconds()},
		TieBreak: cfg.TieBreak.String(), Jobs: max(cfg.Jobs, 1), Threads: max(r.Threads, 1), AllOptimal: r.AllOptimal(), Plots: append([]string{}, plots...),
	}
	for _, cr := range r.Combos {
		c.Combinations = append(c.Combinations, ComboSummary{Name: cr.Combo.String(), Algorithm: cr.Combo.Algorithm, Heuristic: cr.Combo.Heuristic, Summary: cr.Summary})
		c.TotalSeconds += cr.Summary.Seconds
	}
	for i, in := range r.Instances {
		ir := InstanceRuns{Name: in.Name, Shape: in.Board.Shape().String(), PublishedLength: knownPtr(in.Optimal), Depth: knownPtr(r.Depths[i])}
		for _, cr := range r.Combos {
			res := cr.Results[i]
			ir.Runs = append(ir.Runs, ComboRun{Combination: cr.Combo.String(), Nodes: res.Generated, Result: res})
		}
		c.Instances = append(c.Instances, ir)
	}
	return c
}

// knownPtr is n, or nil when n < 0 (unknown).
func knownPtr(n int) *int {
	if n < 0 {
		return nil
	}
	return &n
}

// comparisonColumns are the columns of the comparison table (text and
// CSV; CSV adds the solvable count after solved).
var comparisonColumns = []string{"combination", "solved", "optimal", "unfinished", "mean expanded", "max expanded", "mean generated", "mean frontier", "max frontier", "b*", "mean seconds", "total seconds"}

// row is one combination's row: the raw figures for CSV, or their
// spelling for people.
func (c ComboSummary) row(human bool) []string {
	s := c.Summary
	num := func(v int64) string {
		if human {
			return textstyle.Digits(v)
		}
		return strconv.FormatInt(v, 10)
	}
	solvedOnly := func(text string) string {
		if s.Solved == 0 {
			return "-"
		}
		return text
	}
	mean := func(v float64) string {
		if human {
			return solvedOnly(textstyle.Digits(int64(math.Round(v))))
		}
		return solvedOnly(strconv.FormatFloat(v, 'f', 1, 64))
	}
	branching := "-"
	if s.MeanBranching > 0 {
		branching = strconv.FormatFloat(s.MeanBranching, 'f', 3, 64)
	}
	solved := strconv.Itoa(s.Solved)
	if human {
		solved = fmt.Sprintf("%d/%d", s.Solved, s.Solvable)
	}
	return []string{c.Name, solved, strconv.Itoa(s.Optimal), strconv.Itoa(s.Unfinished),
		mean(s.MeanExpanded), solvedOnly(num(s.MaxExpanded)), mean(s.MeanGenerated), mean(s.MeanFrontier), solvedOnly(num(s.MaxFrontier)),
		branching, solvedOnly(strconv.FormatFloat(s.MeanSeconds, 'f', 3, 64)), strconv.FormatFloat(s.Seconds, 'f', 3, 64)}
}

// WriteCSV writes the comparison table as CSV, one row per combination,
// with the solvable count as a column of its own.
func (c Comparison) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	withSolvable := func(row []string, solvable string) []string {
		return append(append(append([]string{}, row[:2]...), solvable), row[2:]...)
	}
	if err := cw.Write(withSolvable(comparisonColumns, "solvable")); err != nil {
		return err
	}
	for _, cs := range c.Combinations {
		if err := cw.Write(withSolvable(cs.row(false), strconv.Itoa(cs.Solvable))); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// WriteText writes the comparison table for people: the set and the
// limits, a row per combination, what the columns mean, the
// combinations whose guaranteed-optimal solutions differ from the known
// lengths, and the total time.
func (c Comparison) WriteText(w io.Writer, st textstyle.Style) error {
	var shapes []string
	for _, in := range c.Instances {
		if !slices.Contains(shapes, in.Shape) {
			shapes = append(shapes, in.Shape)
		}
	}
	var limits []string
	if c.Limits.MaxNodes > 0 {
		limits = append(limits, textstyle.Digits(c.Limits.MaxNodes)+" expansions")
	}
	if c.Limits.TimeoutSeconds > 0 {
		limits = append(limits, time.Duration(c.Limits.TimeoutSeconds*float64(time.Second)).String())
	}
	if c.Limits.MaxMemoryMiB > 0 {
		limits = append(limits, fmt.Sprintf("%d MiB (graph searches)", c.Limits.MaxMemoryMiB))
	}
	if len(limits) == 0 {
		limits = []string{"none"}
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s: %d puzzles, %s, %s goal; limits per run: %s; tie-break %s\n",
		st.Bold.Sprint(c.Set), c.Count, strings.Join(shapes, ", "), c.Goal, strings.Join(limits, ", "), c.TieBreak)
	// Names read best aligned left, figures right: pad the names to one
	// width, and let the writer align the rest right.
	width := len(comparisonColumns[0])
	for _, cs := range c.Combinations {
		width = max(width, len(cs.Name))
	}
	header := append([]string{fmt.Sprintf("%-*s", width, comparisonColumns[0])}, comparisonColumns[1:]...)
	tw := tabwriter.NewWriter(&sb, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, strings.Join(header, "\t")+"\t")
	for _, cs := range c.Combinations {
		row := cs.row(true)
		row[0] = fmt.Sprintf("%-*s", width, row[0])
		switch {
		case cs.Mismatches > 0:
			row[0] = st.Bad.Sprint(row[0])
		case cs.Unfinished > 0:
			row[1] = st.Warn.Sprint(row[1])
		}
		fmt.Fprintln(tw, strings.Join(row, "\t")+"\t")
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	sb.WriteString(st.Dim.Sprint("optimal: solved in the optimal number of moves; unfinished: stopped by a limit; means and maxima over the solved runs; b*: mean effective branching factor; total seconds: every run, stopped ones included") + "\n")
	for _, cs := range c.Combinations {
		if cs.Mismatches > 0 {
			fmt.Fprintf(&sb, "%s: %d solutions guaranteed optimal differ from the known optimal length\n", st.Bad.Sprint(cs.Name), cs.Mismatches)
		}
	}
	fmt.Fprintf(&sb, "total: %.3fs of search\n", c.TotalSeconds)
	if len(c.Plots) > 0 {
		fmt.Fprintf(&sb, "plots: %s\n", strings.Join(c.Plots, ", "))
	}
	_, err := io.WriteString(w, sb.String())
	return err
}
