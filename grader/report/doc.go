// Package report writes the results of a grading run in the forms course
// platforms and people read: Gradescope's results.json (one per
// submission, exactly per Gradescope's autograder specification), JUnit
// XML, a CSV gradebook (one row per student, one column per test plus the
// total), per-student Markdown feedback rendered from a text/template
// (the built-in one is templates/feedback/feedback.md.tmpl), a
// plain-text summary for the terminal with a hook for colour, the
// instructor's self-contained HTML summary page (score histogram, pass
// rates, run times, links to replays and feedback; the template is
// templates/summary/summary.html.tmpl), the class at a glance (class.go:
// per test verdict counts, the commonest first moves off every optimal
// path, claims outside their bands, shared answers to review; class.json
// and class.csv) and the replay page of each answer (drawn by package
// grader/replay). What students are shown of where their answers left the
// optimal paths follows the assignment's feedback keys (offpath.go); a
// heuristic check's counterexample is drawn on the tests students see,
// never on hidden ones (heuristic.go), and for staff on the summary page
// (summary_heuristic.go).
//
// Every writer works from a Gradebook — verdicts, not points — and applies
// the rubric as it writes, so that the files of a run are a function of its
// journal: the same results give the same bytes whatever the order or
// parallelism in which the tests ran. Run times, which differ from run to
// run, are written only when ResultSettings.Times asks for them (and in
// the terminal summary and the HTML summary page).
package report
