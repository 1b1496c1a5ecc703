package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/grader"
)

// TestGradeExplainConfig: grade --explain-config grades nothing and
// lists every assignment key with its value and where it came from, the
// flag before the environment before the file (grade's own key before
// the top-level one) before the default; with --json as one object.
func TestGradeExplainConfig(t *testing.T) {
	dir := t.TempDir()
	set, err := filepath.Abs(filepath.Join(graderTestdata, "puzzles", "small"))
	if err != nil {
		t.Fatal(err)
	}
	config := writeFile(t, dir, "assignment.yaml", "puzzles:\n  dir: "+set+"\nrun:\n  command: \"python3 {submission}/s.py {input} {output}\"\n  memory: 2GiB\n"+
		"moves: tile\ngrade:\n  moves: blank\nanswer:\n  format: letters\n")
	t.Setenv("KPUZZLE_RUN_WALL_TIME", "5s")
	t.Setenv("KPUZZLE_ANSWER_FORMAT", "words")
	r := kpuzzle(t, "", "grade", "--config", config, "--explain-config", "--json", "--goal", "blank-first")
	if r.code != exitOK {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	var got struct {
		Config string                `json:"config"`
		Keys   []grader.ExplainedKey `json:"keys"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &got); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, r.stdout)
	}
	if got.Config != config || len(got.Keys) != len(grader.AssignmentKeys) {
		t.Errorf("config %s with %d keys, want %s with %d", got.Config, len(got.Keys), config, len(grader.AssignmentKeys))
	}
	byKey := map[string]grader.ExplainedKey{}
	for _, k := range got.Keys {
		byKey[k.Key] = k
	}
	for _, want := range []grader.ExplainedKey{
		{Key: "goal", Value: "blank-first", Source: grader.Source{Kind: grader.SourceFlag, Name: "--goal"}},
		{Key: "answer.format", Value: "words", Source: grader.Source{Kind: grader.SourceEnv, Name: "KPUZZLE_ANSWER_FORMAT"}},
		{Key: "run.wall_time", Value: "5s", Source: grader.Source{Kind: grader.SourceEnv, Name: "KPUZZLE_RUN_WALL_TIME"}},
		{Key: "moves", Value: "blank", Source: grader.Source{Kind: grader.SourceFile, Name: "grade.moves", File: config}},
		{Key: "run.memory", Value: "2GiB", Source: grader.Source{Kind: grader.SourceFile, Name: "run.memory", File: config}},
		{Key: "run.processes", Value: "64", Source: grader.Source{Kind: grader.SourceDefault}},
	} {
		if diff := cmp.Diff(want, byKey[want.Key]); diff != "" {
			t.Errorf("%s (-want +got):\n%s", want.Key, diff)
		}
	}

	human := kpuzzle(t, "", "grade", "--config", config, "--explain-config")
	if human.code != exitOK || !strings.Contains(human.stdout, "the environment variable KPUZZLE_RUN_WALL_TIME") || !strings.Contains(human.stdout, config+", key grade.moves") {
		t.Errorf("human output (exit %d):\n%s%s", human.code, human.stdout, human.stderr)
	}
	wantOneLineError(t, kpuzzle(t, "", "grade", "--config", config, "--explain-config", "submissions"), "--explain-config", "takes no SUBMISSION")
}
