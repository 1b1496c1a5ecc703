// Package isolation names the isolation a caller may ask the sandbox for
// (auto, namespaces, rlimits), apart from the sandbox itself, so that an
// assignment can be read and checked (by the grader core, the browser
// checker) without linking the code that runs programs. Package sandbox
// re-exports these names as sandbox.Choice and sandbox.ParseChoice.
package isolation

import "fmt"

// Choice is the isolation a caller asks for.
type Choice string

// Isolation choices.
const (
	// Auto takes the strongest isolation the machine supports.
	Auto Choice = "auto"
	// Namespaces requires the namespaces level; a run fails where the
	// machine cannot give it.
	Namespaces Choice = "namespaces"
	// Rlimits forces the rlimits level.
	Rlimits Choice = "rlimits"
)

// Parse reads "auto", "namespaces" or "rlimits" (empty is auto).
func Parse(s string) (Choice, error) {
	switch c := Choice(s); c {
	case "", Auto:
		return Auto, nil
	case Namespaces, Rlimits:
		return c, nil
	}
	return "", fmt.Errorf("isolation %q: expected auto, namespaces or rlimits", s)
}
