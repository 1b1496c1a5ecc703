package scaffold

import (
	"archive/zip"
	"bytes"
	"debug/elf"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"time"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/puzzles/atomicfile"
)

// BundleFile is one file of a platform bundle.
type BundleFile struct {
	// Name is the slash-separated path in the zip.
	Name string
	Data []byte
	Mode fs.FileMode
}

// Bundle is what a Gradescope autograder zip holds.
type Bundle struct {
	Files []BundleFile
	// Tests is the number of tests the assignment grades.
	Tests int
	// Warnings are what the instructor should fix, one line each, for
	// example a run_autograder of the assignment's own that an older
	// kpuzzle init wrote.
	Warnings []string
}

// SandboxProbeFile is the file, at the root of a Gradescope autograder,
// that makes it the sandbox probe: run_autograder runs kpuzzle sandbox
// probe instead of grading when the autograder's own folder
// (/autograder/source, the instructor's upload) holds it. A file of that
// name in a submission means nothing and is graded like any other.
const SandboxProbeFile = "KPUZZLE-SANDBOX-PROBE"

// studentProbeCheck is what a run_autograder written by kpuzzle init
// before the probe moved into the autograder tests: a submission holding
// the marker skipped grading (score 0, exit 0) and saw the probe's
// checks.
const studentProbeCheck = `"$submission/` + SandboxProbeFile + `"`

// probeCheck is the test of the current run_autograder.
const probeCheck = `"$source_dir/` + SandboxProbeFile + `"`

// AddSandboxProbe makes b the sandbox-probe autograder of the assignment
// named name: it adds SandboxProbeFile (which says what the autograder
// is), so that the bundle's run_autograder shows the probe's checks for
// any submission instead of grading it. It fails when the bundle's
// run_autograder (the assignment's own gradescope/run_autograder) does not
// look for the file there.
func (b *Bundle) AddSandboxProbe(name, kpuzzleVersion string) error {
	for _, f := range b.Files {
		if f.Name == "run_autograder" && !bytes.Contains(f.Data, []byte(probeCheck)) {
			return errors.New("gradescope/run_autograder does not run the sandbox probe for an autograder holding " + SandboxProbeFile +
				": delete it to use the built-in one, or take the one kpuzzle init writes today")
		}
	}
	data, err := Render("assignment/sandbox-probe.tmpl", Data{Name: name, KpuzzleVersion: kpuzzleVersion})
	if err != nil {
		return err
	}
	b.Files = append(b.Files, BundleFile{Name: SandboxProbeFile, Data: data, Mode: 0o644})
	sort.Slice(b.Files, func(i, j int) bool { return b.Files[i].Name < b.Files[j].Name })
	return nil
}

// GradescopeBundle gathers the files of a Gradescope autograder for the
// assignment read from the file config: setup.sh and run_autograder at
// the root (the assignment folder's gradescope/ files when it has them,
// else the built-in ones for the language its commands name), the
// assignment file as assignment.yaml, its puzzle set and the goal file and
// feedback template it names at the same paths relative to it, and the
// Linux x86-64 kpuzzle binary at binary (see CheckLinuxBinary), whose
// version is kpuzzleVersion. A file the assignment names outside its
// folder is an error: the bundle keeps the assignment's layout.
func GradescopeBundle(config string, asg grader.Assignment, binary, kpuzzleVersion, goVersion string) (Bundle, error) {
	tests, err := asg.LoadTests()
	if err != nil {
		return Bundle{}, err
	}
	base, err := filepath.Abs(filepath.Dir(config))
	if err != nil {
		return Bundle{}, err
	}
	var b Bundle
	b.Tests = len(tests)
	add := func(name string, data []byte, mode fs.FileMode) {
		b.Files = append(b.Files, BundleFile{Name: name, Data: data, Mode: mode})
	}
	data, err := os.ReadFile(config)
	if err != nil {
		return Bundle{}, err
	}
	add("assignment.yaml", data, 0o644)

	// The files the assignment names, at their paths relative to it.
	inside := func(key, p string) (string, error) {
		rel, err := filepath.Rel(base, p)
		if err != nil || !filepath.IsLocal(rel) {
			return "", fmt.Errorf("%s: %s %s is outside the assignment's folder %s; the bundle keeps the assignment's layout, so move it inside", config, key, p, base)
		}
		return filepath.ToSlash(rel), nil
	}
	seen := map[string]bool{}
	addFile := func(key, p string) error {
		rel, err := inside(key, p)
		if err != nil || seen[rel] {
			return err
		}
		seen[rel] = true
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		add(rel, data, 0o644)
		return nil
	}
	for i, src := range asg.Puzzles.Sources() {
		key := "puzzles"
		if i > 0 {
			key = fmt.Sprintf("puzzles.extra[%d]", i-1)
		}
		if _, err := inside(key+".dir", src.Dir); err != nil {
			return Bundle{}, err
		}
		err = filepath.WalkDir(src.Dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil || !d.Type().IsRegular() {
				return err
			}
			return addFile(key+".dir", p)
		})
		if err != nil {
			return Bundle{}, err
		}
		if src.Manifest != "" {
			if err := addFile(key+".manifest", src.Manifest); err != nil {
				return Bundle{}, err
			}
		}
	}
	if _, err := puzzles.GoalByName(asg.Goal, puzzles.Shape{Rows: 3, Cols: 3}); err != nil && asg.Goal != "" {
		if err := addFile("goal", asg.Goal); err != nil {
			return Bundle{}, err
		}
	}
	if asg.Feedback.Template != "" {
		if err := addFile("feedback.template", asg.Feedback.Template); err != nil {
			return Bundle{}, err
		}
	}

	// setup.sh and run_autograder: the assignment's own, or built in.
	builtin := Data{Language: GuessLanguage(asg.Build.Command, asg.Run.Command), KpuzzleVersion: kpuzzleVersion, GoVersion: goVersion}
	for _, f := range []string{"setup.sh", "run_autograder"} {
		data, err := os.ReadFile(filepath.Join(base, "gradescope", f))
		if errors.Is(err, fs.ErrNotExist) {
			data, err = Render("assignment/gradescope/"+f+".tmpl", builtin)
		}
		if err != nil {
			return Bundle{}, err
		}
		if f == "run_autograder" && bytes.Contains(data, []byte(studentProbeCheck)) {
			b.Warnings = append(b.Warnings, fmt.Sprintf("%s runs the sandbox probe instead of grading when a submission holds %s, so a student can skip grading and see the probe's checks: delete it to use the built-in one, or take the one kpuzzle init writes today",
				filepath.Join(base, "gradescope", f), SandboxProbeFile))
		}
		add(f, data, 0o755)
	}
	bin, err := os.ReadFile(binary)
	if err != nil {
		return Bundle{}, err
	}
	add("kpuzzle", bin, 0o755)
	sort.Slice(b.Files, func(i, j int) bool { return b.Files[i].Name < b.Files[j].Name })
	return b, nil
}

// Names lists the bundle's file names, sorted.
func (b Bundle) Names() []string {
	names := make([]string, len(b.Files))
	for i, f := range b.Files {
		names[i] = f.Name
	}
	sort.Strings(names)
	return names
}

// ZipTime is the modification time of every file in a bundle's zip, so
// that the same files make the same zip.
var ZipTime = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)

// WriteZip writes the bundle's files, sorted by name, into a new zip at
// path (written whole and renamed into place), the same bytes for the
// same files.
func (b Bundle) WriteZip(path string) error {
	files := append([]BundleFile(nil), b.Files...)
	sort.Slice(files, func(i, j int) bool { return files[i].Name < files[j].Name })
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, f := range files {
		h := &zip.FileHeader{Name: f.Name, Method: zip.Deflate, Modified: ZipTime}
		h.SetMode(f.Mode)
		w, err := zw.CreateHeader(h)
		if err != nil {
			return err
		}
		if _, err := io.Copy(w, bytes.NewReader(f.Data)); err != nil {
			return err
		}
	}
	if err := zw.Close(); err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return atomicfile.WriteBytes(path, 0o644, buf.Bytes())
}

// ErrNotLinuxBinary is wrapped by CheckLinuxBinary's error for a file
// that is not a Linux x86-64 executable.
var ErrNotLinuxBinary = errors.New("a Gradescope bundle needs a linux/amd64 kpuzzle")

// CheckLinuxBinary checks that the file at path is a Linux x86-64
// executable, which is what Gradescope's images run.
func CheckLinuxBinary(path string) error {
	file, err := os.Open(path)
	if err != nil {
		return err
	}
	defer file.Close()
	f, err := elf.NewFile(file)
	if err != nil {
		return fmt.Errorf("%s: not a Linux executable (%v); %w", path, err, ErrNotLinuxBinary)
	}
	if f.Machine != elf.EM_X86_64 || f.Type != elf.ET_EXEC && f.Type != elf.ET_DYN {
		return fmt.Errorf("%s: a %s %s file, not an x86-64 executable; %w", path, f.Machine, f.Type, ErrNotLinuxBinary)
	}
	return nil
}
