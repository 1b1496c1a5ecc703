package report

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"sort"
	"strconv"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/check"
	"github.com/kpuzzle/kpuzzle/grader/pathcount"
	"github.com/kpuzzle/kpuzzle/puzzles"
)

// Files of the class report in a grading's output folder.
const (
	ClassJSONFile = "class.json"
	ClassCSVFile  = "class.csv"
)

// Class is the class at a glance: per test, how many students got each
// verdict, where their answers most often left every optimal path, whose
// claimed counts fell outside their bands, and (with results.times) how
// long the runs took; and the answers two or more students handed in
// alike, for review. It is `kpuzzle grade --json`'s class and
// OUT/class.json; a function of the gradebook (and of the exact counts
// of paths), so that a grading merged from shards writes it byte for byte
// as one run does.
type Class struct {
	Tests []ClassTest `json:"tests"`
	// SharedAnswers lists the same wrong answer handed in by two or more
	// students where more than one answer of its length was possible:
	// for review, never a grade change.
	SharedAnswers []SharedAnswer `json:"shared_answers"`
}

// ClassTest is one test of the class report.
type ClassTest struct {
	Test   string `json:"test"`
	Number int    `json:"number"`
	Hidden bool   `json:"hidden,omitempty"`
	// Verdicts counts the students per verdict.
	Verdicts map[check.Verdict]int `json:"verdicts"`
	// Passed counts the answers accepted with full points.
	Passed int `json:"passed"`
	// OffPaths are the most common first moves off every optimal path
	// (at most MaxCommonOffPaths, most students first), of the answers
	// that left them.
	OffPaths []CommonOffPath `json:"common_off_paths,omitempty"`
	// Claims counts the reported statistics judged outside the band of
	// the claimed search (claims.algorithm), per count.
	Claims []ClaimsOutside `json:"claims_outside_band,omitempty"`
	// Seconds are the runs' wall times, with results.times only.
	Seconds *ClassTimes `json:"seconds,omitempty"`
}

// MaxCommonOffPaths bounds ClassTest.OffPaths.
const MaxCommonOffPaths = 3

// CommonOffPath is a first move off every optimal path that several
// students' answers share: the move, the board before it, and how many.
type CommonOffPath struct {
	Move int `json:"move"`
	// Played is the move in the assignment's convention ("LEFT").
	Played         string   `json:"played"`
	BoardBefore    [][]int  `json:"board_before"`
	OptimalMoves   []string `json:"optimal_moves"`
	DistanceBefore int      `json:"distance_before"`
	Students       int      `json:"students"`
}

// ClaimsOutside counts one reported statistic of one test against the
// claimed search.
type ClaimsOutside struct {
	// Algorithm and Heuristic are the claimed search.
	Algorithm string `json:"algorithm"`
	Heuristic string `json:"heuristic,omitempty"`
	// Check is the statistic: expanded or frontier.
	Check string `json:"check"`
	// Outside counts the claims judged impossible, of Judged.
	Outside int `json:"outside"`
	Judged  int `json:"judged"`
}

// ClassTimes are the wall times of a test's runs, in seconds.
type ClassTimes struct {
	Median float64 `json:"median"`
	Max    float64 `json:"max"`
	Total  float64 `json:"total"`
}

// SharedAnswer is one answer two or more students handed in alike.
type SharedAnswer struct {
	Test     string        `json:"test"`
	Students []string      `json:"students"`
	Length   int           `json:"length"`
	Verdict  check.Verdict `json:"verdict"`
	// Answers counts the answers the puzzle allows that could have
	// coincided: for a suboptimal answer, the solutions of its length
	// (detours included); for an illegal or incomplete one, the legal
	// move sequences as long as its legal part. OptimalPaths and
	// NearOptimalPaths count the solutions of the optimal length and of
	// two moves more. A count that could not be made is absent, and
	// NotCounted says why.
	Answers          *big.Int `json:"answers_of_this_length,omitempty"`
	OptimalPaths     *big.Int `json:"optimal_paths,omitempty"`
	NearOptimalPaths *big.Int `json:"near_optimal_paths,omitempty"`
	NotCounted       string   `json:"not_counted,omitempty"`
}

// PathOptions say how Class counts the paths behind SharedAnswer.
type PathOptions struct {
	// Distances proves the distances the counts need (one Oracle for
	// the whole class; check.NewMemoOracle keeps what it proves). Nil:
	// the solutions are not counted.
	Distances check.Oracle
	// MaxBoards bounds the boards each puzzle's counts may visit
	// (pathcount.Counter) when an exact distance table holds them (at
	// most TableCells cells); 0 means DefaultCountBoards.
	MaxBoards int
	// MaxSearchedBoards bounds them on larger puzzles, where each
	// distance takes a search; 0 means DefaultCountSearchedBoards.
	MaxSearchedBoards int
	// TableCells is the largest board whose distances come from an
	// exact table; 0 means 9 (a 3x3 board).
	TableCells int
}

// Defaults of PathOptions: on a 3x3 puzzle, every board within a few
// moves of its optimal paths; where each distance takes a search, a
// couple of thousand boards (a shallow puzzle's).
const (
	DefaultCountBoards         = 200_000
	DefaultCountSearchedBoards = 2_000
)

// sharedVerdicts are the verdicts whose identical answers are listed: a
// wrong answer or a suboptimal one (identical optimal answers are what an
// optimal search with the same tie-break gives).
var sharedVerdicts = map[check.Verdict]bool{check.Suboptimal: true, check.Illegal: true, check.Incomplete: true}

// Class builds the class report. ctx bounds the path counts.
func (gb Gradebook) Class(ctx context.Context, po PathOptions) (Class, error) {
	c := Class{Tests: []ClassTest{}, SharedAnswers: []SharedAnswer{}}
	for i, t := range gb.Tests {
		ct := ClassTest{Test: t.Name, Number: t.Number, Hidden: t.Hidden, Verdicts: map[check.Verdict]int{}}
		offs := map[string]*CommonOffPath{}
		claims := map[string]*ClaimsOutside{}
		var times []float64
		groups := map[string][]string{}
		groupOf := map[string]grader.Result{}
		for _, s := range gb.Submissions {
			r := s.Results[i]
			ct.Verdicts[r.Verdict]++
			if gb.Passed(r) {
				ct.Passed++
			}
			if ran(r) {
				times = append(times, r.Seconds)
			}
			if off := r.OffPath; off != nil {
				played := gb.tokenOf(off, off.Played)
				key := fmt.Sprint(off.Move, off.BoardBefore, played)
				if offs[key] == nil {
					cp := CommonOffPath{Move: off.Move, Played: played, BoardBefore: off.BoardBefore, DistanceBefore: off.DistanceBefore, OptimalMoves: []string{}}
					for _, m := range off.OptimalMoves {
						cp.OptimalMoves = append(cp.OptimalMoves, gb.tokenOf(off, m))
					}
					offs[key] = &cp
				}
				offs[key].Students++
			}
			for _, ch := range r.Criteria {
				if ch.Group != grader.CriteriaClaims || (ch.Name != grader.ClaimExpanded && ch.Name != grader.ClaimFrontier) {
					continue
				}
				if claims[ch.Name] == nil {
					cs := gb.claimsFor(t.Name)
					claims[ch.Name] = &ClaimsOutside{Algorithm: cs.Algorithm, Heuristic: cs.Heuristic, Check: ch.Name}
				}
				claims[ch.Name].Judged++
				if !ch.Passed {
					claims[ch.Name].Outside++
				}
			}
			if sharedVerdicts[r.Verdict] && r.AnswerDigest != "" {
				groups[r.AnswerDigest] = append(groups[r.AnswerDigest], s.Name)
				groupOf[r.AnswerDigest] = r
			}
		}
		for _, cp := range offs {
			ct.OffPaths = append(ct.OffPaths, *cp)
		}
		sort.Slice(ct.OffPaths, func(a, b int) bool {
			x, y := ct.OffPaths[a], ct.OffPaths[b]
			if x.Students != y.Students {
				return x.Students > y.Students
			}
			if x.Move != y.Move {
				return x.Move < y.Move
			}
			return fmt.Sprint(x.BoardBefore, x.Played) < fmt.Sprint(y.BoardBefore, y.Played)
		})
		if len(ct.OffPaths) > MaxCommonOffPaths {
			ct.OffPaths = ct.OffPaths[:MaxCommonOffPaths]
		}
		for _, name := range []string{grader.ClaimExpanded, grader.ClaimFrontier} {
			if co := claims[name]; co != nil {
				ct.Claims = append(ct.Claims, *co)
			}
		}
		if gb.Settings.Times && len(times) > 0 {
			sort.Float64s(times)
			var total float64
			for _, x := range times {
				total += x
			}
			ct.Seconds = &ClassTimes{Median: roundMillis(median(times)), Max: roundMillis(times[len(times)-1]), Total: roundMillis(total)}
		}
		c.Tests = append(c.Tests, ct)

		shared, err := gb.sharedAnswers(ctx, t, groups, groupOf, po)
		if err != nil {
			return Class{}, err
		}
		c.SharedAnswers = append(c.SharedAnswers, shared...)
	}
	return c, nil
}

// sharedAnswers are the groups of two or more students with the same
// answer to test t, with how rare the coincidence is; a group whose
// answer was the only one of its length possible is left out.
func (gb Gradebook) sharedAnswers(ctx context.Context, t grader.Test, groups map[string][]string, groupOf map[string]grader.Result, po PathOptions) ([]SharedAnswer, error) {
	var digests []string
	for d, students := range groups {
		if len(students) >= 2 {
			digests = append(digests, d)
		}
	}
	if len(digests) == 0 {
		return nil, nil
	}
	sort.Strings(digests)
	maxBoards, table := po.MaxBoards, po.TableCells
	if table <= 0 {
		table = 9
	}
	if maxBoards <= 0 {
		maxBoards = DefaultCountBoards
	}
	if t.Board.Len() > table {
		maxBoards = po.MaxSearchedBoards
		if maxBoards <= 0 {
			maxBoards = DefaultCountSearchedBoards
		}
	}
	var counter *pathcount.Counter
	if !t.Board.IsZero() && !t.Goal.IsZero() {
		counter = pathcount.New(t.Board, t.Goal, po.Distances, maxBoards)
	}
	var out []SharedAnswer
	for _, d := range digests {
		r := groupOf[d]
		students := append([]string(nil), groups[d]...)
		sort.Strings(students)
		sa := SharedAnswer{Test: t.Name, Students: students, Length: r.Length, Verdict: r.Verdict}
		if counter != nil {
			if err := gb.countPaths(ctx, counter, t, r, po, &sa); err != nil {
				return nil, err
			}
		} else {
			sa.NotCounted = "the puzzle's board is not known"
		}
		if sa.Answers != nil && sa.Answers.Cmp(big.NewInt(1)) <= 0 {
			continue // no other answer of its length was possible
		}
		out = append(out, sa)
	}
	// Largest groups first, then the rarest coincidences.
	sort.SliceStable(out, func(a, b int) bool { return len(out[a].Students) > len(out[b].Students) })
	return out, nil
}

// countPaths fills in how many answers the shared answer's puzzle allows.
// A count that cannot be made within the budget is said, not guessed;
// ctx's end is an error.
func (gb Gradebook) countPaths(ctx context.Context, counter *pathcount.Counter, t grader.Test, r grader.Result, po PathOptions, sa *SharedAnswer) error {
	switch r.Verdict {
	case check.Incomplete:
		sa.Answers = counter.MoveSequences(r.Length)
	case check.Illegal:
		if r.IllegalMove > 0 {
			sa.Answers = counter.MoveSequences(r.IllegalMove - 1)
		}
	}
	if po.Distances == nil || r.OptimalLength == nil || !t.Solvable {
		if sa.Answers == nil {
			sa.NotCounted = "no solver to prove the distances the count needs"
		}
		return nil
	}
	opt := *r.OptimalLength
	count := func(length int) (*big.Int, error) {
		n, err := counter.Solutions(ctx, length)
		switch {
		case err == nil:
			return n, nil
		case ctx.Err() != nil:
			return nil, ctx.Err()
		case errors.Is(err, pathcount.ErrTooManyBoards), errors.Is(err, check.ErrOutOfBudget):
			sa.NotCounted = "the solutions were not counted: " + err.Error()
			return nil, nil
		}
		return nil, fmt.Errorf("count the paths of test %s: %w", t.Name, err)
	}
	var err error
	if sa.OptimalPaths, err = count(opt); err != nil || sa.OptimalPaths == nil {
		return err
	}
	if sa.NearOptimalPaths, err = count(opt + 2); err != nil || sa.NearOptimalPaths == nil {
		return err
	}
	if r.Verdict == check.Suboptimal {
		sa.Answers, err = count(r.Length)
	}
	return err
}

// tokenOf is a move an OffPath names (a direction in the answer's
// convention, or a tile number) as the assignment's token word, so that
// answers written in different notations count together.
func (gb Gradebook) tokenOf(off *check.OffPath, name string) string {
	if _, err := strconv.Atoi(name); err != nil {
		if d, ok := puzzles.ParseDir(name); ok {
			return d.String()
		}
		return name
	}
	b, err := off.Before()
	if err != nil {
		return name
	}
	for _, st := range b.Neighbors() {
		if strconv.Itoa(b.At(st.Board.Blank())) == name {
			return gb.Convention.TokenDir(st.Dir).String()
		}
	}
	return name
}

// claimsFor is the claimed search of a test.
func (gb Gradebook) claimsFor(test string) grader.ClaimSettings { return gb.Claims[test] }

// roundMillis rounds seconds to the millisecond.
func roundMillis(s float64) float64 { return float64(int64(s*1000+0.5)) / 1000 }

// WriteClassJSON writes the class report as indented JSON.
func WriteClassJSON(w io.Writer, c Class) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(c)
}

// WriteClassCSV writes the class report's tests as CSV, one row per test:
// test, number, hidden, submissions, passed, a column per verdict, the
// most common first move off every optimal path (move, played, students),
// the claims outside their bands (of those judged), the shared answers
// listed for review, and with results.times the median and longest run
// time.
func (gb Gradebook) WriteClassCSV(w io.Writer, c Class) error {
	cw := csv.NewWriter(w)
	head := []string{"test", "number", "hidden", "submissions", "passed"}
	for _, v := range check.Verdicts {
		head = append(head, string(v))
	}
	head = append(head, "common_off_path_move", "common_off_path_played", "common_off_path_students", "claims_outside_band", "claims_judged", "shared_answers")
	if gb.Settings.Times {
		head = append(head, "median_seconds", "max_seconds")
	}
	if err := cw.Write(head); err != nil {
		return err
	}
	shared := map[string]int{}
	for _, s := range c.SharedAnswers {
		shared[s.Test]++
	}
	for _, t := range c.Tests {
		total := 0
		for _, n := range t.Verdicts {
			total += n
		}
		row := []string{csvSafe(grader.Printable(t.Test)), strconv.Itoa(t.Number), strconv.FormatBool(t.Hidden), strconv.Itoa(total), strconv.Itoa(t.Passed)}
		for _, v := range check.Verdicts {
			row = append(row, strconv.Itoa(t.Verdicts[v]))
		}
		if len(t.OffPaths) > 0 {
			o := t.OffPaths[0]
			row = append(row, strconv.Itoa(o.Move), o.Played, strconv.Itoa(o.Students))
		} else {
			row = append(row, "", "", "")
		}
		outside, judged := 0, 0
		for _, cl := range t.Claims {
			outside += cl.Outside
			judged += cl.Judged
		}
		row = append(row, strconv.Itoa(outside), strconv.Itoa(judged), strconv.Itoa(shared[t.Test]))
		if gb.Settings.Times {
			if t.Seconds != nil {
				row = append(row, strconv.FormatFloat(t.Seconds.Median, 'f', -1, 64), strconv.FormatFloat(t.Seconds.Max, 'f', -1, 64))
			} else {
				row = append(row, "", "")
			}
		}
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}
