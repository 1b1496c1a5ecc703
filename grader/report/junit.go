package report

import (
	"encoding/xml"
	"fmt"
	"io"
	"strings"

	"github.com/kpuzzle/kpuzzle/grader"
)

// JUnit XML, in the shape CI systems and test dashboards read: one
// testsuite per submission, one testcase per test. An accepted answer with
// full points passes; a wrong answer is a failure; a run that left no
// answer (timeout, crash, no answer, limits, build or grader errors) is an
// error.
type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Errors   int          `xml:"errors,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name       string          `xml:"name,attr"`
	Tests      int             `xml:"tests,attr"`
	Failures   int             `xml:"failures,attr"`
	Errors     int             `xml:"errors,attr"`
	Time       string          `xml:"time,attr,omitempty"`
	Properties []junitProperty `xml:"properties>property"`
	Cases      []junitCase     `xml:"testcase"`
}

type junitProperty struct {
	Name  string `xml:"name,attr"`
	Value string `xml:"value,attr"`
}

type junitCase struct {
	Name      string        `xml:"name,attr"`
	Classname string        `xml:"classname,attr"`
	Time      string        `xml:"time,attr,omitempty"`
	Failure   *junitProblem `xml:"failure"`
	Error     *junitProblem `xml:"error"`
	SystemOut string        `xml:"system-out,omitempty"`
}

type junitProblem struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Text    string `xml:",cdata"`
}

// WriteJUnit writes every submission's results as JUnit XML.
func (gb Gradebook) WriteJUnit(w io.Writer) error {
	doc := junitSuites{Name: gb.Assignment}
	for _, s := range gb.Submissions {
		score, max := gb.Total(s)
		suite := junitSuite{
			Name:  grader.Printable(s.Name),
			Tests: len(s.Results),
			Properties: []junitProperty{
				{Name: "score", Value: formatPoints(score)},
				{Name: "max_score", Value: formatPoints(max)},
			},
		}
		var total float64
		for i, r := range s.Results {
			t := gb.Tests[i]
			c := junitCase{Name: fmt.Sprintf("%d %s", t.Number, t.Name), Classname: grader.Printable(s.Name)}
			if gb.Settings.Times {
				c.Time = fmt.Sprintf("%.3f", r.Seconds)
				total += r.Seconds
			}
			points := fmt.Sprintf("%s: %s of %s points", r.Verdict, formatPoints(r.Score(gb.Rubric)), formatPoints(r.Max(gb.Rubric)))
			text := r.Details
			for _, sc := range r.ScoredCriteria(gb.Rubric) {
				text = append(text[:len(text):len(text)], fmt.Sprintf("check (%s of %s points) %s", formatPoints(sc.Points), formatPoints(sc.Max), sc.Line()))
				// JUnit XML is the staff's, like the summary page: a
				// hidden test's counterexample is drawn too.
				text = append(text, counterexampleLines(sc.Criterion)...)
			}
			problem := &junitProblem{Message: points + "; " + r.Summary, Type: string(r.Verdict), Text: strings.Join(text, "\n")}
			switch {
			case gb.Passed(r):
				c.SystemOut = points + "; " + r.Summary
			case r.Verdict.FromRun():
				c.Error = problem
				suite.Errors++
			default:
				c.Failure = problem
				suite.Failures++
			}
			suite.Cases = append(suite.Cases, c)
		}
		if gb.Settings.Times {
			suite.Time = fmt.Sprintf("%.3f", total)
		}
		doc.Tests += suite.Tests
		doc.Failures += suite.Failures
		doc.Errors += suite.Errors
		doc.Suites = append(doc.Suites, suite)
	}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}
