package bench

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/kpuzzle/kpuzzle/reference/textstyle"
)

// InstanceTable is a comparison laid out one row per instance, as the
// pattern-database literature reports Korf's instances: for each
// combination, every instance's length against the published one, nodes
// generated and time, with the databases' setup apart. It is the --json
// object of kpuzzle bench when it runs IDA* with pattern databases only:
// the first combination's table at the top level, and every
// combination's in Runs when there are several.
type InstanceTable struct {
	Set   string `json:"set"`
	Goal  string `json:"goal"`
	Count int    `json:"count"`
	InstanceRun
	Runs []InstanceRun `json:"runs,omitempty"`
}

// InstanceRun is one combination over the set, an instance a row.
type InstanceRun struct {
	Algorithm string `json:"algorithm"`
	// Heuristic is the heuristic named, or the names of those picked for
	// each goal (Config.PickHeuristic), comma-separated.
	Heuristic  string   `json:"heuristic"`
	Heuristics []string `json:"heuristics_used"`
	Reflection bool     `json:"reflection"`
	// SetupSeconds is the time spent loading or building databases, not
	// counted in TotalSeconds; TableBytes their memory.
	SetupSeconds float64       `json:"setup_seconds"`
	TableBytes   int64         `json:"table_bytes"`
	Instances    []InstanceRow `json:"instances"`
	Solved       int           `json:"solved"`
	Mismatches   int           `json:"mismatches"`
	Unfinished   int           `json:"unfinished"`
	TotalNodes   int64         `json:"total_nodes"`
	TotalSeconds float64       `json:"total_seconds"`
	MeanNodes    float64       `json:"mean_nodes"`
	MeanSeconds  float64       `json:"mean_seconds"`
	// AllOptimal reports that every instance was solved (or proved
	// unsolvable) within the limits and none differs from its known
	// length.
	AllOptimal bool `json:"all_optimal"`
	// MemoryBytes is Report.MemoryBytes.
	MemoryBytes uint64 `json:"memory_bytes"`
	// Threads is the number of goroutines each run's search used: the
	// most any of them ran on.
	Threads int `json:"threads"`
}

// InstanceRow is one instance's run.
type InstanceRow struct {
	Name            string  `json:"name"`
	Shape           string  `json:"shape"`
	Length          *int    `json:"length"`
	PublishedLength *int    `json:"published_length"`
	Nodes           int64   `json:"nodes"`
	Expanded        int64   `json:"expanded"`
	InitialH        int     `json:"initial_h"`
	Seconds         float64 `json:"seconds"`
	// Status is optimal (the known length), solved (no length known),
	// mismatch (not the known length, or unsolvable with a known
	// length), unsolvable, or the limit that stopped the run: timeout,
	// node-limit, memory-limit, not-found.
	Status string `json:"status"`
}

// The statuses of an InstanceRow besides a run's own.
const (
	RowOptimal  = "optimal"
	RowMismatch = "mismatch"
)

// InstanceTable lays the report out one row per instance of set.
func (r Report) InstanceTable(set Set) InstanceTable {
	t := InstanceTable{Set: set.Name, Goal: set.GoalName, Count: len(r.Instances)}
	for _, cr := range r.Combos {
		t.Runs = append(t.Runs, r.instanceRun(cr))
	}
	if len(t.Runs) > 0 {
		t.InstanceRun = t.Runs[0]
	}
	if len(t.Runs) < 2 {
		t.Runs = nil
	}
	return t
}

func (r Report) instanceRun(cr ComboResult) InstanceRun {
	run := InstanceRun{Algorithm: cr.Combo.Algorithm, Heuristic: cr.Combo.Heuristic, SetupSeconds: cr.SetupSeconds, AllOptimal: true, MemoryBytes: r.MemoryBytes}
	for _, u := range cr.Heuristics {
		if !slices.Contains(run.Heuristics, u.Name) {
			run.Heuristics = append(run.Heuristics, u.Name)
		}
		run.TableBytes += u.Bytes
		run.Reflection = run.Reflection || u.Reflects
	}
	if run.Heuristic == "" {
		run.Heuristic = strings.Join(run.Heuristics, ",")
	}
	for i, in := range r.Instances {
		res := cr.Results[i]
		run.Threads = max(run.Threads, res.Threads, 1)
		row := InstanceRow{Name: in.Name, Shape: in.Board.Shape().String(), PublishedLength: knownPtr(in.Optimal),
			Nodes: res.Generated, Expanded: res.Expanded, InitialH: res.InitialH, Seconds: res.Seconds, Status: string(res.Status)}
		switch {
		case res.Status == StatusSolved:
			row.Length = knownPtr(res.Length)
			switch {
			case res.Mismatch || (in.Optimal >= 0 && res.Length != in.Optimal):
				row.Status = RowMismatch
			case in.Optimal >= 0:
				row.Status = RowOptimal
			}
		case res.Status == StatusUnsolvable && res.Mismatch:
			row.Status = RowMismatch
		}
		switch row.Status {
		case RowMismatch:
			run.Solved++
			run.Mismatches++
			run.AllOptimal = false
		case RowOptimal, string(StatusSolved), string(StatusUnsolvable):
			run.Solved++
		default:
			run.Unfinished++
			run.AllOptimal = false
		}
		run.Instances = append(run.Instances, row)
		run.TotalNodes += row.Nodes
		run.TotalSeconds += row.Seconds
	}
	if n := float64(len(run.Instances)); n > 0 {
		run.MeanNodes, run.MeanSeconds = float64(run.TotalNodes)/n, run.TotalSeconds/n
	}
	return run
}

// EveryRunOptimal reports whether every combination's table is
// AllOptimal (the top-level AllOptimal is the first combination's).
func (t InstanceTable) EveryRunOptimal() bool {
	for _, run := range t.runs() {
		if !run.AllOptimal {
			return false
		}
	}
	return true
}

func (t InstanceTable) runs() []InstanceRun {
	if len(t.Runs) > 0 {
		return t.Runs
	}
	return []InstanceRun{t.InstanceRun}
}

// WriteText writes each combination's table for people: a heading with
// the databases' setup, a row per instance (length, published length,
// nodes, seconds, status), the totals and the means.
func (t InstanceTable) WriteText(w io.Writer, st textstyle.Style) error {
	var sb strings.Builder
	for _, r := range t.runs() {
		refl := "off"
		if r.Reflection {
			refl = "on"
		}
		threads := ""
		if r.Threads > 1 {
			threads = fmt.Sprintf("; %d threads per search", r.Threads)
		}
		fmt.Fprintf(&sb, "%s: %d instances, %s goal; %s + %s (reflection %s); databases ready in %.2fs (%s)%s\n",
			st.Bold.Sprint(t.Set), len(r.Instances), t.Goal, r.Algorithm, r.Heuristic, refl, r.SetupSeconds, textstyle.Bytes(r.TableBytes), threads)
		tw := tabwriter.NewWriter(&sb, 0, 4, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintln(tw, "instance\tlength\tpublished\tnodes\tseconds\tstatus\t")
		for _, in := range r.Instances {
			length, pub := "-", "-"
			if in.Length != nil {
				length = fmt.Sprint(*in.Length)
			}
			if in.PublishedLength != nil {
				pub = fmt.Sprint(*in.PublishedLength)
			}
			status := in.Status
			switch in.Status {
			case RowOptimal, string(StatusSolved):
				status = st.Good.Sprint(status)
			case RowMismatch:
				status = st.Bad.Sprint(status)
			case string(StatusUnsolvable):
			default:
				status = st.Warn.Sprint(status)
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%.4f\t%s\t\n", in.Name, length, pub, textstyle.Digits(in.Nodes), in.Seconds, status)
		}
		if err := tw.Flush(); err != nil {
			return err
		}
		verdict := st.Good.Sprint("all optimal")
		if !r.AllOptimal {
			verdict = st.Bad.Sprint(fmt.Sprintf("%d mismatched, %d unfinished", r.Mismatches, r.Unfinished))
		}
		fmt.Fprintf(&sb, "total: %d/%d solved, %s; %s nodes, %.3fs search\n", r.Solved, len(r.Instances), verdict, textstyle.Digits(r.TotalNodes), r.TotalSeconds)
		fmt.Fprintf(&sb, "mean per instance: %s nodes, %.4fs; memory %s\n", textstyle.Digits(int64(r.MeanNodes+0.5)), r.MeanSeconds, textstyle.Bytes(int64(r.MemoryBytes)))
	}
	_, err := io.WriteString(w, sb.String())
	return err
}
