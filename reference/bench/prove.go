package bench

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// CheapFirst is the first pass of a proof run (kpuzzle sets prove): IDA*
// with a heuristic that needs no table, within a node budget per
// instance. An instance it finishes is proved (IDA* with an admissible
// heuristic finds a shortest solution); only the others wait for the
// pattern databases, which may take minutes and gigabytes to build.
type CheapFirst struct {
	// Heuristic is the first pass's heuristic; "" means DefaultCheapHeuristic.
	Heuristic string
	// MaxNodes is the budget of one instance's first pass; 0 means
	// DefaultCheapNodes.
	MaxNodes int64
}

// Defaults of CheapFirst: linear conflicts prove the keys of kpuzzle
// init's 5x5 tests (depths 30 to 40) in hundredths of a second, and 20
// million nodes take about a second or two, far less than the 5x5
// pattern databases' build (docs/performance.md).
const (
	DefaultCheapHeuristic = "linear-conflict"
	DefaultCheapNodes     = 20_000_000
)

// idastar is IDA*'s name on the command line.
const idastar = "idastar"

// ProveCheapFirst runs cfg, a single IDA* combination whose heuristic
// cfg.PickHeuristic chooses (kpuzzle sets prove), in two passes: first
// every instance with cheap's heuristic and budget, then, only for the
// instances the first pass did not finish, cfg itself. The databases
// cfg picks are therefore built (or loaded) only when some instance
// needs them. The report has the one combination of cfg, each result
// from the pass that finished it, the heuristics of both passes, and a
// note saying how many instances each pass proved.
func ProveCheapFirst(ctx context.Context, cfg Config, cheap CheapFirst) (Report, error) {
	if len(cfg.Combos) != 1 || cfg.Combos[0].Algorithm != idastar || cfg.Combos[0].Heuristic != "" {
		return Report{}, errors.New("bench: ProveCheapFirst takes one IDA* combination whose heuristic is picked")
	}
	if cheap.Heuristic == "" {
		cheap.Heuristic = DefaultCheapHeuristic
	}
	if cheap.MaxNodes <= 0 {
		cheap.MaxNodes = DefaultCheapNodes
	}
	first := cfg
	first.Combos = []Combo{{Algorithm: idastar, Heuristic: cheap.Heuristic}}
	first.PickHeuristic = nil
	if first.Limits.MaxNodes <= 0 || first.Limits.MaxNodes > cheap.MaxNodes {
		first.Limits.MaxNodes = cheap.MaxNodes
	}
	start := time.Now()
	rep, err := Run(ctx, first)
	if err != nil {
		return Report{}, err
	}
	firstSeconds := time.Since(start).Seconds()
	var rest []int
	for i, r := range rep.Combos[0].Results {
		if !r.Status.Finished() {
			rest = append(rest, i)
		}
	}
	rep.Combos[0].Combo = cfg.Combos[0]
	if len(rest) == 0 {
		rep.Notes = append(rep.Notes, fmt.Sprintf("every instance was proved by IDA* with %s within %d nodes (%.1f s in all): no pattern database was needed", cheap.Heuristic, cheap.MaxNodes, firstSeconds))
		return rep, nil
	}
	second := cfg
	second.Instances = make([]Instance, len(rest))
	for j, i := range rest {
		second.Instances[j] = cfg.Instances[i]
	}
	rep2, err := Run(ctx, second)
	if err != nil {
		return Report{}, err
	}
	cr := &rep.Combos[0]
	for j, i := range rest {
		cr.Results[i] = rep2.Combos[0].Results[j]
	}
	cr.Heuristics = append(cr.Heuristics, rep2.Combos[0].Heuristics...)
	cr.SetupSeconds += rep2.Combos[0].SetupSeconds
	rep.Notes = append(rep.Notes, rep2.Notes...)
	proved := len(cfg.Instances) - len(rest)
	rep.Notes = append(rep.Notes, fmt.Sprintf("%d of %d instances were proved by IDA* with %s within %d nodes; the other %d needed a stronger heuristic", proved, len(cfg.Instances), cheap.Heuristic, cheap.MaxNodes, len(rest)))
	rep.MemoryBytes = max(rep.MemoryBytes, rep2.MemoryBytes)
	rep.Threads = max(rep.Threads, rep2.Threads)
	rep.finish()
	return rep, nil
}
