package journal_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/check"
	"github.com/kpuzzle/kpuzzle/grader/journal"
)

func result(sub, test string, v check.Verdict, length int) journal.Record {
	opt := 3
	return journal.Record{Kind: journal.KindResult, Submission: sub, Digest: "d-" + sub,
		Result: &grader.Result{Test: test, Verdict: v, Length: length, OptimalLength: &opt, Solvable: true, Summary: "s", Details: []string{"a", "b"}, Seconds: 0.25}}
}

func optimum(test string, n int) journal.Record {
	o := check.KnownOptimum(n, "bfs")
	return journal.Record{Kind: journal.KindOptimum, Test: test, Optimum: &o}
}

func TestAppendThenResume(t *testing.T) {
	path := filepath.Join(t.TempDir(), "journal.jsonl")
	h := journal.Header{Fingerprint: "fp1"}
	j, c, err := journal.Open(path, h, false)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Records) != 0 {
		t.Fatalf("new journal has records: %v", c.Records)
	}
	want := []journal.Record{optimum("t1", 7), result("alice", "t1", check.Optimal, 7), result("bob", "t1", check.Crashed, 0)}
	for _, r := range want {
		if err := j.Append(r); err != nil {
			t.Fatal(err)
		}
	}
	// A second grader cannot open it while the first holds it.
	if _, _, err := journal.Open(path, h, true); !errors.Is(err, journal.ErrLocked) {
		t.Errorf("second open: %v, want ErrLocked", err)
	}
	if err := j.Close(); err != nil {
		t.Fatal(err)
	}
	if err := j.Append(want[0]); err == nil {
		t.Error("append after close succeeded")
	}

	if _, _, err := journal.Open(path, h, false); !errors.Is(err, journal.ErrExists) {
		t.Errorf("reopen without resume: %v, want ErrExists", err)
	}
	if _, _, err := journal.Open(path, journal.Header{Fingerprint: "other"}, true); !errors.Is(err, journal.ErrMismatch) {
		t.Errorf("reopen for another assignment: %v, want ErrMismatch", err)
	}
	j, c, err = journal.Open(path, h, true)
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	if diff := cmp.Diff(want, c.Records); diff != "" {
		t.Errorf("records (-want +got):\n%s", diff)
	}
	if c.Header.Fingerprint != "fp1" || c.Header.Version != journal.Version {
		t.Errorf("header %+v", c.Header)
	}
}

func TestTornTailIsCutAndAppendingContinues(t *testing.T) {
	path := filepath.Join(t.TempDir(), "journal.jsonl")
	h := journal.Header{Fingerprint: "fp"}
	j, _, err := journal.Open(path, h, false)
	if err != nil {
		t.Fatal(err)
	}
	r1, r2 := result("a", "t1", check.Optimal, 3), result("a", "t2", check.Illegal, 2)
	if err := j.Append(r1); err != nil {
		t.Fatal(err)
	}
	j.Close()
	// A crash in the middle of the next write leaves half a line.
	line, err := journal.EncodeLine(r2)
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.Write(line[:len(line)/2])
	f.Close()

	j, c, err := journal.Open(path, h, true)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Records) != 1 || c.Damaged != 1 {
		t.Errorf("after a torn write: %d records, %d damaged; want 1 and 1", len(c.Records), c.Damaged)
	}
	if err := j.Append(r2); err != nil {
		t.Fatal(err)
	}
	j.Close()
	data, _ := os.ReadFile(path)
	c, err = journal.Read(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]journal.Record{r1, r2}, c.Records); diff != "" || c.Damaged != 0 {
		t.Errorf("after resuming (damaged %d) (-want +got):\n%s", c.Damaged, diff)
	}
}

func TestReadSkipsDamageAndDuplicates(t *testing.T) {
	var buf bytes.Buffer
	add := func(r journal.Record) {
		line, err := journal.EncodeLine(r)
		if err != nil {
			t.Fatal(err)
		}
		buf.Write(line)
	}
	add(journal.Record{Kind: journal.KindHeader, Version: 1, Fingerprint: "fp"})
	r1 := result("a", "t1", check.Optimal, 3)
	add(r1)
	good, _ := journal.EncodeLine(result("a", "t2", check.Optimal, 3))
	flipped := bytes.Replace(good, []byte(`"length":3`), []byte(`"length":4`), 1) // checksum no longer matches
	buf.Write(flipped)
	buf.WriteString("\x00\x00\x00\x00\n")                          // zeros left by a power loss
	add(journal.Record{Kind: journal.KindResult, Submission: "a"}) // checksum fine, record incomplete
	dup := r1
	dup.Result = &grader.Result{Test: "t1", Verdict: check.Crashed}
	add(dup) // the first record of a key counts
	r3 := optimum("t9", 12)
	add(r3)
	c, err := journal.Read(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]journal.Record{r1, r3}, c.Records); diff != "" {
		t.Errorf("records (-want +got):\n%s", diff)
	}
	if c.Damaged != 3 || c.Duplicates != 1 || c.ValidBytes != int64(buf.Len()) {
		t.Errorf("damaged %d duplicates %d valid bytes %d of %d", c.Damaged, c.Duplicates, c.ValidBytes, buf.Len())
	}
	for _, bad := range []string{"", "hello\n", "00000000 {}\n"} {
		if _, err := journal.Read(bytes.NewReader([]byte(bad))); !errors.Is(err, journal.ErrNoHeader) {
			t.Errorf("%q: %v, want ErrNoHeader", bad, err)
		}
	}
}

func TestOpenRefusesAForeignFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "notes.txt")
	os.WriteFile(path, []byte("my grading notes\n"), 0o644)
	if _, _, err := journal.Open(path, journal.Header{Fingerprint: "x"}, true); !errors.Is(err, journal.ErrNoHeader) {
		t.Errorf("foreign file: %v, want ErrNoHeader", err)
	}
	data, _ := os.ReadFile(path)
	if string(data) != "my grading notes\n" {
		t.Errorf("foreign file changed: %q", data)
	}
}

// FuzzRead checks that reading any bytes never panics, and that the
// records read, written again, read back the same.
func FuzzRead(f *testing.F) {
	var seed bytes.Buffer
	for _, r := range []journal.Record{{Kind: journal.KindHeader, Version: 1, Fingerprint: "fp"}, result("a", "t", check.Optimal, 1), optimum("t", 1)} {
		line, _ := journal.EncodeLine(r)
		seed.Write(line)
	}
	f.Add(seed.Bytes())
	f.Add(seed.Bytes()[:seed.Len()-7])
	f.Add([]byte("00000000 \n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := journal.Read(bytes.NewReader(data))
		if err != nil {
			return
		}
		if c.ValidBytes > int64(len(data)) {
			t.Fatalf("valid bytes %d past the end %d", c.ValidBytes, len(data))
		}
		var again bytes.Buffer
		line, _ := journal.EncodeLine(journal.Record{Kind: journal.KindHeader, Version: c.Header.Version, Fingerprint: c.Header.Fingerprint})
		again.Write(line)
		for _, r := range c.Records {
			line, err := journal.EncodeLine(r)
			if err != nil {
				t.Fatal(err)
			}
			again.Write(line)
		}
		c2, err := journal.Read(&again)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(c.Records, c2.Records); diff != "" || c2.Damaged != 0 || c2.Duplicates != 0 {
			t.Fatalf("round trip (-first +second):\n%s", diff)
		}
	})
}

// A grading refused before its first record (the sandbox's check, a
// contradicting key) leaves nothing that blocks the next: Discard removes
// the journal Open made, and a journal that holds only a header (left by
// a run killed before it recorded anything) is started again, with or
// without resume, for any assignment. A journal with records is kept.
func TestRefusedGradingLeavesNothing(t *testing.T) {
	path := filepath.Join(t.TempDir(), "journal.jsonl")
	j, _, err := journal.Open(path, journal.Header{Fingerprint: "fp1"}, false)
	if err != nil {
		t.Fatal(err)
	}
	if err := j.Discard(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("a discarded journal with nothing in it is still there: %v", err)
	}

	// Only a header, as a run killed before its first record leaves.
	j, _, err = journal.Open(path, journal.Header{Fingerprint: "fp1"}, false)
	if err != nil {
		t.Fatal(err)
	}
	j.Close()
	for _, resume := range []bool{false, true} {
		j, c, err := journal.Open(path, journal.Header{Fingerprint: "fp2"}, resume)
		if err != nil {
			t.Fatalf("resume %v: a journal of only a header blocks the next grading: %v", resume, err)
		}
		if c.Header.Fingerprint != "fp2" || len(c.Records) != 0 {
			t.Errorf("resume %v: contents %+v", resume, c)
		}
		j.Close()
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if c, err := journal.Read(bytes.NewReader(got)); err != nil || c.Header.Fingerprint != "fp2" || len(c.Records) != 0 {
		t.Errorf("the journal started again holds %+v, %v", c, err)
	}

	// A journal with a record is kept by Discard and still refused
	// without resume.
	j, _, err = journal.Open(path, journal.Header{Fingerprint: "fp2"}, true)
	if err != nil {
		t.Fatal(err)
	}
	if err := j.Append(optimum("t1", 7)); err != nil {
		t.Fatal(err)
	}
	if err := j.Discard(); err != nil {
		t.Fatal(err)
	}
	if _, _, err := journal.Open(path, journal.Header{Fingerprint: "fp2"}, false); !errors.Is(err, journal.ErrExists) {
		t.Errorf("a journal with a record, reopened without resume: %v, want ErrExists", err)
	}
	// Discard after Open found an existing journal only closes it.
	j, _, err = journal.Open(path, journal.Header{Fingerprint: "fp2"}, true)
	if err != nil {
		t.Fatal(err)
	}
	if err := j.Discard(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path); err != nil {
		t.Errorf("Discard removed a journal it did not make: %v", err)
	}
}
