package batch

import (
	"fmt"
	"path/filepath"

	"github.com/kpuzzle/kpuzzle/grader"
)

// toolsOutsideHidden refuses a tools path that lies inside a hidden one
// (the puzzle set, the submissions, the output): the sandbox keeps a
// read-only path visible even inside a hidden folder, so it would show
// what must stay hidden.
func toolsOutsideConcealed(t grader.Tools, hidden []string) error {
	for _, p := range t.Visible() {
		for _, h := range hidden {
			if rel, err := filepath.Rel(h, p); err == nil && filepath.IsLocal(rel) {
				return &grader.ConfigError{Key: "tools", Msg: fmt.Sprintf("%s is inside %s, which programs must not see; put the course's tools elsewhere", p, h)}
			}
		}
	}
	return nil
}
