package main

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
	"runtime"
	"sort"
	"strings"
	"time"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/internal/atomicfile"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/spf13/cobra"
)

func newBundleCmd(a *app) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "bundle",
		Short: "Package an assignment for a course platform (Gradescope)",
	}
	cmd.AddCommand(newBundleGradescopeCmd(a))
	return cmd
}

type bundleOptions struct {
	out    string
	binary string
}

func newBundleGradescopeCmd(a *app) *cobra.Command {
	var opts bundleOptions
	cmd := &cobra.Command{
		Use:   "gradescope [ASSIGNMENT.yaml] --out autograder.zip",
		Short: "Zip an assignment as a Gradescope autograder",
		Long: `Zip the assignment (default ./assignment.yaml, or --config) as a Gradescope
autograder: setup.sh and run_autograder at the root of the zip, the
assignment file as assignment.yaml, its puzzle set (and goal file and
feedback template, if any) at the same relative paths, and a Linux x86-64
kpuzzle binary, which is what Gradescope's images run.

setup.sh and run_autograder are the assignment folder's gradescope/ files
when it has them (kpuzzle init writes them), otherwise the built-in ones
for the language the run command names. run_autograder runs kpuzzle grade
on /autograder/submission and writes /autograder/results/results.json.

The binary is this kpuzzle when it is a linux/amd64 build, otherwise the
one given with --binary (build it with
GOOS=linux GOARCH=amd64 go build github.com/kpuzzle/kpuzzle/cmd/kpuzzle).
The zip is the same byte for byte for the same files.`,
		Example: `  kpuzzle bundle gradescope hw2/assignment.yaml --out hw2-autograder.zip
  kpuzzle bundle gradescope --config assignment.yaml --binary ./kpuzzle-linux-amd64 --out autograder.zip`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if opts.out == "" {
				return usageErrorf("--out FILE.zip is required")
			}
			config := a.v.ConfigFileUsed()
			switch {
			case len(args) == 1:
				config = args[0]
			case config == "":
				config = "assignment.yaml"
			}
			if config != a.v.ConfigFileUsed() {
				if _, err := os.Stat(config); err != nil {
					return inputError(err)
				}
				a.v.SetConfigFile(config)
				if err := a.v.ReadInConfig(); err != nil {
					return usageErrorf("%s: %v", config, err)
				}
			}
			asg, err := loadAssignment(a, cmd, &gradeOptions{})
			if err != nil {
				return err
			}
			return runBundleGradescope(a, config, asg, opts)
		},
	}
	cmd.Flags().StringVar(&opts.out, "out", "autograder.zip", "the zip file to write")
	cmd.Flags().StringVar(&opts.binary, "binary", "", "the linux/amd64 kpuzzle binary to ship (default: this one, when it is such a build)")
	return cmd
}

// bundleFile is one file of a bundle.
type bundleFile struct {
	name string // slash-separated path in the zip
	data []byte
	mode fs.FileMode
}

type bundleJSON struct {
	Out    string   `json:"out"`
	Files  []string `json:"files"`
	Binary string   `json:"binary"`
	Tests  int      `json:"tests"`
}

func runBundleGradescope(a *app, config string, asg grader.Assignment, opts bundleOptions) error {
	tests, err := asg.LoadTests()
	if err != nil {
		var ce *grader.ConfigError
		if errors.As(err, &ce) {
			return usageErrorf("%s: %v", config, err)
		}
		return inputError(err)
	}
	base, err := filepath.Abs(filepath.Dir(config))
	if err != nil {
		return inputError(err)
	}
	binary, err := bundleBinary(opts.binary)
	if err != nil {
		return err
	}
	var files []bundleFile
	add := func(name string, data []byte, mode fs.FileMode) {
		files = append(files, bundleFile{name: name, data: data, mode: mode})
	}
	data, err := os.ReadFile(config)
	if err != nil {
		return inputError(err)
	}
	add("assignment.yaml", data, 0o644)

	// The files the assignment names, at their paths relative to it.
	inside := func(key, p string) (string, error) {
		rel, err := filepath.Rel(base, p)
		if err != nil || !filepath.IsLocal(rel) {
			return "", usageErrorf("%s: %s %s is outside the assignment's folder %s; the bundle keeps the assignment's layout, so move it inside", config, key, p, base)
		}
		return filepath.ToSlash(rel), nil
	}
	seen := map[string]bool{}
	addFile := func(key, p string) error {
		rel, err := inside(key, p)
		if err != nil {
			return err
		}
		if seen[rel] {
			return nil
		}
		seen[rel] = true
		data, err := os.ReadFile(p)
		if err != nil {
			return inputError(err)
		}
		add(rel, data, 0o644)
		return nil
	}
	if _, err := inside("puzzles.dir", asg.Puzzles.Dir); err != nil {
		return err
	}
	err = filepath.WalkDir(asg.Puzzles.Dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		return addFile("puzzles.dir", p)
	})
	if err != nil {
		var ee *exitError
		if errors.As(err, &ee) {
			return err
		}
		return inputError(err)
	}
	if asg.Puzzles.Manifest != "" {
		if err := addFile("puzzles.manifest", asg.Puzzles.Manifest); err != nil {
			return err
		}
	}
	if _, err := puzzles.GoalByName(asg.Goal, puzzles.Shape{Rows: 3, Cols: 3}); err != nil && asg.Goal != "" {
		if err := addFile("goal", asg.Goal); err != nil {
			return err
		}
	}
	if asg.Feedback.Template != "" {
		if err := addFile("feedback.template", asg.Feedback.Template); err != nil {
			return err
		}
	}

	// setup.sh and run_autograder: the assignment's own, or built in.
	lang := guessLang(asg)
	dataT := scaffoldData{Language: lang, KpuzzleVersion: buildVersion(), GoVersion: runtime.Version()}
	for _, f := range []string{"setup.sh", "run_autograder"} {
		own := filepath.Join(base, "gradescope", f)
		data, err := os.ReadFile(own)
		switch {
		case err == nil:
		case errors.Is(err, fs.ErrNotExist):
			if data, err = renderTemplate("assignment/gradescope/"+f+".tmpl", dataT); err != nil {
				return err
			}
		default:
			return inputError(err)
		}
		add(f, data, 0o755)
	}
	bin, err := os.ReadFile(binary)
	if err != nil {
		return inputError(err)
	}
	add("kpuzzle", bin, 0o755)

	if err := writeZip(opts.out, files); err != nil {
		return inputError(fmt.Errorf("write %s: %w", opts.out, err))
	}
	var names []string
	for _, f := range files {
		names = append(names, f.name)
	}
	sort.Strings(names)
	if a.json {
		return writeJSON(a.out, bundleJSON{Out: opts.out, Files: names, Binary: binary, Tests: len(tests)})
	}
	fmt.Fprintf(a.out, "wrote %s: setup.sh, run_autograder, the assignment with %d tests, %d files in all and kpuzzle %s for linux/amd64\n",
		opts.out, len(tests), len(files), buildVersion())
	fmt.Fprintln(a.out, "upload it as the autograder of a Gradescope programming assignment (see docs/instructors.md)")
	return nil
}

// bundleBinary is the kpuzzle binary to ship: --binary, checked to be a
// Linux x86-64 executable, or this program when it is one.
func bundleBinary(given string) (string, error) {
	if given == "" {
		if runtime.GOOS != "linux" || runtime.GOARCH != "amd64" {
			return "", usageErrorf("this kpuzzle is a %s/%s build, but Gradescope runs linux/amd64: build one with GOOS=linux GOARCH=amd64 go build github.com/kpuzzle/kpuzzle/cmd/kpuzzle and pass it with --binary", runtime.GOOS, runtime.GOARCH)
		}
		self, err := os.Executable()
		if err != nil {
			return "", usageErrorf("cannot find this program's file (%v); pass a linux/amd64 kpuzzle with --binary", err)
		}
		given = self
	}
	f, err := elf.Open(given)
	if err != nil {
		var fe *elf.FormatError
		if errors.As(err, &fe) {
			return "", usageErrorf("--binary %s: not a Linux executable (%v); Gradescope needs a linux/amd64 kpuzzle", given, err)
		}
		return "", inputError(err)
	}
	defer f.Close()
	if f.Machine != elf.EM_X86_64 || f.Type != elf.ET_EXEC && f.Type != elf.ET_DYN {
		return "", usageErrorf("--binary %s: a %s %s file, not an x86-64 executable; Gradescope needs a linux/amd64 kpuzzle", given, f.Machine, f.Type)
	}
	return given, nil
}

// guessLang picks the starter language whose tools the assignment's
// build or run command names, for the built-in setup.sh; Python when none
// does.
func guessLang(asg grader.Assignment) starterLang {
	cmd := asg.Build.Command + " " + asg.Run.Command
	langs := starterLangs("10s", "")
	pick := func(name string) starterLang {
		for _, l := range langs {
			if l.Name == name {
				return l
			}
		}
		return langs[0]
	}
	switch {
	case strings.Contains(cmd, "javac") || strings.Contains(cmd, "java "):
		return pick("java")
	case strings.Contains(cmd, "g++") || strings.Contains(cmd, "clang++"):
		return pick("cpp")
	case strings.Contains(cmd, "go build"):
		return pick("go")
	}
	return pick("python")
}

// bundleTime is the modification time of every file in a bundle, so that
// the same files make the same zip.
var bundleTime = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)

// writeZip writes files, sorted by name, into a new zip at path (written
// whole and renamed into place).
func writeZip(path string, files []bundleFile) error {
	sort.Slice(files, func(i, j int) bool { return files[i].name < files[j].name })
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, f := range files {
		h := &zip.FileHeader{Name: f.name, Method: zip.Deflate, Modified: bundleTime}
		h.SetMode(f.mode)
		w, err := zw.CreateHeader(h)
		if err != nil {
			return err
		}
		if _, err := io.Copy(w, bytes.NewReader(f.data)); err != nil {
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
