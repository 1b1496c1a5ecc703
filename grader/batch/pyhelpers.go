package batch

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/sandbox"
)

// A course's Python helper (a utils.py in run.files) written for another
// Python than the one the runs use fails every test the same way, as the
// students' crash: "SyntaxError: Missing parentheses in call to
// 'print'". Before the first run the grader compiles each Python file of
// run.files with the runs' interpreter (compiling runs nothing of the
// file) and refuses to start, naming the file, the line and whether
// python2 compiles it.

// pythonWord finds a Python interpreter's name in a command's words,
// alone or inside a wrapper's script ("python3", "/usr/bin/python2.7").
var pythonWord = regexp.MustCompile(`(?:^|[\s'"/;|&(])(python(?:\d+(?:\.\d+)?)?)(?:$|[\s'";|&)])`)

// runInterpreter is the Python interpreter the runs use, found in
// run.command's words and resolved on the runs' PATH (the course's tools
// first): its name and path; "" when the command runs no Python or it is
// not installed.
func runInterpreter(a grader.Assignment) (name, path string) {
	for _, w := range a.RunCommand().Words() {
		if m := pythonWord.FindStringSubmatch(w); m != nil {
			name = m[1]
			if filepath.IsAbs(w) && filepath.Base(w) == name {
				return name, w
			}
			return name, lookPath(name, a.Tools)
		}
	}
	return "", ""
}

// lookPath finds an executable named name on the runs' PATH (the
// course's tools first), "" when there is none: the interpreter of a
// course's helpers, bash for a wrapper.
func lookPath(name string, tools grader.Tools) string {
	for _, dir := range append(slices.Clone(tools.Path), filepath.SplitList(sandbox.DefaultPath)...) {
		p := filepath.Join(dir, name)
		if st, err := os.Stat(p); err == nil && !st.IsDir() && st.Mode()&0o111 != 0 {
			return p
		}
	}
	return ""
}

// compileScript compiles each file named on its command line and prints
// FILE<tab>LINE<tab>MESSAGE for each that does not compile; it is the
// same in Python 2.7 and 3.
const compileScript = `import sys
for f in sys.argv[1:]:
    try:
        compile(open(f, 'rb').read(), f, 'exec')
    except SyntaxError as e:
        sys.stdout.write('%s\t%s\t%s\n' % (f, e.lineno, str(e.msg).replace('\n', ' ')))
`

// pythonFiles lists the Python files of run.files (files, and files
// inside folders).
func pythonFiles(files []string) []string {
	var out []string
	for _, f := range files {
		filepath.WalkDir(f, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(p, ".py") {
				out = append(out, p)
			}
			return nil
		})
	}
	return out
}

// compileErrors compiles files with the interpreter at path and returns,
// per file that does not compile, its line and message.
func compileErrors(ctx context.Context, path string, files []string) (map[string]string, error) {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, path, append([]string{"-E", "-s", "-c", compileScript}, files...)...)
	cmd.Env = []string{"PATH=" + sandbox.DefaultPath, "LANG=C.UTF-8"}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("%s could not compile them: %v %s", path, err, strings.TrimSpace(stderr.String()))
	}
	out := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(stdout.String()), "\n") {
		f, rest, ok := strings.Cut(line, "\t")
		if !ok {
			continue
		}
		no, msg, _ := strings.Cut(rest, "\t")
		out[f] = fmt.Sprintf("line %s: %s", no, msg)
	}
	return out, nil
}

// checkCourseHelpers compiles the Python files of run.files with the
// runs' interpreter, before the first run: one that does not compile is
// an error naming run.files, the file, the line, and, when it is Python
// 2 code that python2 compiles, what to do about it. Without a Python
// interpreter in run.command, or with none installed, there is nothing
// to check.
func checkCourseHelpers(ctx context.Context, a grader.Assignment) error {
	files := pythonFiles(a.Run.Files)
	name, interp := runInterpreter(a)
	if len(files) == 0 || interp == "" {
		return nil
	}
	bad, err := compileErrors(ctx, interp, files)
	if err != nil || len(bad) == 0 {
		return err
	}
	for _, f := range files {
		why, ok := bad[f]
		if !ok {
			continue
		}
		msg := fmt.Sprintf("%s does not compile under %s (%s), so every run that imports it crashes", f, name, why)
		if py2 := lookPath("python2", a.Tools); py2 != "" && !strings.HasPrefix(name, "python2") {
			if again, err := compileErrors(ctx, py2, []string{f}); err == nil && again[f] == "" {
				msg += "; python2 compiles it: it is Python 2 code. Give a Python 3 copy of it in run.files, or run the programs with python2 (run.command: python2 ...) if the students write Python 2"
			}
		} else if strings.Contains(why, "Missing parentheses in call to 'print'") {
			msg += "; it looks like Python 2 code. Give a Python 3 copy of it in run.files, or run the programs with python2 if the students write Python 2"
		}
		return &grader.ConfigError{Key: "run.files", Msg: msg}
	}
	return nil
}
