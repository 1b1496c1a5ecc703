package audit

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/exact"
	"github.com/kpuzzle/kpuzzle/reference/pdb"
	"github.com/kpuzzle/kpuzzle/reference/search"
)

// Defaults of Options.
const (
	// DefaultExhaustiveCells is the largest board, in cells, audited
	// exhaustively when Options.Coverage is empty: up to 2x5 (1,814,400
	// states) the exact table builds in about a second. 3x4 and 2x6 (240
	// million states) are audited exhaustively only when asked for.
	DefaultExhaustiveCells = 10
	// DefaultSamples is the number of random states of a sampled audit:
	// half drawn uniformly, half by random walks.
	DefaultSamples = 1000
	// DefaultMaxCounterexamples caps the counterexamples listed per kind.
	DefaultMaxCounterexamples = 20
	// DefaultTolerance is the largest difference counted as equal by the
	// --expect check.
	DefaultTolerance = 1e-6
	// DefaultSolveTimeout bounds each optimal solve of a sampled audit.
	DefaultSolveTimeout = time.Minute
)

// ErrNoGoal reports Options without a goal.
var ErrNoGoal = errors.New("audit: no goal given")

// Options configure an audit. Goal is required; every other field has a
// default.
type Options struct {
	// Goal is the goal the heuristic estimates the distance to; its shape
	// is the board audited.
	Goal puzzles.Goal
	// Coverage forces an exhaustive or a sampled audit. Empty means
	// exhaustive on boards of at most DefaultExhaustiveCells cells,
	// sampled otherwise. Exhaustive audits are possible up to
	// exact.MaxCells (12) cells; a 12-cell board holds 8 bytes of value
	// and 1 byte of distance for each of its 239,500,800 states (4.2 GB
	// resident when measured).
	Coverage Coverage
	// Table is the exact table of Goal, if the caller has one; otherwise
	// the audit builds it when it needs it.
	Table *exact.Table

	// Expect, when not nil, is the reference heuristic the values must
	// equal (within Tolerance; for a real-valued reference such as
	// Euclidean distance either its real value or its ceiling).
	Expect search.Heuristic
	// Tolerance is the --expect tolerance; 0 means DefaultTolerance.
	Tolerance float64
	// Dominates, when not nil, is the heuristic the audited one must
	// never be below.
	Dominates search.Heuristic

	// Samples is the number of random states of a sampled audit, half
	// uniform and half reached by random walks whose lengths are spread
	// evenly over 1..4×cells; 0 means DefaultSamples. A values file's
	// states are used instead when the source lists its states, at most
	// Samples of them (a seeded choice when it lists more).
	Samples int
	// Seed seeds the sample; the same seed gives the same states.
	Seed uint64
	// LowerBound is the admissible heuristic of a sampled audit: a state
	// whose value is at most the lower bound's needs no solve. Nil means
	// DefaultLowerBound's choice. When it is a pattern database
	// (*pdb.Heuristic) states are solved with pdb.Solve, otherwise with
	// IDA* using it.
	LowerBound search.Heuristic
	// LowerBoundNote explains the choice of LowerBound in the report.
	LowerBoundNote string
	// PDB configures the pattern databases DefaultLowerBound opens.
	PDB pdb.Options
	// SolveTimeout bounds each optimal solve; 0 means
	// DefaultSolveTimeout. A state not solved in time is reported as
	// undecided.
	SolveTimeout time.Duration
	// SolveAll solves every sampled state, so that the mean ratio h/h*
	// covers all of them, not only those the lower bound did not settle.
	SolveAll bool

	// Ignore lists checks (CheckConsistent, ...) that are still run and
	// reported but do not count towards Report.Passed — for example
	// consistency, when grading a heuristic that only has to be
	// admissible.
	Ignore []string

	// Submission names the submission audited (a student, a folder of a
	// class), for the report's Origin.
	Submission string

	// MaxCounterexamples caps the counterexamples listed per kind; 0
	// means DefaultMaxCounterexamples.
	MaxCounterexamples int
	// Workers is the number of goroutines; 0 means GOMAXPROCS.
	Workers int
	// Tables say where the exact tables of 11 and 12 cells (3x4, 2x6; a
	// minute or more to build) are cached and receive the progress of
	// loading or building them; the zero value caches them in
	// exact.DefaultCacheDir().
	Tables exact.CacheOptions
}

func (o Options) withDefaults() Options {
	if o.Samples <= 0 {
		o.Samples = DefaultSamples
	}
	if o.MaxCounterexamples <= 0 {
		o.MaxCounterexamples = DefaultMaxCounterexamples
	}
	if o.Tolerance <= 0 {
		o.Tolerance = DefaultTolerance
	}
	if o.SolveTimeout <= 0 {
		o.SolveTimeout = DefaultSolveTimeout
	}
	return o
}

// CheckNames lists the checks an audit can run, in report order.
func CheckNames() []string {
	return []string{CheckGoalZero, CheckNonNegative, CheckAdmissible, CheckConsistent, CheckExpect, CheckDominates}
}

// CoverageFor is the coverage an audit of shape s gets when
// Options.Coverage is empty.
func CoverageFor(s puzzles.Shape) Coverage {
	if s.Cells() <= DefaultExhaustiveCells {
		return Exhaustive
	}
	return Sampled
}

// Run audits the values of src for opts.Goal: h(goal) = 0, h ≥ 0,
// admissibility (h ≤ h*), consistency (h changes by at most 1 across a
// move) and, when asked, equality with or dominance over a reference
// heuristic. Exhaustive audits compare every state that can reach the
// goal with its exact distance; sampled audits check a seeded sample (see
// Options). The returned error reports a failure of the source or of the
// audit itself, never a failed check: those are in the Report.
func Run(ctx context.Context, src Source, opts Options) (*Report, error) {
	start := time.Now()
	if opts.Goal.IsZero() {
		return nil, ErrNoGoal
	}
	for _, name := range opts.Ignore {
		if !slices.Contains(CheckNames(), name) {
			return nil, fmt.Errorf("audit: unknown check %q to ignore; the checks are %s", name, strings.Join(CheckNames(), ", "))
		}
	}
	opts = opts.withDefaults()
	s := opts.Goal.Shape()
	cov := opts.Coverage
	if cov == "" {
		cov = CoverageFor(s)
	}
	var r *Report
	var err error
	switch cov {
	case Exhaustive:
		if s.Cells() > exact.MaxCells {
			return nil, fmt.Errorf("audit: an exhaustive audit needs an exact table, which covers boards of at most %d cells; %s has %d", exact.MaxCells, s, s.Cells())
		}
		r, err = runExhaustive(ctx, src, opts)
	case Sampled:
		r, err = runSampled(ctx, src, opts)
	default:
		return nil, fmt.Errorf("audit: unknown coverage %q; expected %q or %q", cov, Exhaustive, Sampled)
	}
	if err != nil {
		return nil, err
	}
	if lister, ok := src.(StateLister); ok {
		for _, c := range lister.States() {
			if len(c) != s.Cells() || !puzzles.Solvable(puzzles.FromBytes(s, c), opts.Goal) {
				r.Unreachable++
			}
		}
	}
	if !r.GoalZero {
		if r.GoalFits, err = goalFits(ctx, src, opts.Goal); err != nil {
			return nil, err
		}
		if len(r.GoalFits) > 0 && r.Checks[0].Name == CheckGoalZero {
			r.Checks[0].Detail += fmt.Sprintf("; it is 0 on the %s goal (--goal %s)", strings.Join(r.GoalFits, " and "), r.GoalFits[0])
		}
	}
	r.Passed = true
	for i := range r.Checks {
		c := &r.Checks[i]
		c.Ignored = slices.Contains(opts.Ignore, c.Name)
		r.Passed = r.Passed && (c.Passed || c.Ignored)
	}
	r.Heuristic = src.Name()
	if o, ok := src.(Originator); ok || opts.Submission != "" {
		var origin Origin
		if ok {
			origin = o.Origin()
		}
		origin.Submission = opts.Submission
		r.Origin = &origin
	}
	r.Shape = s.String()
	r.Goal = opts.Goal.Name()
	r.Coverage = cov
	r.StatesTotal = ReachableStates(s)
	r.Seconds = time.Since(start).Seconds()
	return r, nil
}

// ReachableStates is the number of states that can reach any one goal
// on shape s: (R·C)!/2.
func ReachableStates(s puzzles.Shape) *big.Int {
	n := new(big.Int).MulRange(1, int64(s.Cells()))
	return n.Rsh(n, 1)
}

// table returns opts.Table or the exact table of opts.Goal, built or
// read from the cache (exact.Open).
func table(ctx context.Context, opts Options) (*exact.Table, error) {
	if opts.Table != nil {
		if opts.Table.Goal().Board().String() != opts.Goal.Board().String() {
			return nil, errors.New("audit: Options.Table was built for another goal")
		}
		return opts.Table, nil
	}
	topts := opts.Tables
	if topts.Workers == 0 {
		topts.Workers = opts.Workers
	}
	t, _, err := exact.Open(ctx, opts.Goal, topts)
	if err != nil {
		return nil, fmt.Errorf("audit: %w", err)
	}
	return t, nil
}

// batchSize is how many of total states the auditor hands src at a
// time: the source's own batch size (16,384 for one that does not say),
// made smaller when that spreads the batches evenly over the workers.
func batchSize(src Source, total, workers int) int {
	bs := 1 << 14
	if b, ok := src.(Batcher); ok && b.BatchSize() > 0 {
		bs = b.BatchSize()
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	if total > 0 {
		batches := (total + bs - 1) / bs
		rounds := (batches + workers - 1) / workers
		bs = (total + rounds*workers - 1) / (rounds * workers)
	}
	return max(1, bs)
}
