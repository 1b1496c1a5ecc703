package batch_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/batch"
)

// TestAnswerDirKeepsAnswers checks that every answer read is kept as
// checked, and that a test whose run left no answer removes what an
// earlier run kept.
func TestAnswerDirKeepsAnswers(t *testing.T) {
	needTool(t, "sh")
	root := t.TempDir()
	os.MkdirAll(filepath.Join(root, "shell"), 0o755)
	// Answers "UP LEFT" to every puzzle but p5.txt, on which it crashes.
	script := "case \"$1\" in *p5.txt) exit 3;; esac\nprintf 'UP\\nLEFT\\n' > \"$2\"\n"
	os.WriteFile(filepath.Join(root, "shell", "solve.sh"), []byte(script), 0o644)
	a := assignment(t, t.TempDir(), fmt.Sprintf(`{"puzzles": {"dir": %q}, "run": {"command": "sh {submission}/solve.sh {input} {output}"}}`, mustAbs(t, smallSet)))
	answers := t.TempDir()
	stale, _ := grader.AnswerPath(answers, "shell", "p5.txt")
	os.MkdirAll(filepath.Dir(stale), 0o755)
	os.WriteFile(stale, []byte("DOWN\n"), 0o644)

	o := grade(t, batch.Options{Assignment: a, AnswerDir: answers}, root)
	for _, tc := range o.Tests {
		path, ok := grader.AnswerPath(answers, "shell", tc.Name)
		if !ok {
			t.Fatalf("no answer path for %s", tc.Name)
		}
		data, err := os.ReadFile(path)
		if tc.Name == "p5.txt" {
			if !os.IsNotExist(err) || o.Results["shell"][tc.Name].Verdict != "crashed" {
				t.Errorf("p5.txt: the stale answer is still there (%v), verdict %s", err, o.Results["shell"][tc.Name].Verdict)
			}
			continue
		}
		if err != nil || string(data) != "UP\nLEFT\n" {
			t.Errorf("%s: kept %q, %v", tc.Name, data, err)
		}
	}
	// A test name that would leave the folder is refused; a submission
	// name is made a safe file name, so its answers stay inside.
	if p, ok := grader.AnswerPath(answers, "shell", "../../p1.txt"); ok {
		t.Errorf("AnswerPath(shell, ../../p1.txt) = %s, want a refusal", p)
	}
	for _, name := range []string{"../x", "", "..", strings.Repeat("n", 255)} {
		p, ok := grader.AnswerPath(answers, name, "p1.txt")
		if rel, err := filepath.Rel(answers, p); !ok || err != nil || !filepath.IsLocal(rel) || len(filepath.Base(filepath.Dir(p))) > 255 {
			t.Errorf("AnswerPath(%q, p1.txt) = %s, %v: want a path inside %s", name, p, ok, answers)
		}
	}
}
