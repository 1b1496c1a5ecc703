package scaffold

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"html"
	"math"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/kpuzzle/kpuzzle/grader"
)

// PrairieLearnOptions say what a PrairieLearn bundle needs besides the
// assignment.
type PrairieLearnOptions struct {
	// BaseImage is the grading image's base (FROM), debian:bookworm-slim
	// when empty.
	BaseImage string
	// Image is the name the grading image is built, pushed and pulled
	// under (info.json's image); kpuzzle-QUESTION when empty.
	Image string
	// Question is the question's folder name; from the assignment's name
	// when empty.
	Question string
	// Submit is how students hand in their files: "upload" (the default,
	// pl-file-upload) or "editor" (a pl-file-editor per file).
	Submit string
	// Binary is the Linux x86-64 kpuzzle to ship (CheckLinuxBinary).
	Binary string
	// Prepared, when not nil, is the prepared.json of kpuzzle grade
	// prepare: the key proved once, which every job then reads.
	Prepared []byte
	// KpuzzleVersion and GoVersion fill the templates.
	KpuzzleVersion, GoVersion string
}

// DefaultBaseImage is the grading image's base unless --base-image says
// otherwise.
const DefaultBaseImage = "debian:bookworm-slim"

// PrairieLearnMaxTimeout is the longest timeout PrairieLearn's external
// grader accepts, in seconds.
const PrairieLearnMaxTimeout = 600

// PrairieLearnTests is where PrairieLearn puts a question's tests/ folder
// in a grading job.
const PrairieLearnTests = "/grade/tests"

// PrairieLearnEntrypoint is the entrypoint of the question's jobs: the
// run.sh of its tests/ folder.
const PrairieLearnEntrypoint = PrairieLearnTests + "/run.sh"

// PrairieLearnBundle is a PrairieLearn bundle: its files (paths relative
// to the output folder) and what they say.
type PrairieLearnBundle struct {
	Bundle
	// Question is the question's folder, questions/Question.
	Question string
	// Image is the grading image's name in info.json.
	Image string
	// Timeout is info.json's timeout in seconds; Needed is what the whole
	// test set may take one test after another, which exceeds Timeout
	// only when PrairieLearn's limit capped it.
	Timeout, Needed int
}

// plInfo is a question's info.json, with the keys PrairieLearn's
// question and external-grading documentation give.
type plInfo struct {
	UUID                   string        `json:"uuid"`
	Title                  string        `json:"title"`
	Topic                  string        `json:"topic"`
	Tags                   []string      `json:"tags"`
	Type                   string        `json:"type"`
	SingleVariant          bool          `json:"singleVariant"`
	GradingMethod          string        `json:"gradingMethod"`
	ExternalGradingOptions plGradingOpts `json:"externalGradingOptions"`
}

type plGradingOpts struct {
	Enabled    bool   `json:"enabled"`
	Image      string `json:"image"`
	Entrypoint string `json:"entrypoint"`
	Timeout    int    `json:"timeout"`
}

// plFile is a file students hand in, for question.html.
type plFile struct {
	Name, AceMode string
}

// plData fills templates/assignment/prairielearn.
type plData struct {
	Name, Title, Question, Image, BaseImage string
	Language                                Language
	Apt                                     string
	KpuzzleVersion, GoVersion               string
	Editor                                  bool
	Files                                   []plFile
	Public, Hidden                          int
	Shapes, WallTime, BuildTime             string
	Timeout                                 int
	Capped, Prepared                        bool
	// Release is prairielearn.hidden: release: the jobs run the public
	// tests only (grade --skip-hidden).
	Release bool
}

// Names joins the file names for pl-file-upload's file-names.
func (d plData) Names() string {
	var names []string
	for _, f := range d.Files {
		names = append(names, f.Name)
	}
	return strings.Join(names, ", ")
}

// FileList says the file names in words, as HTML.
func (d plData) FileList() string {
	var names []string
	for _, f := range d.Files {
		names = append(names, "<code>"+html.EscapeString(f.Name)+"</code>")
	}
	return humanList(names)
}

// plFileName reports whether a question can ask for the file name f:
// PrairieLearn's file-names attribute is a list separated by commas, so
// f holds no comma, and nothing that is not printable.
func plFileName(f string) bool {
	return utf8.ValidString(f) && !strings.ContainsFunc(f, func(r rune) bool { return r == ',' || !unicode.IsPrint(r) })
}

// GoArchive is the URL of the Go release the Dockerfile downloads.
func (d plData) GoArchive() string { return goArchive(d.GoVersion) }

// imageReference is a Docker image reference (a name of lower-case
// components, optionally with a registry host and port, a tag and a
// digest), as FROM and docker build -t take it: anything else (a space,
// a line break, a quote) is refused before it reaches the Dockerfile or
// the README's commands.
var imageReference = regexp.MustCompile(`^[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*(?::[0-9]+)?(?:/[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*)*(?::[A-Za-z0-9_][A-Za-z0-9_.-]{0,127})?(?:@[a-z0-9]+(?:[+._-][a-z0-9]+)*:[0-9a-fA-F]{32,})?$`)

// checkImage refuses what is not a Docker image reference.
func checkImage(what, ref string) error {
	if !imageReference.MatchString(ref) || len(ref) > 255 {
		return fmt.Errorf("%s %q: expected a Docker image reference such as debian:bookworm-slim or registry.example.edu:5000/course/kpuzzle-hw2:v1", what, grader.Printable(ref))
	}
	return nil
}

// FirstFile is the first file's name.
func (d plData) FirstFile() string { return d.Files[0].Name }

var questionUnsafe = regexp.MustCompile(`[^a-zA-Z0-9_-]+`)

// NewPrairieLearnBundle gathers a PrairieLearn question for the
// assignment read from the file config:
//
//	questions/QUESTION/info.json       externalGradingOptions: image, entrypoint, timeout
//	questions/QUESTION/question.html   the upload or editors, and the results
//	questions/QUESTION/tests/          run.sh, kpuzzle, assignment.yaml and the
//	                                   files it names (as GradescopeBundle gathers them)
//	Dockerfile, README.md
//
// The timeout covers the build and every test's run.wall_time one after
// another, with a margin, up to PrairieLearnMaxTimeout. The files students
// hand in are the assignment's ExpectedFiles, or when its commands name
// none (a build run in the submission's folder) the starter's files of
// the language they name; a pattern (run.entry) cannot be asked for by
// name and is an error.
func NewPrairieLearnBundle(config string, asg grader.Assignment, o PrairieLearnOptions) (PrairieLearnBundle, error) {
	gs, err := GradescopeBundle(config, asg, o.Binary, o.KpuzzleVersion, o.GoVersion)
	if err != nil {
		return PrairieLearnBundle{}, err
	}
	tests, err := asg.LoadTests()
	if err != nil {
		return PrairieLearnBundle{}, err
	}
	var b PrairieLearnBundle
	b.Tests = len(tests)
	if o.BaseImage == "" {
		o.BaseImage = DefaultBaseImage
	}
	b.Question = o.Question
	if b.Question == "" {
		b.Question = asg.PrairieLearnQuestion()
	} else if questionUnsafe.MatchString(b.Question) {
		return PrairieLearnBundle{}, fmt.Errorf("question name %q: expected letters, digits, - and _ only", b.Question)
	}
	b.Image = o.Image
	if b.Image == "" {
		b.Image = "kpuzzle-" + strings.ToLower(b.Question)
	}
	if err := checkImage("base image", o.BaseImage); err != nil {
		return PrairieLearnBundle{}, err
	}
	if err := checkImage("image", b.Image); err != nil {
		return PrairieLearnBundle{}, err
	}
	submit := o.Submit
	switch submit {
	case "", "upload":
		submit = "upload"
	case "editor":
	default:
		return PrairieLearnBundle{}, fmt.Errorf("submit %q: expected upload or editor", o.Submit)
	}
	lang := GuessLanguage(asg.Build.Command, asg.Run.Command)
	var files []plFile
	for _, f := range asg.ExpectedFiles() {
		if strings.ContainsAny(f, "*?[") {
			return PrairieLearnBundle{}, fmt.Errorf("%s: the submission's file %q is a pattern (run.entry), but a PrairieLearn question asks for files by name; name the file in run.command instead", config, f)
		}
		if !plFileName(f) {
			return PrairieLearnBundle{}, fmt.Errorf("%s: the submission's file %q has a comma or a character that is not printable, which PrairieLearn's list of file names (file-names) cannot hold; rename it in run.command", config, grader.Printable(f))
		}
		files = append(files, plFile{Name: f, AceMode: aceMode(f)})
	}
	if len(files) == 0 {
		// A build run in the submission's folder (javac Solver.java, go
		// build .) names no {submission}/FILE: ask for the starter's files
		// of the language its commands name.
		for _, f := range lang.Files {
			files = append(files, plFile{Name: f, AceMode: aceMode(f)})
		}
	}

	// The timeout: the build, then every test a job runs (the public
	// ones only with prairielearn.hidden: release) one after another.
	run := len(tests)
	if asg.PrairieLearnHidden() == grader.HiddenRelease {
		run = 0
		for _, t := range tests {
			if !t.Hidden {
				run++
			}
		}
	}
	needed := asg.Run.WallTime.Std() * time.Duration(run)
	if asg.Build.Command != "" {
		needed += asg.Build.WallTime.Std()
	}
	if o.Prepared == nil {
		needed += asg.Optimal.VerifyTime() * time.Duration(run)
	}
	b.Needed = int(math.Ceil(needed.Seconds())) + 30
	b.Timeout = min(b.Needed, PrairieLearnMaxTimeout)

	public, hidden := 0, 0
	shapes := map[string]bool{}
	for _, t := range tests {
		if t.Hidden {
			hidden++
		} else {
			public++
		}
		shapes[fmt.Sprintf("%dx%d", t.Goal.Shape().Rows, t.Goal.Shape().Cols)] = true
	}
	var shapeList []string
	for s := range shapes {
		shapeList = append(shapeList, s)
	}
	sort.Strings(shapeList)
	title := asg.Name
	if title == "" {
		title = "The k-puzzle"
	}
	build := "no build step"
	if asg.Build.Command != "" {
		build = asg.Build.WallTime.Std().String()
	}
	data := plData{
		Name: asg.Name, Title: title, Question: b.Question, Image: b.Image, BaseImage: o.BaseImage,
		Language: lang, Apt: lang.Apt, KpuzzleVersion: o.KpuzzleVersion, GoVersion: o.GoVersion,
		Editor: submit == "editor", Files: files, Public: public, Hidden: hidden,
		Shapes: humanList(shapeList), WallTime: asg.Run.WallTime.Std().String(), BuildTime: build,
		Timeout: b.Timeout, Capped: b.Needed > b.Timeout, Prepared: o.Prepared != nil,
		Release: asg.PrairieLearnHidden() == grader.HiddenRelease,
	}

	q := "questions/" + b.Question + "/"
	add := func(name string, data []byte, mode os.FileMode) {
		b.Files = append(b.Files, BundleFile{Name: name, Data: data, Mode: mode})
	}
	for _, f := range gs.Files {
		switch f.Name {
		case "setup.sh", "run_autograder":
			continue
		}
		add(q+"tests/"+f.Name, f.Data, f.Mode)
	}
	if o.Prepared != nil {
		add(q+"tests/prepared.json", o.Prepared, 0o644)
	}
	sum := sha256.Sum256([]byte("kpuzzle prairielearn question " + b.Question + "\x00" + asg.Name))
	sum[6] = sum[6]&0x0f | 0x50 // a name-based UUID (version 5 layout)
	sum[8] = sum[8]&0x3f | 0x80
	info := plInfo{
		UUID:          fmt.Sprintf("%x-%x-%x-%x-%x", sum[0:4], sum[4:6], sum[6:8], sum[8:10], sum[10:16]),
		Title:         title,
		Topic:         "Search",
		Tags:          []string{"kpuzzle", "code"},
		Type:          "v3",
		SingleVariant: true,
		GradingMethod: "External",
		ExternalGradingOptions: plGradingOpts{
			Enabled: true, Image: b.Image, Entrypoint: PrairieLearnEntrypoint, Timeout: b.Timeout,
		},
	}
	js, err := json.MarshalIndent(info, "", "  ")
	if err != nil {
		return PrairieLearnBundle{}, err
	}
	add(q+"info.json", append(js, '\n'), 0o644)
	for _, t := range []struct {
		name, tmpl string
		mode       os.FileMode
	}{
		{q + "question.html", "question.html.tmpl", 0o644},
		{q + "tests/run.sh", "run.sh.tmpl", 0o755},
		{"Dockerfile", "Dockerfile.tmpl", 0o644},
		{"README.md", "README.md.tmpl", 0o644},
	} {
		out, err := Render("assignment/prairielearn/"+t.tmpl, data)
		if err != nil {
			return PrairieLearnBundle{}, err
		}
		add(t.name, out, t.mode)
	}
	sort.Slice(b.Files, func(i, j int) bool { return b.Files[i].Name < b.Files[j].Name })
	return b, nil
}

// aceMode is the editor mode of a file, by its extension.
func aceMode(name string) string {
	switch path.Ext(name) {
	case ".py":
		return "ace/mode/python"
	case ".java":
		return "ace/mode/java"
	case ".cpp", ".cc", ".c", ".h", ".hpp":
		return "ace/mode/c_cpp"
	case ".go", ".mod":
		return "ace/mode/golang"
	}
	return "ace/mode/text"
}

// WriteDir writes the bundle's files under dir, each with its mode.
func (b Bundle) WriteDir(dir string) error {
	for _, f := range b.Files {
		if err := writeFile(dir, f.Name, f.Data, f.Mode); err != nil {
			return fmt.Errorf("write %s: %w", filepath.Join(dir, filepath.FromSlash(f.Name)), err)
		}
	}
	return nil
}
