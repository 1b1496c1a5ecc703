package batch_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kpuzzle/kpuzzle/grader/batch"
	"github.com/kpuzzle/kpuzzle/grader/check"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/puzzles/notation"
)

// TestGradeTileNumbers grades a program that prints the numbers of the
// tiles it moves (as the Python slidingpuzzle package does): detected,
// its optimal answers are optimal and say how they were read; with
// answer.format: lines they are malformed.
func TestGradeTileNumbers(t *testing.T) {
	needTool(t, "sh")
	data, err := os.ReadFile(filepath.Join(smallSet, "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	m, err := puzzles.ParseManifest(data, "manifest.json")
	if err != nil {
		t.Fatal(err)
	}
	// The program answers each puzzle with the key's solution written as
	// tile numbers, or UNSOLVABLE.
	var script strings.Builder
	script.WriteString("case \"$1\" in\n")
	for _, e := range m.Puzzles {
		answer := "UNSOLVABLE\n"
		if e.Solvable {
			b, err := puzzles.ReadBoardFile(filepath.Join(smallSet, e.File))
			if err != nil {
				t.Fatal(err)
			}
			a, err := puzzles.ParseAnswer(strings.NewReader(strings.Join(e.Solution, "\n")), e.File, puzzles.AnswerLimits{})
			if err != nil {
				t.Fatal(err)
			}
			if answer, err = notation.Format(a, notation.Tiles, b, puzzles.TileMoves); err != nil {
				t.Fatal(err)
			}
		}
		fmt.Fprintf(&script, "*%s) printf '%s' > \"$2\";;\n", e.File, strings.ReplaceAll(answer, "\n", `\n`))
	}
	script.WriteString("esac\n")
	root := t.TempDir()
	os.MkdirAll(filepath.Join(root, "tiles"), 0o755)
	os.WriteFile(filepath.Join(root, "tiles", "solve.sh"), []byte(script.String()), 0o644)

	for _, format := range []string{"auto", "lines"} {
		t.Run(format, func(t *testing.T) {
			a := assignment(t, t.TempDir(), fmt.Sprintf(`{"puzzles": {"dir": %q}, "answer": {"format": %q}, "run": {"command": "sh {submission}/solve.sh {input} {output}"}}`, mustAbs(t, smallSet), format))
			o := grade(t, batch.Options{Assignment: a}, root)
			for _, e := range m.Puzzles {
				r := o.Results["tiles"][e.File]
				switch {
				case !e.Solvable:
					if r.Verdict != check.UnsolvableCorrect {
						t.Errorf("%s: %s", e.File, resultText(r))
					}
				case format == "lines":
					if r.Verdict != check.Malformed {
						t.Errorf("%s read as lines: %s", e.File, resultText(r))
					}
				default:
					if r.Verdict != check.Optimal || !strings.Contains(resultText(r), "read as tile numbers (answer format tiles)") {
						t.Errorf("%s: %s", e.File, resultText(r))
					}
				}
			}
		})
	}
}
