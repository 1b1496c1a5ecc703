package audit

import "math/big"

// Coverage says which states an audit checked.
type Coverage string

// Coverages.
const (
	// Exhaustive: every state that can reach the goal, against its exact
	// distance from an exact table.
	Exhaustive Coverage = "exhaustive"
	// Sampled: a seeded sample of states (or the states a values file
	// lists); only those were checked.
	Sampled Coverage = "sampled"
)

// Kinds of counterexample.
const (
	KindGoalNonzero   = "goal-nonzero"   // h(goal) is not 0
	KindNegative      = "negative"       // h(s) < 0
	KindOverestimate  = "overestimate"   // h(s) > h*(s)
	KindInconsistent  = "inconsistent"   // h(s) > 1 + h(s') for a move s -> s'
	KindMismatch      = "mismatch"       // h(s) differs from the expected reference heuristic
	KindNotDominating = "not-dominating" // h(s) < the other heuristic's value
)

// Labels of the counterexamples that teach.
const (
	// LabelSmallest marks the overestimating state fewest moves from the
	// goal (and the inconsistent edge nearest the goal).
	LabelSmallest = "smallest"
	// LabelLargest marks the largest overestimate (and the largest jump
	// across one move).
	LabelLargest = "largest"
)

// Check names, as they appear in Report.Checks.
const (
	CheckGoalZero    = "goal_zero"
	CheckNonNegative = "non_negative"
	CheckAdmissible  = "admissible"
	CheckConsistent  = "consistent"
	CheckExpect      = "expect"
	CheckDominates   = "dominates"
)

// Report is the outcome of an audit. Its JSON form is what
// `kpuzzle audit --json` prints.
type Report struct {
	// Heuristic names the source audited.
	Heuristic string `json:"heuristic"`
	Shape     string `json:"shape"`
	Goal      string `json:"goal"`
	// Origin says what was audited (from a Source that is an
	// Originator): a program's folder and its digest, a values file, the
	// submission named by Options.Submission.
	Origin *Origin `json:"origin,omitempty"`
	// Coverage is "exhaustive" or "sampled".
	Coverage Coverage `json:"coverage"`
	// Passed is true when every check holds (but those ignored).
	Passed bool `json:"passed"`

	// The four properties every audit checks. In a sampled audit they
	// hold on the states checked, which proves nothing about the others.
	Admissible  bool `json:"admissible"`
	Consistent  bool `json:"consistent"`
	GoalZero    bool `json:"goal_zero"`
	NonNegative bool `json:"non_negative"`

	// StatesTotal is the number of states that can reach the goal.
	StatesTotal *big.Int `json:"states_total"`
	// StatesChecked counts the states whose value was compared with their
	// exact distance (exhaustive), or the sampled states that have a value
	// (sampled; see Sampling for how each was decided).
	StatesChecked int64 `json:"states_checked"`
	// Missing counts the reachable states (exhaustive) or sampled states
	// the source gave no value for.
	Missing int64 `json:"missing"`
	// Unreachable counts states listed by a values file that cannot reach
	// the goal; they are ignored.
	Unreachable int64 `json:"unreachable,omitempty"`

	// Overestimates counts the states with h > h*; MaxOverestimate is the
	// largest h - h*.
	Overestimates   int64   `json:"overestimates"`
	MaxOverestimate float64 `json:"max_overestimate"`
	// NegativeValues counts the states with h < 0.
	NegativeValues int64 `json:"negative_values"`
	// EdgesChecked counts the moves (undirected: a move and its inverse
	// once) whose two states both have values; InconsistentEdges those
	// across which h changes by more than 1, so that h(s) > 1 + h(s') one
	// way round.
	EdgesChecked      int64 `json:"edges_checked"`
	InconsistentEdges int64 `json:"inconsistent_edges"`

	// MeanH is the mean value over the states checked. MeanRatio is the
	// mean of h/h* over the states checked other than the goal whose h*
	// is known; RatioStates counts them.
	MeanH       float64 `json:"mean_h"`
	MeanRatio   float64 `json:"mean_ratio"`
	RatioStates int64   `json:"ratio_states"`

	// Expect compares with a named reference heuristic, when asked.
	Expect *Agreement `json:"expect,omitempty"`
	// Dominance compares with another heuristic, when asked.
	Dominance *Dominance `json:"dominance,omitempty"`
	// Sampling says how a sampled audit chose and decided its states.
	Sampling *Sampling `json:"sampling,omitempty"`

	// GoalFits, when h(goal) is not 0, lists the built-in goals
	// (default, blank-first, snail) on which h is 0: the goal the
	// heuristic was probably written for.
	GoalFits []string `json:"goal_fits,omitempty"`
	// ZeroStates, when h(goal) is not 0, lists the first few other
	// states the audit checked where h is 0 (every state, in an
	// exhaustive audit), and ZeroStatesCount counts them all.
	ZeroStates      []string `json:"zero_states,omitempty"`
	ZeroStatesCount int64    `json:"zero_states_count,omitempty"`

	// Checks lists every check with its verdict, in a fixed order.
	Checks []Check `json:"checks"`
	// Counterexamples lists the failing states: for each kind at most
	// Options.MaxCounterexamples, fewest moves from the goal first, plus
	// the largest overestimate and the largest jump across a move.
	Counterexamples []Counterexample `json:"counterexamples"`
	// CounterexamplesOmitted counts the failures not listed.
	CounterexamplesOmitted int64 `json:"counterexamples_omitted"`

	// Seconds is the wall time of the audit.
	Seconds float64 `json:"seconds"`
}

// Check is one verdict of an audit.
type Check struct {
	// Name is one of the Check* constants.
	Name   string `json:"name"`
	Passed bool   `json:"passed"`
	// Detail says in one sentence what was found.
	Detail string `json:"detail"`
	// Ignored is set for a check that Options.Ignore keeps out of the
	// verdict.
	Ignored bool `json:"ignored,omitempty"`
}

// Counterexample is a state on which a check fails.
type Counterexample struct {
	// Kind is one of the Kind* constants.
	Kind string `json:"kind"`
	// Label is LabelSmallest or LabelLargest for the counterexamples that
	// teach, empty otherwise.
	Label string `json:"label,omitempty"`
	// State is the board's cells, row-major, space-separated.
	State string `json:"state"`
	// H is the audited value of State, HStar its exact distance to the
	// goal (-1 when it could not be established).
	H     float64 `json:"h"`
	HStar int     `json:"hstar"`
	// For KindInconsistent: the state one move away, its values, and the
	// move of the blank from State to Neighbor.
	Neighbor      string   `json:"neighbor,omitempty"`
	NeighborH     *float64 `json:"neighbor_h,omitempty"`
	NeighborHStar *int     `json:"neighbor_hstar,omitempty"`
	Move          string   `json:"move,omitempty"`
	// Reference is the other heuristic's value, for KindMismatch and
	// KindNotDominating.
	Reference *float64 `json:"reference,omitempty"`
	// Proof says how HStar is known: "exact table", "IDA* + pdb:663",
	// or "h* ≤ 12 (a walk of 12 moves)" when only a bound is known.
	Proof string `json:"proof,omitempty"`
}

// Agreement counts where the audited heuristic equals a reference
// heuristic (--expect).
type Agreement struct {
	Reference string `json:"reference"`
	Equal     int64  `json:"equal"`
	Different int64  `json:"different"`
	// Tolerance is the largest difference still counted as equal.
	Tolerance float64 `json:"tolerance"`
}

// Dominance counts, over the states checked, where the audited heuristic
// is strictly greater than, equal to and smaller than another. It
// dominates the other when it is never smaller.
type Dominance struct {
	Other     string `json:"other"`
	Greater   int64  `json:"greater"`
	Equal     int64  `json:"equal"`
	Smaller   int64  `json:"smaller"`
	Dominates bool   `json:"dominates"`
}

// Sampling describes a sampled audit: how the states were chosen, and how
// each one's admissibility was decided.
type Sampling struct {
	Seed uint64 `json:"seed"`
	// Uniform, Walks and FromFile count the states drawn uniformly from
	// the solvable ones, reached by random walks from the goal, and taken
	// from a values file; the goal is always checked too.
	Uniform  int `json:"uniform"`
	Walks    int `json:"walks"`
	FromFile int `json:"from_file"`
	// LowerBound names the admissible heuristic whose value, when at
	// least h, proves h ≤ h* without a solve; Solver how the other states
	// were solved; Note says why these were chosen.
	LowerBound string `json:"lower_bound,omitempty"`
	Solver     string `json:"solver"`
	Note       string `json:"note,omitempty"`
	// How each checked state was decided: its exact distance known
	// (Solved), h ≤ lower bound (Bounded), h above the length of the walk
	// that made it (WalkBound, an overestimate whatever h* is), or not
	// decided within the solve time limit (Undecided).
	Solved    int `json:"solved"`
	Bounded   int `json:"bounded"`
	WalkBound int `json:"walk_bound"`
	Undecided int `json:"undecided"`
	// States lists every sampled state and its verdict.
	States []SampledState `json:"states"`
}

// SampledState is one state of a sampled audit.
type SampledState struct {
	State string `json:"state"`
	// Origin is "goal", "uniform", "walk" or "file".
	Origin string `json:"origin"`
	// Walk is the length of the walk that made the state (0 otherwise).
	Walk int `json:"walk,omitempty"`
	// H is the audited value (null when the source had none).
	H *float64 `json:"h"`
	// HStar is the exact distance, -1 when not computed.
	HStar int `json:"hstar"`
	// LowerBound is the lower bound's value (-1 when not computed).
	LowerBound int `json:"lower_bound"`
	// Status is "solved", "bounded", "walk-bound", "undecided" or
	// "missing".
	Status string `json:"status"`
}
