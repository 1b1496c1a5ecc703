package batch_test

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/batch"
	"github.com/kpuzzle/kpuzzle/grader/check"
)

func TestPreparedRoundTrip(t *testing.T) {
	p := batch.Prepared{Fingerprint: "abc", Optima: map[string]check.Optimum{
		"p1.txt": check.KnownOptimum(12, "answer key"), "p2.txt": {Unknown: "the reference solver did not finish within 1s"}}}
	var buf bytes.Buffer
	if err := batch.WritePrepared(&buf, p); err != nil {
		t.Fatal(err)
	}
	got, err := batch.ReadPrepared(&buf, "prepared.json")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(p, got); diff != "" {
		t.Errorf("round trip (-want +got):\n%s", diff)
	}
	for _, bad := range []string{"", "{", `{"fingerprint": "x"}`, `{"fingerprint": "x", "optima": {}, "extra": 1}`,
		`{"fingerprint": "x", "optima": {"p": {"known": true, "length": -1}}}`, "{\n\"fingerprint\": \"x\",\n\"optima\": [\n"} {
		if _, err := batch.ReadPrepared(strings.NewReader(bad), "prepared.json"); err == nil || !strings.HasPrefix(err.Error(), "prepared.json") {
			t.Errorf("%q: %v, want an error naming the file", bad, err)
		}
	}
}

func FuzzReadPrepared(f *testing.F) {
	var buf bytes.Buffer
	batch.WritePrepared(&buf, batch.Prepared{Fingerprint: "abc", Optima: map[string]check.Optimum{"p1.txt": check.KnownOptimum(12, "key")}})
	f.Add(buf.Bytes())
	f.Add([]byte(`{"fingerprint": "", "optima": null}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := batch.ReadPrepared(bytes.NewReader(data), "prepared.json")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "prepared.json") || strings.Contains(err.Error(), "\n") {
				t.Fatalf("error is not one line naming the file: %q", err)
			}
			return
		}
		var out bytes.Buffer
		if err := batch.WritePrepared(&out, p); err != nil {
			t.Fatal(err)
		}
		again, err := batch.ReadPrepared(&out, "again.json")
		if err != nil {
			t.Fatalf("a written file does not read back: %v", err)
		}
		if !cmp.Equal(p, again) {
			t.Fatalf("round trip changed it:\n%s", cmp.Diff(p, again))
		}
	})
}

// preparedFixture is an assignment over one puzzle of the small set with
// no answer key (its optimal length unknown until prepared).
func preparedFixture(t *testing.T) grader.Assignment {
	t.Helper()
	dir := t.TempDir()
	data, err := os.ReadFile(filepath.Join(smallSet, "p1.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "p1.txt"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	return assignment(t, dir, `{"puzzles": {"dir": ".", "glob": "*.txt"}, "run": {"command": "python3 {submission}/solver.py {input} {output}"}}`)
}

// TestLoadTestsAppliesPrepared: the optimal lengths of a prepared file
// saved by SavePrepared reach the tests LoadTests returns; without one the
// tests are the key's.
func TestLoadTestsAppliesPrepared(t *testing.T) {
	a := preparedFixture(t)
	keyTests, err := batch.LoadTests(a, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(keyTests) != 1 || keyTests[0].Optimum.Known {
		t.Fatalf("key tests: %+v, want one test with no known optimum", keyTests)
	}
	proved := append([]grader.Test(nil), keyTests...)
	proved[0].Optimum = check.KnownOptimum(12, "proved")
	path, err := batch.SavePrepared(filepath.Join(t.TempDir(), "shared"), batch.NewPrepared(a, keyTests, proved))
	if err != nil {
		t.Fatal(err)
	}
	if filepath.Base(path) != batch.PreparedFile {
		t.Errorf("saved as %s, want %s", path, batch.PreparedFile)
	}
	got, err := batch.LoadTests(a, path)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].Name != "p1.txt" || !cmp.Equal(got[0].Optimum, proved[0].Optimum) {
		t.Errorf("tests: %+v, want p1.txt with the prepared optimum %v", got, proved[0].Optimum)
	}
}

// TestLoadTestsPreparedErrors: each way a prepared file can be unusable
// is its own typed error, so that a command can say which: unreadable (the
// file system's error), not a prepared file (naming the file and line),
// or made for something else (Mismatch, saying what differs).
func TestLoadTestsPreparedErrors(t *testing.T) {
	a := preparedFixture(t)
	keyTests, err := batch.LoadTests(a, "")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	write := func(name string, p batch.Prepared) string {
		t.Helper()
		path := filepath.Join(dir, name)
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if err := batch.WritePrepared(f, p); err != nil {
			t.Fatal(err)
		}
		return path
	}

	missing := filepath.Join(dir, "missing.json")
	_, err = batch.LoadTests(a, missing)
	var pathErr *fs.PathError
	if !errors.As(err, &pathErr) || !errors.Is(err, fs.ErrNotExist) || pathErr.Path != missing {
		t.Errorf("missing file: %v, want an *fs.PathError for %s", err, missing)
	}

	syntax := filepath.Join(dir, "syntax.json")
	os.WriteFile(syntax, []byte("{\n\"fingerprint\": \"x\",\n\"optima\": ]\n}\n"), 0o644)
	_, err = batch.LoadTests(a, syntax)
	var pe *batch.PreparedError
	if !errors.As(err, &pe) || pe.Mismatch || pe.File != syntax || !strings.HasPrefix(err.Error(), syntax+":") || strings.Contains(err.Error(), "\n") {
		t.Errorf("syntax error: %v, want a *PreparedError naming %s and its line", err, syntax)
	} else if line := strings.TrimPrefix(err.Error(), syntax+":"); !strings.HasPrefix(line, "3:") {
		t.Errorf("syntax error: %v, want the line of the error", err)
	}

	other := keyTests[0]
	other.Name = "p2.txt"
	unproved := append([]grader.Test(nil), keyTests...)
	for _, tc := range []struct {
		name string
		p    batch.Prepared
		want string
	}{
		{"other.json", batch.NewPrepared(a, []grader.Test{other}, []grader.Test{other}), "another assignment or puzzle set"},
		{"lacking.json", batch.Prepared{Fingerprint: batch.Fingerprint(a, keyTests), Optima: map[string]check.Optimum{}}, "no optimal length for test p1.txt"},
		{"unproved.json", batch.NewPrepared(a, keyTests, unproved), ""},
	} {
		path := write(tc.name, tc.p)
		_, err := batch.LoadTests(a, path)
		if tc.want == "" {
			if err != nil {
				t.Errorf("%s: %v, want no error", tc.name, err)
			}
			continue
		}
		if !errors.As(err, &pe) || !pe.Mismatch || pe.File != path || !strings.Contains(pe.Err.Error(), tc.want) || !strings.HasPrefix(err.Error(), path+": ") {
			t.Errorf("%s: %v, want a mismatch naming the file and saying %q", tc.name, err, tc.want)
		}
	}

	// A prepared file whose length contradicts the key's.
	keyed := assignment(t, smallSet, `{"puzzles": {"dir": ".", "glob": "p1.txt"}, "run": {"command": "python3 {submission}/solver.py {input} {output}"}}`)
	keyedTests, err := batch.LoadTests(keyed, "")
	if err != nil {
		t.Fatal(err)
	}
	wrong := append([]grader.Test(nil), keyedTests...)
	wrong[0].Optimum = check.KnownOptimum(keyedTests[0].Optimum.Length+2, "proved")
	path := write("contradicts.json", batch.NewPrepared(keyed, keyedTests, wrong))
	if _, err := batch.LoadTests(keyed, path); !errors.As(err, &pe) || !pe.Mismatch || !strings.Contains(err.Error(), "but the key says 12") {
		t.Errorf("contradicting the key: %v, want a mismatch quoting the key", err)
	}
}

// TestLoadTestsConfigError: a missing puzzle set is the assignment's
// error (a *grader.ConfigError), whatever the prepared file.
func TestLoadTestsConfigError(t *testing.T) {
	a := assignment(t, t.TempDir(), `{"puzzles": {"dir": "nowhere"}, "run": {"command": "python3 {submission}/solver.py {input} {output}"}}`)
	_, err := batch.LoadTests(a, filepath.Join(t.TempDir(), "prepared.json"))
	var ce *grader.ConfigError
	if !errors.As(err, &ce) {
		t.Errorf("missing puzzle set: %v (%T), want a *grader.ConfigError", err, err)
	}
}

// TestPreparedCounts: proved counts the lengths Prepare found that the key
// lacked, unknown the solvable tests still without one.
func TestPreparedCounts(t *testing.T) {
	key := []grader.Test{
		{Name: "keyed", Solvable: true, Optimum: check.KnownOptimum(5, "key")},
		{Name: "proved", Solvable: true},
		{Name: "unknown", Solvable: true},
		{Name: "unsolvable"},
	}
	prepared := append([]grader.Test(nil), key...)
	prepared[1].Optimum = check.KnownOptimum(7, "proved")
	proved, unknown := batch.PreparedCounts(key, prepared)
	if proved != 1 || unknown != 1 {
		t.Errorf("PreparedCounts = %d proved, %d unknown; want 1, 1", proved, unknown)
	}
}
