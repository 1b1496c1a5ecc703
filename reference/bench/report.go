package bench

import (
	"fmt"
	"sort"
)

// Report is the outcome of a comparison.
type Report struct {
	Instances []Instance
	// Depths[i] is the optimal solution length of instance i used to
	// group the plots: the known one, else the length of a solution some
	// combination guarantees optimal; -1 when neither exists (and for
	// unsolvable instances).
	Depths []int
	// Combos holds one ComboResult per combination, in the order of
	// Config.Combos.
	Combos []ComboResult
	// Notes say what a reader should know about the heuristics chosen
	// (from Config.PickHeuristic), such as a weaker pattern database
	// used because the stronger one is not built.
	Notes []string
	// MemoryBytes is the memory the process had obtained from the
	// operating system when the comparison ended (Go's runtime Sys), an
	// upper bound of its peak heap.
	MemoryBytes uint64
	// Threads is Config.Threads (at least 1): the goroutines of each
	// IDA* run.
	Threads int
}

// ComboResult is one combination over the whole set: its runs and their
// summary.
type ComboResult struct {
	Combo Combo
	// Results holds one Result per instance, in the order of
	// Report.Instances.
	Results []Result
	Summary Summary
	// Heuristics are the heuristics the combination ran with, one per
	// goal of the set (none for an uninformed algorithm or auto).
	Heuristics []HeuristicUse
	// SetupSeconds is the time spent loading or building them before
	// any run, counted in no run's time.
	SetupSeconds float64
}

// Summary sums a combination's runs up. Means and maxima are over the
// solved runs only: a stopped run's counts are lower bounds.
type Summary struct {
	// Solvable is the number of instances that can reach their goal;
	// Solved how many of them the combination solved; Unfinished how
	// many runs a limit stopped (or the algorithm's own bound, for
	// depth-limited search).
	Solvable   int `json:"solvable"`
	Solved     int `json:"solved"`
	Unfinished int `json:"unfinished"`
	// Optimal counts solved runs whose length equals the instance's
	// optimal depth (Report.Depths) when that is known; Suboptimal those
	// longer than it.
	Optimal    int `json:"optimal"`
	Suboptimal int `json:"suboptimal"`
	// Mismatches counts results with Mismatch set.
	Mismatches    int     `json:"mismatches"`
	MeanExpanded  float64 `json:"mean_expanded"`
	MaxExpanded   int64   `json:"max_expanded"`
	MeanGenerated float64 `json:"mean_generated"`
	MaxGenerated  int64   `json:"max_generated"`
	MeanFrontier  float64 `json:"mean_max_frontier"`
	MaxFrontier   int64   `json:"max_frontier"`
	// MeanBranching is the mean effective branching factor over the
	// solved runs where it is defined (0 when it is nowhere).
	MeanBranching float64 `json:"mean_branching"`
	// MeanSeconds is the mean time of the solved runs, as the other
	// means; Seconds the total time of every run, stopped ones included.
	MeanSeconds float64 `json:"mean_seconds"`
	Seconds     float64 `json:"seconds"`
}

// finish fills Depths and every Summary.
func (r *Report) finish() {
	r.Depths = make([]int, len(r.Instances))
	for i, in := range r.Instances {
		r.Depths[i] = in.Optimal
		if in.Optimal >= 0 {
			continue
		}
		for _, c := range r.Combos {
			if res := c.Results[i]; res.Status == StatusSolved && res.Optimal {
				r.Depths[i] = res.Length
				break
			}
		}
	}
	for i := range r.Combos {
		r.Combos[i].Summary = r.summarize(r.Combos[i].Results)
	}
}

func (r *Report) summarize(results []Result) Summary {
	var s Summary
	var expanded, generated, frontier, branching, seconds float64
	branched := 0
	for i, res := range results {
		s.Seconds += res.Seconds
		if res.Mismatch {
			s.Mismatches++
		}
		switch res.Status {
		case StatusUnsolvable:
			continue
		case StatusSolved:
		default:
			s.Solvable++
			s.Unfinished++
			continue
		}
		s.Solvable++
		s.Solved++
		if d := r.Depths[i]; d >= 0 {
			switch {
			case res.Length == d:
				s.Optimal++
			case res.Length > d:
				s.Suboptimal++
			}
		}
		expanded += float64(res.Expanded)
		generated += float64(res.Generated)
		seconds += res.Seconds
		frontier += float64(res.MaxFrontier)
		s.MaxExpanded = max(s.MaxExpanded, res.Expanded)
		s.MaxGenerated = max(s.MaxGenerated, res.Generated)
		s.MaxFrontier = max(s.MaxFrontier, res.MaxFrontier)
		if res.Branching > 0 {
			branching += res.Branching
			branched++
		}
	}
	if s.Solved > 0 {
		n := float64(s.Solved)
		s.MeanExpanded, s.MeanGenerated, s.MeanFrontier, s.MeanSeconds = expanded/n, generated/n, frontier/n, seconds/n
	}
	if branched > 0 {
		s.MeanBranching = branching / float64(branched)
	}
	return s
}

// AllOptimal reports whether no result has Mismatch set: every solution
// the solver guarantees optimal has the known optimal length.
func (r Report) AllOptimal() bool {
	for _, c := range r.Combos {
		if c.Summary.Mismatches > 0 {
			return false
		}
	}
	return true
}

// Metric is a statistic of a run that a plot shows.
type Metric int

// The metrics of ByDepth.
const (
	Expanded Metric = iota
	Generated
	MaxFrontier
	Branching
	Seconds
)

// String names the metric: "expanded", "generated", "max_frontier",
// "branching" or "seconds".
func (m Metric) String() string {
	switch m {
	case Expanded:
		return "expanded"
	case Generated:
		return "generated"
	case MaxFrontier:
		return "max_frontier"
	case Branching:
		return "branching"
	case Seconds:
		return "seconds"
	}
	return fmt.Sprintf("Metric(%d)", int(m))
}

func (m Metric) of(r Result) (float64, bool) {
	switch m {
	case Expanded:
		return float64(r.Expanded), true
	case Generated:
		return float64(r.Generated), true
	case MaxFrontier:
		return float64(r.MaxFrontier), true
	case Branching:
		return r.Branching, r.Branching > 0
	case Seconds:
		return r.Seconds, true
	}
	return 0, false
}

// DepthPoint is the mean of a metric over one combination's solved runs
// on the instances of one optimal depth.
type DepthPoint struct {
	Depth int
	Mean  float64
	// Runs is the number of runs averaged; Unfinished the number of runs
	// at this depth that a limit stopped (left out of the mean).
	Runs, Unfinished int
}

// ByDepth returns, for the combination at index combo, the mean of m
// over its solved runs at each optimal depth (Report.Depths), in
// increasing depth. A depth where the combination solved nothing (or
// where m is undefined on every run, as b* at depth 0) has no point.
func (r Report) ByDepth(combo int, m Metric) []DepthPoint {
	type acc struct {
		sum              float64
		runs, unfinished int
	}
	by := map[int]*acc{}
	for i, res := range r.Combos[combo].Results {
		d := r.Depths[i]
		if d < 0 || res.Status == StatusUnsolvable {
			continue
		}
		a := by[d]
		if a == nil {
			a = &acc{}
			by[d] = a
		}
		if res.Status != StatusSolved {
			a.unfinished++
			continue
		}
		if v, ok := m.of(res); ok {
			a.sum += v
			a.runs++
		}
	}
	var out []DepthPoint
	for d, a := range by {
		if a.runs > 0 {
			out = append(out, DepthPoint{Depth: d, Mean: a.sum / float64(a.runs), Runs: a.runs, Unfinished: a.unfinished})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Depth < out[j].Depth })
	return out
}
