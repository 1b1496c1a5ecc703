package scaffold

import (
	"io/fs"
	"path"
	"path/filepath"

	"github.com/kpuzzle/kpuzzle/templates"
)

// demoSubmissionsDir is where package templates keeps the example
// submissions of kpuzzle demo.
const demoSubmissionsDir = "demo/submissions"

// WriteDemoSubmissions copies the example submissions shipped in the
// binary (a correct A* solver, a greedy one, one that makes an illegal
// move, one that never stops, Python 2 code that crashes) into dir, one
// folder each, and returns their names.
func WriteDemoSubmissions(dir string) ([]string, error) {
	entries, err := fs.ReadDir(templates.FS, demoSubmissionsDir)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		names = append(names, e.Name())
		root := path.Join(demoSubmissionsDir, e.Name())
		err := fs.WalkDir(templates.FS, root, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			data, err := fs.ReadFile(templates.FS, p)
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(filepath.FromSlash(demoSubmissionsDir), filepath.FromSlash(p))
			return writeFile(dir, filepath.ToSlash(rel), data, 0o644)
		})
		if err != nil {
			return nil, err
		}
	}
	return names, nil
}
