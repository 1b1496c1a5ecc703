package report

import (
	"fmt"
	"html/template"
	"io"
	"io/fs"
	"math"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/check"
	"github.com/kpuzzle/kpuzzle/templates"
)

// SummaryTemplateFile is the path in templates.FS of the instructor's
// summary page (Go html/template).
const SummaryTemplateFile = "summary/summary.html.tmpl"

// SummaryOptions say what the summary page links to. Paths are relative
// to the page, slash-separated file paths (each segment is escaped for
// the link).
type SummaryOptions struct {
	// Replay returns the path of the replay page of test i (an index
	// into Gradebook.Tests) of s, or "" when there is none. Nil: no
	// replay links.
	Replay func(s Submission, i int) string
	// Feedback returns the path of the feedback file of s, or "" when
	// there is none. Nil: no feedback links.
	Feedback func(s Submission) string
	// Class, when set, is the class report: why students failed each
	// test (the commonest first moves off every optimal path, drawn),
	// the claims outside their bands, and the shared answers to review.
	Class *Class
}

// WriteSummaryHTML writes the instructor's summary of a grading run as
// one self-contained HTML page (no script, no external resource): the
// score histogram, the pass rate of every test with its verdicts and run
// times, the distribution of run times, and a table of students whose
// cells link to each student's replay pages and feedback. Run times
// (per test, their distribution, per student) are shown with
// results.times only: without them the page, like every other report, is
// the same byte for byte from run to run, however the grading was split or
// resumed.
func (gb Gradebook) WriteSummaryHTML(w io.Writer, o SummaryOptions) error {
	t, err := summaryTemplate()
	if err != nil {
		return err
	}
	if err := t.Execute(w, gb.summaryView(o)); err != nil {
		return fmt.Errorf("summary page: %w", err)
	}
	return nil
}

var summaryTemplate = sync.OnceValues(func() (*template.Template, error) {
	src, err := fs.ReadFile(templates.FS, SummaryTemplateFile)
	if err != nil {
		return nil, fmt.Errorf("summary page template: %w", err)
	}
	t, err := template.New("summary").Parse(string(src))
	if err != nil {
		return nil, fmt.Errorf("summary page template: %w", err)
	}
	return t, nil
})

// summaryView is what the summary template sees.
type summaryView struct {
	Title                  string
	Submissions, TestCount int
	// Score figures, formatted as points.
	MaxScore, MeanScore, MedianScore, LowScore, HighScore string
	ScoreChart                                            barChart
	TimeChart                                             barChart
	TimeRuns                                              int
	TimeMedian, TimeP90, TimeMax                          string
	Tests                                                 []testRow
	// Checks are the sub-checks the runs made (Java API methods, judged
	// claims, the expanded order), one row per check over every test.
	Checks            []checkRow
	Students          []studentRow
	Verdicts          []verdictCount
	Replays, Feedback bool
	// Times shows run times (results.times): the page is then no longer
	// the same from run to run.
	Times bool
	// Integrity lists every submission's integrity findings.
	Integrity []integrityRow
	// Near is set when a cell is marked near a limit (the legend then
	// explains the mark).
	Near bool
	// Class is the class report's part of the page; nil without one.
	Class *classView
	// Heuristics are the heuristic methods' wrong values, drawn.
	Heuristics []heuristicRow
}

type testRow struct {
	Number        int
	Name          string
	Hidden        bool
	Optimal       string
	Passed, Total int
	Percent       int
	Verdicts      []verdictCount
	// Bar is the verdicts as a stacked bar.
	Bar             []barSegment
	MedianTime, Max string
}

// checkRow is one sub-check over every test of every submission.
type checkRow struct {
	Title string
	// Points is what one passed check is worth on a test ("0" when the
	// rubric gives it nothing; the highest when tests differ).
	Points        string
	Passed, Total int
	Percent       int
	// FailedBy counts the submissions that failed it at least once.
	FailedBy int
}

type verdictCount struct {
	Verdict check.Verdict
	Tone    string
	Count   int
}

type studentRow struct {
	Name         string
	Feedback     string
	Score, Max   string
	Passed       int
	Cells        []studentCell
	TotalSeconds string
	// Flagged marks a submission with integrity findings.
	Flagged bool
}

type studentCell struct {
	Text, Title, Tone, Link string
	// Near marks a result decided within 10% of a limit.
	Near bool
}

// barChart is an inline SVG bar chart, laid out in Go: the template
// only prints the numbers.
type barChart struct {
	Width, Height int
	Title         string
	// Bars in order; YTicks are horizontal guides with their counts.
	Bars   []bar
	YTicks []yTick
	// XLabel names the horizontal axis.
	XLabel          string
	XLabelX, AxisY  int
	PlotLeft, Right int
}

type bar struct {
	X, Y, W, H int
	Count      int
	// Label is written under the bar, Title is its tooltip.
	Label, Title   string
	LabelX, LabelY int
	CountY         int
}

type yTick struct {
	Y     int
	Label string
}

// tone is how a verdict is coloured: good (full points), warn (some
// points, or solved but not optimal) or bad.
func (gb Gradebook) tone(r grader.Result) string {
	switch {
	case gb.Passed(r):
		return string(check.ToneGood)
	case r.Verdict.Tone() == check.ToneWarn || r.Score(gb.Rubric) > 0:
		return string(check.ToneWarn)
	}
	return string(check.ToneBad)
}

func (gb Gradebook) summaryView(o SummaryOptions) summaryView {
	v := summaryView{
		Title:       gb.Assignment,
		Submissions: len(gb.Submissions),
		TestCount:   len(gb.Tests),
		Replays:     o.Replay != nil,
		Feedback:    o.Feedback != nil,
		Times:       gb.Settings.Times,
	}
	// Scores.
	var scores []float64
	var maxScore float64
	for _, s := range gb.Submissions {
		score, max := gb.Total(s)
		scores = append(scores, score)
		maxScore = math.Max(maxScore, max)
	}
	v.MaxScore = formatPoints(maxScore)
	if len(scores) > 0 {
		sorted := append([]float64(nil), scores...)
		sort.Float64s(sorted)
		var sum float64
		for _, x := range sorted {
			sum += x
		}
		v.MeanScore = formatPoints(sum / float64(len(sorted)))
		v.MedianScore = formatPoints(median(sorted))
		v.LowScore, v.HighScore = formatPoints(sorted[0]), formatPoints(sorted[len(sorted)-1])
	}
	v.ScoreChart = scoreHistogram(scores, maxScore)

	// Tests, verdicts and times.
	totals := map[check.Verdict]int{}
	var times []float64
	for i, t := range gb.Tests {
		row := testRow{Number: t.Number, Name: t.Name, Hidden: t.Hidden, Total: len(gb.Submissions), Optimal: "–"}
		if !t.Solvable {
			row.Optimal = "unsolvable"
		} else if t.Optimum.Known {
			row.Optimal = strconv.Itoa(t.Optimum.Length)
		}
		counts := map[check.Verdict]int{}
		var testTimes []float64
		for _, s := range gb.Submissions {
			r := s.Results[i]
			if row.Optimal == "–" && r.OptimalLength != nil {
				row.Optimal = strconv.Itoa(*r.OptimalLength)
			}
			counts[r.Verdict]++
			totals[r.Verdict]++
			if gb.Passed(r) {
				row.Passed++
			}
			if ran(r) {
				testTimes = append(testTimes, r.Seconds)
				times = append(times, r.Seconds)
			}
		}
		row.Percent = percent(row.Passed, row.Total)
		row.Verdicts = verdictCounts(counts)
		row.Bar = verdictBar(row.Verdicts, row.Total)
		sort.Float64s(testTimes)
		row.MedianTime, row.Max = "–", "–"
		if len(testTimes) > 0 {
			row.MedianTime, row.Max = formatSeconds(median(testTimes)), formatSeconds(testTimes[len(testTimes)-1])
		}
		v.Tests = append(v.Tests, row)
	}
	v.Verdicts = verdictCounts(totals)
	sort.Float64s(times)
	v.TimeRuns = len(times)
	v.TimeMedian, v.TimeP90, v.TimeMax = "–", "–", "–"
	if len(times) > 0 {
		v.TimeMedian = formatSeconds(median(times))
		v.TimeP90 = formatSeconds(quantile(times, 0.9))
		v.TimeMax = formatSeconds(times[len(times)-1])
	}
	v.TimeChart = timeHistogram(times)

	v.Checks = gb.checkRows()
	v.Heuristics = gb.heuristicRows()
	v.Class = gb.classView(o.Class)

	// Students.
	for _, s := range gb.Submissions {
		score, max := gb.Total(s)
		row := studentRow{Name: grader.Printable(s.Name), Score: formatPoints(score), Max: formatPoints(max)}
		if o.Feedback != nil {
			row.Feedback = linkPath(o.Feedback(s))
		}
		var seconds float64
		for i, r := range s.Results {
			if gb.Passed(r) {
				row.Passed++
			}
			seconds += r.Seconds
			cell := studentCell{
				Text:  shortPoints(r.Score(gb.Rubric)),
				Tone:  gb.tone(r),
				Title: fmt.Sprintf("test %d, %s: %s, %s of %s points — %s", gb.Tests[i].Number, gb.Tests[i].Name, r.Verdict, formatPoints(r.Score(gb.Rubric)), formatPoints(r.Max(gb.Rubric)), firstLine(r.Summary, 200)),
			}
			var failed []string
			for _, c := range r.ScoredCriteria(gb.Rubric) {
				if !c.Passed {
					failed = append(failed, c.Title())
				}
			}
			if len(failed) > 0 {
				cell.Title += "; failed checks: " + strings.Join(failed, ", ")
			}
			if r.NearLimit != "" {
				cell.Near, v.Near = true, true
				// Its figures are run times, shown with results.times.
				if gb.Settings.Times {
					cell.Title += "; " + NearLimitLine(r)
				} else {
					cell.Title += "; decided within 10% of a limit"
				}
			}
			if o.Replay != nil {
				cell.Link = linkPath(o.Replay(s, i))
			}
			if len(r.Integrity) > 0 {
				cell.Text += " ⚑"
				cell.Title += "; integrity: " + grader.Printable(r.Integrity[0].String())
			}
			row.Cells = append(row.Cells, cell)
		}
		row.TotalSeconds = formatSeconds(seconds)
		for _, f := range gb.Findings(s) {
			row.Flagged = true
			v.Integrity = append(v.Integrity, integrityRow{Student: grader.Printable(s.Name), File: grader.Printable(f.File), Finding: f.Finding, Notice: f.Notice})
		}
		v.Students = append(v.Students, row)
	}
	return v
}

// checkRows counts every sub-check over the submissions' results, in the
// order the checks first appear.
func (gb Gradebook) checkRows() []checkRow {
	var rows []checkRow
	index := map[string]int{}
	var points []float64
	for _, s := range gb.Submissions {
		failedHere := map[int]bool{}
		for _, r := range s.Results {
			for _, c := range r.ScoredCriteria(gb.Rubric) {
				title := c.Title()
				i, ok := index[title]
				if !ok {
					i = len(rows)
					index[title] = i
					rows = append(rows, checkRow{Title: title})
					points = append(points, 0)
				}
				rows[i].Total++
				points[i] = math.Max(points[i], c.Max)
				if c.Passed {
					rows[i].Passed++
				} else {
					failedHere[i] = true
				}
			}
		}
		for i := range failedHere {
			rows[i].FailedBy++
		}
	}
	for i := range rows {
		rows[i].Points = formatPoints(points[i])
		rows[i].Percent = percent(rows[i].Passed, rows[i].Total)
	}
	return rows
}

// percent is part of total as a whole percentage, 0 when total is 0.
func percent(part, total int) int {
	if total == 0 {
		return 0
	}
	return int(math.Round(100 * float64(part) / float64(total)))
}

// shortPoints writes points to one decimal for a table cell (the exact
// figure is in the cell's title): 10, 9.1.
func shortPoints(p float64) string {
	return strconv.FormatFloat(math.Round(p*10)/10, 'f', -1, 64)
}

// ran reports whether the result comes from a run of the student's
// program (not a build failure or the grader's own error), so that its
// time means something.
func ran(r grader.Result) bool {
	return r.Verdict != check.BuildFailed && r.Verdict != check.GraderError
}

func verdictCounts(counts map[check.Verdict]int) []verdictCount {
	var out []verdictCount
	for _, v := range check.Verdicts {
		if counts[v] > 0 {
			out = append(out, verdictCount{Verdict: v, Tone: string(v.Tone()), Count: counts[v]})
		}
	}
	return out
}

// linkPath escapes each segment of a slash-separated relative path for
// use as a link.
func linkPath(p string) string {
	if p == "" {
		return ""
	}
	parts := strings.Split(p, "/")
	for i, s := range parts {
		parts[i] = url.PathEscape(s)
	}
	return strings.Join(parts, "/")
}

func median(sorted []float64) float64 { return quantile(sorted, 0.5) }

// quantile is the q-quantile of sorted values, interpolated linearly.
func quantile(sorted []float64, q float64) float64 {
	if len(sorted) == 0 {
		return 0
	}
	pos := q * float64(len(sorted)-1)
	lo := int(math.Floor(pos))
	hi := min(lo+1, len(sorted)-1)
	return sorted[lo] + (pos-float64(lo))*(sorted[hi]-sorted[lo])
}

// formatSeconds writes a time for people, to the millisecond below ten
// seconds and the tenth above: "0.031 s", "1.5 s", "12.3 s".
func formatSeconds(s float64) string {
	digits := 3
	if s >= 10 {
		digits = 1
	}
	t := strconv.FormatFloat(s, 'f', digits, 64)
	t = strings.TrimRight(strings.TrimRight(t, "0"), ".")
	return t + " s"
}

// Chart geometry, in CSS pixels.
const (
	chartWidth  = 640
	chartHeight = 240
	chartLeft   = 44
	chartRight  = 12
	chartTop    = 16
	chartBottom = 44
)

// scoreHistogram counts students in ten equal bins of points from 0 to
// max (the top bin includes max).
func scoreHistogram(scores []float64, max float64) barChart {
	const bins = 10
	counts := make([]int, bins)
	labels := make([]string, bins)
	titles := make([]string, bins)
	for i := range bins {
		lo, hi := max*float64(i)/bins, max*float64(i+1)/bins
		labels[i] = formatPoints(lo)
		if i == bins-1 {
			titles[i] = fmt.Sprintf("%s to %s points", formatPoints(lo), formatPoints(hi))
		} else {
			titles[i] = fmt.Sprintf("%s to under %s points", formatPoints(lo), formatPoints(hi))
		}
	}
	for _, s := range scores {
		i := bins - 1
		if max > 0 {
			i = min(bins-1, int(math.Floor(s/max*bins)))
		}
		counts[max0(i)]++
	}
	return layoutBars("Score histogram", "points (bins of "+formatPoints(max/bins)+")", counts, labels, titles, "student")
}

func max0(i int) int {
	if i < 0 {
		return 0
	}
	return i
}

// timeEdges are the bin edges of the run-time histogram, in seconds:
// roughly logarithmic, as run times spread over orders of magnitude.
var timeEdges = []float64{0, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 60, 300}

// timeHistogram counts runs by wall time, dropping empty bins at both
// ends.
func timeHistogram(times []float64) barChart {
	n := len(timeEdges)
	counts := make([]int, n)
	for _, t := range times {
		i := sort.SearchFloat64s(timeEdges, t)
		if i == n || timeEdges[i] != t {
			i--
		}
		counts[max0(i)]++
	}
	labels := make([]string, n)
	titles := make([]string, n)
	for i := range n {
		lo := timeEdges[i]
		labels[i] = strconv.FormatFloat(lo, 'f', -1, 64)
		if i+1 < n {
			titles[i] = fmt.Sprintf("%s s to under %s s", labels[i], strconv.FormatFloat(timeEdges[i+1], 'f', -1, 64))
		} else {
			titles[i] = fmt.Sprintf("%s s or more", labels[i])
		}
	}
	first, last := 0, n-1
	for first < n-1 && counts[first] == 0 {
		first++
	}
	for last > first && counts[last] == 0 {
		last--
	}
	return layoutBars("Run times", "wall time per test (seconds, bins from the value shown)", counts[first:last+1], labels[first:last+1], titles[first:last+1], "run")
}

// layoutBars places the bars of a chart.
func layoutBars(title, xlabel string, counts []int, labels, titles []string, unit string) barChart {
	c := barChart{Width: chartWidth, Height: chartHeight, Title: title, XLabel: xlabel, PlotLeft: chartLeft, Right: chartWidth - chartRight}
	top := 0
	for _, n := range counts {
		top = max(top, n)
	}
	step := niceStep(top)
	top = max(step, (top+step-1)/step*step)
	plotH := chartHeight - chartTop - chartBottom
	c.AxisY = chartTop + plotH
	c.XLabelX = chartLeft + (chartWidth-chartLeft-chartRight)/2
	for v := 0; v <= top; v += step {
		c.YTicks = append(c.YTicks, yTick{Y: c.AxisY - v*plotH/top, Label: strconv.Itoa(v)})
	}
	slot := (chartWidth - chartLeft - chartRight) / max(1, len(counts))
	for i, n := range counts {
		h := n * plotH / top
		x := chartLeft + i*slot
		units := unit + "s"
		if n == 1 {
			units = unit
		}
		c.Bars = append(c.Bars, bar{
			X: x + slot/8, W: slot - slot/4, Y: c.AxisY - h, H: h, Count: n,
			Label: labels[i], Title: fmt.Sprintf("%s: %d %s", titles[i], n, units),
			LabelX: x + slot/2, LabelY: c.AxisY + 16, CountY: c.AxisY - h - 4,
		})
	}
	return c
}

// niceStep is a step of 1, 2 or 5 times a power of ten giving at most
// five guides up to top.
func niceStep(top int) int {
	for p := 1; ; p *= 10 {
		for _, m := range []int{1, 2, 5} {
			if top <= 5*m*p {
				return m * p
			}
		}
	}
}
