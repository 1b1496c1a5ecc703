package batch

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"syscall"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/sandbox"
)

// Submission is one student's folder.
type Submission struct {
	// Name identifies the student in reports: the folder's name.
	Name string
	// Dir is the folder.
	Dir string
	// Root is the folder named on the command line: Dir itself, or the
	// folder of submissions that holds it. Programs never see it.
	Root string
}

// Layout says how to read a folder given on the command line.
type Layout string

// Layouts.
const (
	// LayoutAuto: a folder whose entries are all sub-folders (apart from
	// dot files and export metadata such as submission_metadata.yml) is a
	// folder of submissions; any other folder is one submission.
	LayoutAuto Layout = "auto"
	// LayoutSingle: every folder given is one submission.
	LayoutSingle Layout = "single"
	// LayoutFolders: every folder given holds one sub-folder per student,
	// as Gradescope and GitHub Classroom exports lay them out.
	LayoutFolders Layout = "folders"
)

// ParseLayout reads "auto", "single" or "folders".
func ParseLayout(s string) (Layout, error) {
	switch l := Layout(strings.ToLower(strings.TrimSpace(s))); l {
	case "":
		return LayoutAuto, nil
	case LayoutAuto, LayoutSingle, LayoutFolders:
		return l, nil
	}
	return "", fmt.Errorf("layout %q: expected auto, single or folders", s)
}

// Skipped is an entry of a folder of submissions that is not graded, and
// why.
type Skipped struct {
	Path   string
	Reason string
}

// Found is what FindSubmissions found.
type Found struct {
	// Submissions are sorted by name.
	Submissions []Submission
	// Skipped are entries beside the submission folders that are not
	// graded (stray files, symbolic links), and notes on folders read as
	// one submission although they hold folders, so that nothing is left
	// out or merged silently.
	Skipped []Skipped
}

// ExportFolders lists the folders of submissions among subs' roots (a
// folder named on the command line that holds one sub-folder per
// student), each once, in the order of subs: where an export such as
// Gradescope's puts its metadata beside the submission folders
// (report.ReadRosters). A submission named on its own has no such folder.
func ExportFolders(subs []Submission) []string {
	var out []string
	seen := map[string]bool{}
	for _, s := range subs {
		if seen[s.Root] || s.Root == s.Dir {
			continue
		}
		seen[s.Root] = true
		out = append(out, s.Root)
	}
	return out
}

// FindSubmissions lists the submissions under the given folders, sorted by
// name. Two submissions with the same name are an error, since reports are
// keyed by it. See Find for the notes on what was skipped.
func FindSubmissions(paths []string, layout Layout) ([]Submission, error) {
	f, err := Find(paths, layout, nil)
	return f.Submissions, err
}

// Find lists the submissions under the given folders and what it left
// out. expected are the files every submission must hold (the
// assignment's ExpectedFiles): with LayoutAuto, a folder holding one of
// them at its top is one submission, and a folder with sub-folders and
// none of them is a folder of submissions whatever else lies beside them
// (a roster, a README). Without expected files a folder whose entries are
// all sub-folders (apart from dot files and export metadata such as
// submission_metadata.yml) is a folder of submissions, and one that also
// holds other files is one submission, with a note saying so.
func Find(paths []string, layout Layout, expected []string) (Found, error) {
	var out Found
	for _, p := range paths {
		abs, err := filepath.Abs(p)
		if err != nil {
			return Found{}, err
		}
		st, err := os.Stat(abs)
		if err != nil {
			return Found{}, err
		}
		if !st.IsDir() {
			return Found{}, fmt.Errorf("%s: not a folder; expected a submission folder or a folder of them", p)
		}
		entries, err := os.ReadDir(abs)
		if err != nil {
			return Found{}, err
		}
		folders := layout == LayoutFolders
		if layout == LayoutAuto {
			var note string
			folders, note = looksLikeFolderOfSubmissions(entries, expected)
			if note != "" {
				out.Skipped = append(out.Skipped, Skipped{Path: abs, Reason: note})
			}
			if folders && len(expected) > 0 {
				if err := checkFolderOfSubmissions(p, abs, entries, expected); err != nil {
					return Found{}, err
				}
			}
		}
		if !folders {
			out.Submissions = append(out.Submissions, Submission{Name: filepath.Base(abs), Dir: abs, Root: abs})
			continue
		}
		n := 0
		for _, e := range entries {
			path := filepath.Join(abs, e.Name())
			switch {
			case strings.HasPrefix(e.Name(), "."):
			case e.IsDir():
				out.Submissions = append(out.Submissions, Submission{Name: e.Name(), Dir: path, Root: abs})
				n++
			case e.Type()&fs.ModeSymlink != 0:
				out.Skipped = append(out.Skipped, Skipped{Path: path, Reason: "a symbolic link: links are not followed out of a folder of submissions; copy the folder in"})
			case isMetadata(e.Name()):
			default:
				out.Skipped = append(out.Skipped, Skipped{Path: path, Reason: "a file beside the submission folders, not a submission"})
			}
		}
		if n == 0 {
			return Found{}, fmt.Errorf("%s: no submission folders inside", p)
		}
	}
	subs := out.Submissions
	sort.Slice(subs, func(i, j int) bool { return subs[i].Name < subs[j].Name })
	for i := 1; i < len(subs); i++ {
		if subs[i].Name == subs[i-1].Name {
			return Found{}, fmt.Errorf("two submissions are named %s (%s and %s); reports are keyed by folder name", subs[i].Name, subs[i-1].Dir, subs[i].Dir)
		}
	}
	if len(subs) == 0 {
		return Found{}, errors.New("no submissions given")
	}
	return out, nil
}

// metadataExt are the extensions of files an export puts beside the
// student folders.
var metadataExt = []string{".yml", ".yaml", ".json", ".csv", ".txt", ".md"}

func isMetadata(name string) bool {
	if strings.HasPrefix(strings.ToLower(name), "readme") {
		return false
	}
	for _, ext := range metadataExt {
		if strings.EqualFold(filepath.Ext(name), ext) {
			return true
		}
	}
	return false
}

// looksLikeFolderOfSubmissions decides LayoutAuto for one folder, with a
// note when the decision leaves something out or could surprise.
func looksLikeFolderOfSubmissions(entries []fs.DirEntry, expected []string) (bool, string) {
	dirs := 0
	var others []string
	top := map[string]bool{}
	for _, e := range entries {
		name := e.Name()
		top[name] = true
		switch {
		case strings.HasPrefix(name, "."):
		case e.IsDir():
			dirs++
		case !isMetadata(name):
			others = append(others, name)
		}
	}
	if holdsExpected(top, expected) {
		return false, ""
	}
	if dirs == 0 {
		return false, ""
	}
	if len(expected) > 0 || len(others) == 0 {
		return true, ""
	}
	return false, fmt.Sprintf("read as one submission because it holds files (%s) beside %d folders; give --layout folders if it is a folder of submissions",
		strings.Join(others[:min(3, len(others))], ", "), dirs)
}

// holdsExpected reports whether a folder whose top entries are top holds
// one of the expected files (or the folder leading to one).
func holdsExpected(top map[string]bool, expected []string) bool {
	for _, f := range expected {
		first := strings.SplitN(f, "/", 2)[0]
		if top[first] {
			return true
		}
		if isPattern(first) {
			for name := range top {
				if ok, _ := path.Match(first, name); ok {
					return true
				}
			}
		}
	}
	return false
}

// checkFolderOfSubmissions is the check LayoutAuto makes before it reads
// a folder as a folder of submissions because it holds none of the
// expected files: at least one sub-folder must hold one. Otherwise the
// folder is most likely one student's, with the entry file misnamed, and
// reading it as a folder of submissions would grade its sub-folders
// (puzzles/, src/) as phantom students.
func checkFolderOfSubmissions(p, abs string, entries []fs.DirEntry, expected []string) error {
	var dirs, files []string
	for _, e := range entries {
		name := e.Name()
		switch {
		case strings.HasPrefix(name, "."):
		case e.IsDir():
			sub, err := os.ReadDir(filepath.Join(abs, name))
			if err != nil {
				continue
			}
			top := map[string]bool{}
			for _, s := range sub {
				top[s.Name()] = true
			}
			if holdsExpected(top, expected) {
				return nil
			}
			dirs = append(dirs, name+"/")
		case e.Type().IsRegular() && !isMetadata(name):
			files = append(files, name)
		}
	}
	list := func(names []string) string {
		if len(names) > 3 {
			return strings.Join(names[:3], ", ") + fmt.Sprintf(" and %d more", len(names)-3)
		}
		return strings.Join(names, ", ")
	}
	rename := "to " + expected[0]
	if isPattern(expected[0]) {
		rename = "to match " + expected[0]
	}
	here := "this folder"
	if len(files) > 0 {
		here = fmt.Sprintf("this folder (which holds %s)", list(files))
	}
	return fmt.Errorf("%s: %s, the file the assignment's command runs, is neither in %s nor in any of its sub-folders (%s); "+
		"if this is one student's work, its entry file is misnamed: rename it %s, or give --layout single to grade it as it is; "+
		"if it is a folder of submissions, give --layout folders",
		p, strings.Join(expected, " or "), here, list(dirs), rename)
}

// Caps on what is copied of a submission.
const (
	MaxSubmissionBytes = 256 << 20
	MaxSubmissionFiles = 20000
)

// errTooLarge reports a submission over the caps.
var errTooLarge = errors.New("submission too large")

// skipEntry reports whether a submission entry is left out of copies and
// digests: version-control folders and anything that is neither a folder
// nor a regular file (symbolic links, devices, sockets).
func skipEntry(d fs.DirEntry) bool {
	if d.IsDir() {
		return d.Name() == ".git" || d.Name() == ".hg" || d.Name() == ".svn"
	}
	return !d.Type().IsRegular()
}

// walkSubmission calls fn for every entry to copy, in lexical order, with
// its path relative to root, enforcing the caps.
func walkSubmission(root string, fn func(rel string, d fs.DirEntry) error) error {
	var files int
	var bytes int64
	return filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if path == root {
			return nil
		}
		if skipEntry(d) {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return err
		}
		if !d.IsDir() {
			info, err := d.Info()
			if err != nil {
				return err
			}
			files++
			bytes += info.Size()
			if files > MaxSubmissionFiles || bytes > MaxSubmissionBytes {
				return fmt.Errorf("%w: more than %d files or %d MiB", errTooLarge, MaxSubmissionFiles, MaxSubmissionBytes>>20)
			}
		}
		return fn(rel, d)
	})
}

// digestSubmission hashes the names, executable bits and contents of the
// files that would be copied.
func digestSubmission(root string) (string, error) {
	h := sha256.New()
	err := walkSubmission(root, func(rel string, d fs.DirEntry) error {
		if d.IsDir() {
			fmt.Fprintf(h, "d %q\n", filepath.ToSlash(rel))
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		fmt.Fprintf(h, "f %q %t %d\n", filepath.ToSlash(rel), info.Mode()&0o111 != 0, info.Size())
		f, err := os.Open(filepath.Join(root, rel))
		if err != nil {
			return err
		}
		defer f.Close()
		_, err = io.Copy(h, f)
		return err
	})
	if err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)[:16]), nil
}

// copyTree copies a submission into dst (which must not exist): folders
// 0755, files 0644 or 0755 when executable by anyone, so that the
// program's unprivileged user can read them but not change them. When
// owner >= 0 the copy is handed to that uid and gid (for a build step,
// which must write into it). When src was written by a build, files with
// more than one link are skipped, so that a build cannot smuggle in a hard
// link to a file its user could not read.
func copyTree(src, dst string, owner int, fromBuild bool) error {
	if err := os.Mkdir(dst, 0o755); err != nil {
		return err
	}
	if err := chown(dst, owner); err != nil {
		return err
	}
	return walkSubmission(src, func(rel string, d fs.DirEntry) error {
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			if err := os.Mkdir(target, 0o755); err != nil {
				return err
			}
			return chown(target, owner)
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		if fromBuild && linkCount(info) > 1 {
			return nil
		}
		mode := fs.FileMode(0o644)
		if info.Mode()&0o111 != 0 {
			mode = 0o755
		}
		if err := sandbox.CopyFile(filepath.Join(src, rel), target, mode); err != nil {
			return err
		}
		return chown(target, owner)
	})
}

func linkCount(info fs.FileInfo) uint64 {
	if st, ok := info.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Nlink)
	}
	return 1
}

// takeBack hands a folder and everything in it to root, when the grader
// is root, without following symbolic links.
func takeBack(root string) error {
	if os.Geteuid() != 0 {
		return nil
	}
	return filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return nil
			}
			return err
		}
		return os.Lchown(path, 0, 0)
	})
}

func chown(path string, owner int) error {
	if owner < 0 {
		return nil
	}
	return os.Lchown(path, owner, owner)
}

// ReceivedFiles lists what a submission holds and which of the expected
// files (slash-separated paths relative to the submission) it lacks, with
// hints for the usual wrong uploads: the right name in another case or in
// a sub-folder, an archive that was not unpacked. Every name in it, and
// every hint, has gone through grader.Printable: file names are the
// student's, and this is where they enter every report (results.json,
// feedback, summaries, JUnit, CSV), so a name holding an escape
// sequence, a right-to-left override or a newline is shown escaped
// (<U+202E>) and cannot forge a line.
func ReceivedFiles(dir string, expected []string) grader.FilesReceived {
	out := receivedFiles(dir, expected)
	for _, list := range [][]string{out.Files, out.Missing, out.Hints} {
		for i, s := range list {
			list[i] = grader.Printable(s)
		}
	}
	return out
}

// receivedFiles is ReceivedFiles with the names as they are.
func receivedFiles(dir string, expected []string) grader.FilesReceived {
	var all []string
	_ = walkSubmission(dir, func(rel string, d fs.DirEntry) error {
		if !d.IsDir() {
			all = append(all, filepath.ToSlash(rel))
		}
		return nil
	})
	sort.Strings(all)
	var out grader.FilesReceived
	out.Files = all[:min(len(all), grader.MaxListedFiles)]
	out.More = len(all) - len(out.Files)
	have := map[string]bool{}
	for _, f := range all {
		have[f] = true
	}
	for _, want := range expected {
		if have[want] {
			continue
		}
		if isPattern(want) {
			matches := matchFiles(all, want)
			switch len(matches) {
			case 1:
				continue
			case 0:
				out.Missing = append(out.Missing, want)
				out.Hints = append(out.Hints, fmt.Sprintf("no file matches run.entry %s", want))
			default:
				out.Missing = append(out.Missing, want)
				out.Hints = append(out.Hints, fmt.Sprintf("%d files match run.entry %s (%s): keep one", len(matches), want, strings.Join(matches[:min(len(matches), 5)], ", ")))
			}
			continue
		}
		out.Missing = append(out.Missing, want)
		base := path.Base(want)
		for _, f := range all {
			switch {
			case strings.EqualFold(f, want):
				out.Hints = append(out.Hints, fmt.Sprintf("found %s: names are case-sensitive, rename it %s", f, want))
			case path.Base(f) == base:
				out.Hints = append(out.Hints, fmt.Sprintf("found %s: submit the files themselves, with %s at the top, not the folder holding them", f, want))
			}
		}
	}
	if len(out.Missing) > 0 {
		for _, f := range all {
			switch strings.ToLower(path.Ext(f)) {
			case ".zip", ".tar", ".gz", ".tgz", ".rar", ".7z":
				out.Hints = append(out.Hints, fmt.Sprintf("found the archive %s: submit the files it holds, not the archive", f))
			}
		}
	}
	return out
}

// isPattern reports whether an expected file is a run.entry pattern.
func isPattern(name string) bool { return strings.ContainsAny(name, "*?[") }

// matchFiles lists the files (slash-separated, relative) that pattern
// matches.
func matchFiles(files []string, pattern string) []string {
	var out []string
	for _, f := range files {
		if ok, _ := path.Match(pattern, f); ok {
			out = append(out, f)
		}
	}
	return out
}

// EntryFile is the one file of the submission in dir that run.entry's
// pattern matches, relative to dir; "" when none or several do (the
// received files then say so).
func EntryFile(dir, pattern string) string {
	if pattern == "" {
		return ""
	}
	var all []string
	_ = walkSubmission(dir, func(rel string, d fs.DirEntry) error {
		if !d.IsDir() {
			all = append(all, filepath.ToSlash(rel))
		}
		return nil
	})
	if m := matchFiles(all, pattern); len(m) == 1 {
		return filepath.FromSlash(m[0])
	}
	return ""
}
