package batch

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/kpuzzle/kpuzzle/templates"
)

// The sources of run-to-run difference the grader pins in every test's
// run (docs/grading.md, "Reproducible runs"), unless run.env sets them:
// Python's string hashing (the order of a set or a dict of strings), and
// the seed of Python's random module, which a sitecustomize file on
// PYTHONPATH sets. What a run draws from the kernel (getrandom(2),
// /dev/urandom), the clock, or a runtime that seeds itself from them
// (Java's new Random(), Node's Math.random, Go's map order, C's
// srand(time(NULL))) cannot be pinned from outside without intercepting
// the program; a test run twice tells such a program (recheck.go).
const (
	// pinPrefix starts the name of the folder, beside the grading's
	// scratch folder, holding the sitecustomize file: beside it, not in
	// it, because the scratch folder is one no run may see (the check
	// before the first run would count a readable file in it as a
	// secret within reach), and the file is kpuzzle's, no secret.
	pinPrefix = "kpuzzle-pin-"
	// pinTemplate is the sitecustomize file's template.
	pinTemplate = "harness/sitecustomize.py"
)

// pinnedValues are the variables set in every run, in order.
var pinnedValues = []string{"PYTHONHASHSEED=0"}

// writePin writes the sitecustomize file into a new folder of parent
// ("" is the system's temporary folder), which every run reads and none
// may write (the grader's, mode 0755, and a read-only view with
// namespaces), and returns the folder; the caller removes it.
func writePin(parent string) (dir string, err error) {
	dir, err = os.MkdirTemp(parent, pinPrefix)
	if err != nil {
		return "", err
	}
	defer func() {
		if err != nil {
			os.RemoveAll(dir)
		}
	}()
	if err := os.Chmod(dir, 0o755); err != nil {
		return "", err
	}
	text, err := templates.Read(pinTemplate)
	if err != nil {
		return "", err
	}
	return dir, os.WriteFile(filepath.Join(dir, "sitecustomize.py"), []byte(text), 0o644)
}

// pinEnv is a run's environment env (PATH, HOME, ..., run.env) with the
// pins added: PYTHONHASHSEED=0 unless env sets it, and pinDir first on
// PYTHONPATH (before run.env's PYTHONPATH, if any). An empty pinDir adds
// no PYTHONPATH.
func pinEnv(env []string, pinDir string) []string {
	has := func(name string) int {
		for i, kv := range env {
			if strings.HasPrefix(kv, name+"=") {
				return i
			}
		}
		return -1
	}
	out := append([]string(nil), env...)
	for _, kv := range pinnedValues {
		name, _, _ := strings.Cut(kv, "=")
		if has(name) < 0 {
			out = append(out, kv)
		}
	}
	if pinDir == "" {
		return out
	}
	if i := has("PYTHONPATH"); i >= 0 {
		out[i] = "PYTHONPATH=" + pinDir + ":" + strings.TrimPrefix(env[i], "PYTHONPATH=")
	} else {
		out = append(out, "PYTHONPATH="+pinDir)
	}
	return out
}
