package batch

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/check"
	"github.com/kpuzzle/kpuzzle/grader/journal"
	"github.com/kpuzzle/kpuzzle/puzzles/atomicfile"
)

// JournalFile is the journal's name in a grading's output folder.
const JournalFile = "journal.jsonl"

// Prepare verifies, once, every optimal length the answer key gives and
// proves those it lacks (opts.Assignment, opts.Tests and opts.Oracle are
// used), so that the shards of a grading need not each spend the proof
// time, and all agree on the key. It returns the tests with their
// optima; one the oracle could not prove within optimal.timeout stays
// unknown, as it would in a single run.
func Prepare(ctx context.Context, opts Options) ([]grader.Test, error) {
	g := &grading{opts: opts}
	g.out.Tests = append([]grader.Test(nil), opts.Tests...)
	if err := g.verifyKeys(ctx); err != nil {
		return nil, err
	}
	if err := g.proveOptima(ctx, nil); err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return g.out.Tests, nil
}

// Merged is a grading put together from its shards: what one run over
// the whole class would have found.
type Merged struct {
	Outcome
	// Roster names the students, from the shards' journals.
	Roster map[string][]grader.Person
	// Shards are the folders merged, in shard order.
	Shards []string
}

// Merge puts together the output folders of the shards of one grading
// (kpuzzle grade --shard i/n): it checks that they are all n shards of
// the same grading (the same assignment and puzzle set — tests are as the
// shards graded them, prepared optima included — and the same class),
// none missing, none repeated, each complete, and returns the results of
// the whole class. With out, it also copies each shard's kept answers into
// out/answers, for the replay pages. Every error is one line naming the
// problem.
func Merge(dirs []string, a grader.Assignment, tests []grader.Test, out string) (Merged, error) {
	if len(dirs) == 0 {
		return Merged{}, errors.New("no shard folders given")
	}
	want := Fingerprint(a, tests)
	type shard struct {
		dir string
		c   journal.Contents
		s   Shard
	}
	var shards []shard
	for _, dir := range dirs {
		f, err := os.Open(filepath.Join(dir, JournalFile))
		if errors.Is(err, fs.ErrNotExist) {
			return Merged{}, fmt.Errorf("%s: no %s: not the output folder of a kpuzzle grade --shard run", dir, JournalFile)
		}
		if err != nil {
			return Merged{}, err
		}
		c, err := journal.Read(f)
		f.Close()
		if err != nil {
			return Merged{}, fmt.Errorf("%s: %w", filepath.Join(dir, JournalFile), err)
		}
		if c.Header.Shard == "" {
			return Merged{}, fmt.Errorf("%s: graded as a whole class, not as a shard (kpuzzle grade --shard i/n)", dir)
		}
		s, err := ParseShard(c.Header.Shard)
		if err != nil {
			return Merged{}, fmt.Errorf("%s: %v", dir, err)
		}
		s.Class = c.Header.Class
		if c.Header.Fingerprint != want {
			return Merged{}, fmt.Errorf("%s: shard %s was graded with another assignment or puzzle set than the one given (or with prepared optimal lengths: give merge the same --prepared file)", dir, s)
		}
		shards = append(shards, shard{dir: dir, c: c, s: s})
	}
	sort.SliceStable(shards, func(i, j int) bool { return shards[i].s.Index < shards[j].s.Index })
	first := shards[0]
	seen := map[int]string{}
	for _, sh := range shards {
		switch {
		case sh.s.Count != first.s.Count:
			return Merged{}, fmt.Errorf("%s is shard %s but %s is shard %s: they split the class differently", first.dir, first.s, sh.dir, sh.s)
		case sh.s.Class != first.s.Class:
			return Merged{}, fmt.Errorf("%s and %s graded different classes (different submissions)", first.dir, sh.dir)
		case seen[sh.s.Index] != "":
			return Merged{}, fmt.Errorf("shard %s is given twice: %s and %s", sh.s, seen[sh.s.Index], sh.dir)
		}
		seen[sh.s.Index] = sh.dir
	}
	var missing []string
	for i := 1; i <= first.s.Count; i++ {
		if seen[i] == "" {
			missing = append(missing, fmt.Sprintf("%d/%d", i, first.s.Count))
		}
	}
	if len(missing) > 0 {
		return Merged{}, fmt.Errorf("shard %s missing: give all %d shards of the grading", strings.Join(missing, ", "), first.s.Count)
	}

	m := Merged{Outcome: Outcome{Results: map[string]map[string]grader.Result{}, Received: map[string]grader.FilesReceived{}, Integrity: map[string][]grader.IntegrityFinding{}},
		Roster: map[string][]grader.Person{}}
	m.Tests = append([]grader.Test(nil), tests...)
	optima := map[string]check.Optimum{}
	var all []Submission
	for _, sh := range shards {
		m.Shards = append(m.Shards, sh.dir)
		digest := map[string]string{}
		results := map[string]grader.Result{}
		for _, r := range sh.c.Records {
			switch r.Kind {
			case journal.KindSubmission:
				digest[r.Submission] = r.Digest
				m.Received[r.Submission] = *r.Received
				if len(r.Integrity) > 0 {
					m.Integrity[r.Submission] = r.Integrity
				}
				if len(r.People) > 0 {
					m.Roster[r.Submission] = r.People
				}
			case journal.KindOptimum:
				if o, ok := optima[r.Test]; ok && o != *r.Optimum {
					return Merged{}, fmt.Errorf("test %s: the shards proved different optimal lengths (%v and %v)", r.Test, o, *r.Optimum)
				}
				optima[r.Test] = *r.Optimum
			}
		}
		for _, r := range sh.c.Records {
			if r.Kind == journal.KindResult && r.Digest == digest[r.Submission] {
				results[r.Submission+"\x00"+r.Result.Test] = *r.Result
			}
		}
		have, need := 0, len(sh.c.Header.Submissions)*len(tests)
		for _, sub := range sh.c.Header.Submissions {
			if _, dup := m.Results[sub]; dup {
				return Merged{}, fmt.Errorf("submission %s is in two shards", sub)
			}
			m.Results[sub] = map[string]grader.Result{}
			all = append(all, Submission{Name: sub})
			for _, t := range tests {
				if r, ok := results[sub+"\x00"+t.Name]; ok {
					m.Results[sub][t.Name] = r
					have++
				}
			}
		}
		if have < need {
			return Merged{}, fmt.Errorf("%s: shard %s is incomplete: %d of %d results; finish it with the same command and --resume", sh.dir, sh.s, have, need)
		}
		m.Ran += have
	}
	if ClassDigest(all) != first.s.Class {
		return Merged{}, errors.New("the shards do not add up to their class: a submission is missing or extra")
	}
	for i, t := range m.Tests {
		if o, ok := optima[t.Name]; ok && !t.Optimum.Known {
			m.Tests[i].Optimum = o
		}
	}
	ApplyIntegrity(a, &m.Outcome)
	if out != "" {
		for _, sh := range shards {
			if err := copyAnswers(filepath.Join(sh.dir, AnswersFolder), filepath.Join(out, AnswersFolder)); err != nil {
				return Merged{}, err
			}
		}
	}
	return m, nil
}

// AnswersFolder is the folder of a grading's output folder that keeps its
// answers for the replay pages (Options.AnswerDir), in grader.AnswerPath's
// layout; Merge copies the shards' into the merged folder's.
const AnswersFolder = "answers"

// copyAnswers copies a shard's kept answers into the merged folder.
func copyAnswers(src, dst string) error {
	return filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if errors.Is(err, fs.ErrNotExist) && path == src {
			return nil
		}
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return atomicfile.WriteBytes(target, 0o600, data)
	})
}
