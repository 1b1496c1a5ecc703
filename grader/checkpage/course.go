package checkpage

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"time"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/webcheck"
	"github.com/kpuzzle/kpuzzle/puzzles"
)

// Course is what a course puts into its page: the options of `kpuzzle
// page`.
type Course struct {
	// Title heads the page; empty means "kpuzzle checker".
	Title string
	// Convention is the move convention, "tile" or "blank"; empty means tile.
	Convention string
	// Goal is "default", "blank-first", a goal file, or empty: the set's
	// goal when there is a set, else default.
	Goal string
	// SetDir is a puzzle set's folder (with the manifest.json of kpuzzle
	// gen or a course's answer key); empty means no set. Its public
	// puzzles and their optimal lengths are built into the page; hidden
	// ones are left out.
	SetDir string
	// SetName names the set on the page; empty means SetDir.
	SetName string
	// Budget is how long the page's search may prove an optimal length;
	// 0 means webcheck.DefaultBudgetSeconds.
	Budget time.Duration
}

// Written says what WriteCourse put into the page.
type Written struct {
	// Bytes is the page's size.
	Bytes int64
	// Puzzles is the number of the set's puzzles in the page, Keyed how
	// many of them come with their optimal length, and Hidden how many
	// hidden ones were left out.
	Puzzles, Keyed, Hidden int
	// Goal names the page's goal.
	Goal string
}

// WriteCourse reads the course's set and writes its page on w. Errors
// name the file and line of a set or goal that cannot be read.
func WriteCourse(w io.Writer, c Course) (Written, error) {
	o, done, err := c.Options()
	if err != nil {
		return Written{}, err
	}
	cw := &countingWriter{w: w}
	if err := Write(cw, o); err != nil {
		return Written{}, err
	}
	done.Bytes = cw.n
	return done, nil
}

// Options reads the course's set and goal into the page's options, and
// says what they hold.
func (c Course) Options() (Options, Written, error) {
	o := Options{Title: c.Title, Convention: c.Convention, SetName: c.SetName}
	if c.Budget < 0 {
		return Options{}, Written{}, fmt.Errorf("budget %v: expected a positive duration", c.Budget)
	}
	if c.Budget > 0 {
		o.BudgetSeconds = int(math.Ceil(c.Budget.Seconds()))
	}
	var done Written
	if c.SetDir == "" {
		switch c.Goal {
		case "", puzzles.GoalDefault, puzzles.GoalBlankFirst:
			o.Goal = c.Goal
		default:
			b, err := puzzles.ReadBoardFile(c.Goal)
			if errors.Is(err, fs.ErrNotExist) {
				return Options{}, Written{}, fmt.Errorf("goal %q: expected default, blank-first or a goal file (other named goals need a --set to give the shape)", c.Goal)
			}
			if err != nil {
				return Options{}, Written{}, fmt.Errorf("goal: %w", err)
			}
			o.Goal = b.String()
		}
		done.Goal = goalName(o.Goal)
		return o, done, nil
	}
	if o.SetName == "" {
		o.SetName = c.SetDir
	}
	tests, err := grader.LoadTests(grader.PuzzleSet{Dir: c.SetDir}, c.Goal)
	if err != nil {
		return Options{}, Written{}, err
	}
	for _, t := range tests {
		if t.Hidden {
			done.Hidden++
			continue
		}
		name := t.Goal.Board().String()
		if t.Goal.IsBuiltin() && (t.Goal.Name() == puzzles.GoalDefault || t.Goal.Name() == puzzles.GoalBlankFirst) {
			name = t.Goal.Name()
		}
		switch {
		case o.Goal == "":
			o.Goal = name
		case o.Goal != name:
			return Options{}, Written{}, fmt.Errorf("%s: the puzzles have different goals (%s; %s); one page checks against one goal", c.SetDir, goalName(o.Goal), goalName(name))
		}
		p := webcheck.Puzzle{Name: t.Name, Shape: t.Board.Shape().String(), Cells: t.Board.String(), Goal: t.Goal.Board().String(), Optimal: -1}
		if t.Optimum.Known {
			p.Optimal = t.Optimum.Length
			done.Keyed++
		}
		o.Set = append(o.Set, p)
		done.Puzzles++
	}
	done.Goal = goalName(o.Goal)
	return o, done, nil
}

func isName(g string) bool { return g == puzzles.GoalDefault || g == puzzles.GoalBlankFirst }

// goalName describes a page's goal.
func goalName(g string) string {
	switch {
	case g == "":
		return puzzles.GoalDefault
	case isName(g):
		return g
	}
	return "custom: " + g
}

type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}
