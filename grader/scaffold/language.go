package scaffold

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/kpuzzle/kpuzzle/puzzles/suggest"
)

// Language is one language of the student starter code: its files in
// templates/starter, how the grader builds and runs it, and what the
// autograder images must install for it.
type Language struct {
	// Name is how --language spells it; the folder in templates/starter.
	Name  string
	Title string
	// Dir is the starter's folder in templates/starter when it is not
	// Name: INTERFACE/NAME for the interfaces other than file.
	Dir string
	// Files are the starter's files: template name in
	// templates/starter/NAME (without .tmpl) and file name are the same.
	Files []string
	// Tool is the program whose presence means the toolchain is there.
	Tool string
	// Build and Run are the assignment's build and run sections (YAML,
	// without the section names' indentation).
	Build, Run []string
	// Apt lists the Debian/Ubuntu packages the Gradescope image needs.
	Apt string
	// Usage is how the program is run, for the handout; Local builds and
	// runs it on one public test (a %s for the test until New fills it).
	Usage, Local string
	// Program runs the built program in a test, without the puzzle's
	// and the answer's paths; Limits are the limits of its run section.
	// Compile builds it in the starter's folder ("" when it needs no
	// build) and Invoke runs it there. The interfaces' starters are made
	// from them (grader.Starter).
	Program string
	Limits  []string
	Compile string
	Invoke  string
	// WorkflowSetup is the shell line the GitHub Actions workflow runs to
	// make sure the toolchain is there.
	WorkflowSetup string
}

// GoBinDir is the folder of the go command found on this machine, or ""
// when there is none.
func GoBinDir() string {
	p, err := exec.LookPath("go")
	if err != nil {
		return ""
	}
	if real, err := filepath.EvalSymlinks(p); err == nil {
		p = real
	}
	return filepath.Dir(p)
}

// goPath is the PATH of the Go starter's build step: goDir (the folder of
// the go found when the scaffold is made), then where setup.sh installs
// Go, then the sandbox's usual PATH.
func goPath(goDir string) string {
	var dirs []string
	for _, d := range []string{goDir, "/usr/local/go/bin", "/usr/local/bin", "/usr/bin", "/bin"} {
		if d != "" && (len(dirs) == 0 || dirs[0] != d) {
			dirs = append(dirs, d)
		}
	}
	return strings.Join(dirs, ":")
}

// Languages lists the starter languages: python, java, cpp and go.
// wallTime is each test's time limit (run.wall_time, e.g. "10s") and
// goDir the folder of the go command for the Go build step (GoBinDir).
func Languages(wallTime, goDir string) []Language {
	langs := []Language{
		{
			Name: "python", Title: "Python 3", Files: []string{"solver.py"}, Tool: "python3",
			Program: "python3 {submission}/solver.py", Limits: []string{"memory: 1GiB"}, Invoke: "python3 solver.py",
			Apt:           "python3",
			WorkflowSetup: "python3 --version",
		},
		{
			Name: "java", Title: "Java", Files: []string{"Solver.java"}, Tool: "javac",
			Build:   []string{`command: "javac -J-Xmx256m Solver.java"`, "memory: 4GiB", "processes: 512"},
			Program: "java -Xmx512m -Xss8m -XX:+UseSerialGC -XX:ReservedCodeCacheSize=64m -XX:CompressedClassSpaceSize=64m -XX:MaxMetaspaceSize=128m -cp {submission} Solver",
			Limits:  []string{"memory: 2GiB", "processes: 256"}, Compile: "javac Solver.java", Invoke: "java Solver",
			Apt:           "default-jdk-headless",
			WorkflowSetup: "javac -version",
		},
		{
			Name: "cpp", Title: "C++", Files: []string{"solver.cpp"}, Tool: "g++",
			Build:   []string{`command: "g++ -O2 -std=c++17 -o solver solver.cpp"`},
			Program: "{submission}/solver", Limits: []string{"memory: 1GiB"}, Compile: "g++ -O2 -std=c++17 -o solver solver.cpp", Invoke: "./solver",
			Apt:           "g++",
			WorkflowSetup: "g++ --version",
		},
		{
			Name: "go", Title: "Go", Files: []string{"go.mod", "solver.go"}, Tool: "go",
			// The build compiles the standard library too (about 40 MB of
			// cache and 15 s the first time): the cache goes to the
			// sandbox's private /tmp, so that it is not copied into every
			// test, and files up to 64 MiB may be written.
			Build: []string{`command: "go build -o solver ."`,
				fmt.Sprintf("env: [%s, \"GOCACHE=/tmp/go-cache\", \"GOTMPDIR=/var/tmp\", \"GOTOOLCHAIN=local\", \"GOPROXY=off\", \"GOFLAGS=-mod=mod\", \"CGO_ENABLED=0\"]", yamlString("PATH="+goPath(goDir))),
				"output: 64MiB", "memory: 4GiB", "processes: 512"},
			Program: "{submission}/solver", Limits: []string{"memory: 1GiB"}, Compile: "go build -o solver .", Invoke: "./solver",
			Apt:           "ca-certificates curl",
			WorkflowSetup: "go version",
		},
	}
	// As the file program runs them: the puzzle's and the answer's paths
	// on the command line.
	for i := range langs {
		l := &langs[i]
		l.Run = append([]string{fmt.Sprintf("command: %q", l.Program+" {input} {output}"), "wall_time: " + wallTime}, l.Limits...)
		l.Usage = l.Invoke + " PUZZLE ANSWER"
		l.Local = l.Invoke + " puzzles/%s answer.txt"
		if l.Compile != "" {
			l.Local = l.Compile + " && " + l.Local
		}
	}
	return langs
}

// LanguageNames lists the names --language takes.
func LanguageNames() []string {
	var names []string
	for _, l := range Languages("", "") {
		names = append(names, l.Name)
	}
	return names
}

// Config is the language's build and run sections as YAML.
func (l Language) Config() string {
	var sb strings.Builder
	for _, sec := range []struct {
		name  string
		lines []string
	}{{"build", l.Build}, {"run", l.Run}} {
		if len(sec.lines) == 0 {
			continue
		}
		sb.WriteString(sec.name + ":\n")
		for _, line := range sec.lines {
			sb.WriteString("  " + line + "\n")
		}
	}
	return strings.TrimSuffix(sb.String(), "\n")
}

// Commented is Config with every line commented out.
func (l Language) Commented() string {
	return "# " + strings.ReplaceAll(l.Config(), "\n", "\n# ")
}

// FileList joins the starter's file names for the handout.
func (l Language) FileList() string { return strings.Join(l.Files, ", ") }

// LookupLanguage returns the language called name (case-insensitively)
// and the others, in the order of Languages.
func LookupLanguage(name, wallTime, goDir string) (Language, []Language, error) {
	all := Languages(wallTime, goDir)
	var names []string
	for i, l := range all {
		names = append(names, l.Name)
		if l.Name == strings.ToLower(strings.TrimSpace(name)) {
			others := append(append([]Language(nil), all[:i]...), all[i+1:]...)
			return l, others, nil
		}
	}
	return Language{}, nil, fmt.Errorf("language %q: expected one of %s%s", name, strings.Join(names, ", "), suggest.Phrase(name, names))
}

// GuessLanguage picks the starter language whose tools an assignment's
// build or run command names (for the built-in Gradescope setup.sh);
// Python when none does.
func GuessLanguage(buildCommand, runCommand string) Language {
	cmd := buildCommand + " " + runCommand
	name := "python"
	switch {
	case strings.Contains(cmd, "javac") || strings.Contains(cmd, "java "):
		name = "java"
	case strings.Contains(cmd, "g++") || strings.Contains(cmd, "clang++"):
		name = "cpp"
	case strings.Contains(cmd, "go build"):
		name = "go"
	}
	l, _, _ := LookupLanguage(name, "10s", "")
	return l
}

// Installed reports whether the language's toolchain (its Tool) is on
// the PATH.
func (l Language) Installed() bool {
	_, err := exec.LookPath(l.Tool)
	return err == nil
}
