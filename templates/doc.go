// Package templates holds the text kpuzzle embeds in its binary: report
// templates, and (as they are added) student starter code, the Gradescope
// bundle, a CI workflow and an assignment scaffold. Each kind lives in a
// folder of its own; add the folder to the embed pattern below.
//
// Instructors override a template by pointing the assignment at a file of
// their own (for feedback, the feedback.template key); the embedded copy
// is the default and a starting point to copy from.
package templates

import (
	"embed"
	"io/fs"
)

// FS holds every embedded template, under its folder: for example
// "feedback/feedback.md.tmpl".
//
//go:embed feedback replay/page.* audit starter assignment demo summary harness
var FS embed.FS

// FeedbackFile is the path in FS of the default per-student feedback
// template (Go text/template producing Markdown).
const FeedbackFile = "feedback/feedback.md.tmpl"

// Read returns the embedded file at name (a path in FS).
func Read(name string) (string, error) {
	b, err := fs.ReadFile(FS, name)
	return string(b), err
}
