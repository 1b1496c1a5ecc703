package batch_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

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
	stale, _ := batch.AnswerPath(answers, "shell", "p5.txt")
	os.MkdirAll(filepath.Dir(stale), 0o755)
	os.WriteFile(stale, []byte("DOWN\n"), 0o644)

	o := grade(t, batch.Options{Assignment: a, AnswerDir: answers}, root)
	for _, tc := range o.Tests {
		path, ok := batch.AnswerPath(answers, "shell", tc.Name)
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
	for _, bad := range [][2]string{{"../x", "p1.txt"}, {"shell", "../../p1.txt"}, {"", "p1.txt"}} {
		if p, ok := batch.AnswerPath(answers, bad[0], bad[1]); ok {
			t.Errorf("AnswerPath(%q, %q) = %s, want a refusal", bad[0], bad[1], p)
		}
	}
}
