package batch_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kpuzzle/kpuzzle/grader/batch"
	"github.com/kpuzzle/kpuzzle/grader/check"
	"github.com/kpuzzle/kpuzzle/grader/journal"
	"github.com/kpuzzle/kpuzzle/grader/sandbox"
	"golang.org/x/sys/unix"
)

// fillScratch fills its working folder, which lies on the scratch file
// system, until the file system refuses, keeps it full for a while and
// exits without an answer. It stays under run.disk: the file system is
// smaller than the budget.
const fillScratch = `import os, time
i = 0
try:
    while True:
        with open("fill-%d" % i, "wb") as f:
            f.write(b"\0" * (256 << 10))
        i += 1
except OSError:
    pass
time.sleep(20)
`

// victim waits (10 s at most) until the file system of its working
// folder is full, then writes its answer, which fails with ENOSPC if it
// is.
const victim = `import os, sys, time
for _ in range(1000):
    st = os.statvfs(".")
    if st.f_bavail * st.f_frsize < (1 << 20):
        break
    time.sleep(0.01)
with open(sys.argv[2], "w") as f:
    f.write("RIGHT\n" * 100000)
`

// TestFullScratchIsNotJournaled grades, on a 16 MiB scratch file system
// of its own, a program that fills its working folder (run.disk, 32 MiB,
// is larger than the scratch) beside one that writes its answer once its
// working folder's file system is full. Without namespaces they share
// the scratch: the victim's answer cannot be written, and that failure is
// not its result: it must be a grader error naming the full disk, and the
// journal must hold no result of it, so that --resume runs it again. With
// namespaces each working folder is a tmpfs of run.disk of its own: the
// filler stops at its budget (output-limit) and the victim never sees a
// full disk, so its result is its own, whatever it is, and no grader
// error.
func TestFullScratchIsNotJournaled(t *testing.T) {
	if testing.Short() {
		t.Skip("keeps a scratch file system full for 20 s at two isolation levels; go test without -short runs it")
	}
	needTool(t, "python3")
	if os.Geteuid() != 0 {
		t.Skip("mounting a small scratch file system needs root")
	}
	for _, level := range []struct {
		name string
		iso  sandbox.Choice
	}{{"namespaces", sandbox.ChooseNamespaces}, {"rlimits", sandbox.ChooseRlimits}} {
		t.Run(level.name, func(t *testing.T) {
			if level.iso == sandbox.ChooseNamespaces && sandbox.Probe().Level != sandbox.LevelNamespaces {
				t.Skipf("namespaces unavailable: %s", sandbox.Probe().Reason)
			}
			scratch, err := os.MkdirTemp("", "kpuzzle-fullscratch-")
			if err != nil {
				t.Fatal(err)
			}
			defer os.Remove(scratch)
			if err := unix.Mount("tmpfs", scratch, "tmpfs", unix.MS_NOSUID|unix.MS_NODEV, "size=16m,mode=0711"); err != nil {
				t.Skipf("cannot mount a tmpfs: %v", err)
			}
			defer unix.Unmount(scratch, unix.MNT_DETACH)
			root := t.TempDir()
			for name, src := range map[string]string{"filler": fillScratch, "victim": victim} {
				os.MkdirAll(filepath.Join(root, name), 0o755)
				os.WriteFile(filepath.Join(root, name, "solver.py"), []byte(src), 0o644)
			}
			a := assignment(t, root, fmt.Sprintf(`{"puzzles": {"dir": %q, "glob": "p1.txt"},
				"run": {"command": "python3 {submission}/solver.py {input} {output}", "wall_time": "90s", "disk": "32MiB"}}`, mustAbs(t, smallSet)))
			path := filepath.Join(t.TempDir(), "journal.jsonl")
			o := grade(t, batch.Options{Assignment: a, Isolation: level.iso, Jobs: 2, ScratchDir: scratch, JournalPath: path, AllowExposed: true}, root)
			r := o.Results["victim"]["p1.txt"]
			if level.iso == sandbox.ChooseNamespaces {
				if r.Verdict == check.GraderError || r.Verdict == check.Crashed {
					t.Errorf("with a working folder of its own, the victim: %s", resultText(r))
				}
				if f := o.Results["filler"]["p1.txt"]; f.Verdict != check.OutputLimit || !strings.Contains(f.Summary, "run.disk") {
					t.Errorf("the filler, in a working folder of run.disk: %s", resultText(f))
				}
				return
			}
			if r.Verdict != check.GraderError || !strings.Contains(r.Summary, "scratch disk was full") {
				t.Errorf("the victim of a full disk: %s", resultText(r))
			}
			f, err := os.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			c, err := journal.Read(f)
			if err != nil {
				t.Fatal(err)
			}
			for _, rec := range c.Records {
				if rec.Kind == journal.KindResult && rec.Submission == "victim" {
					t.Errorf("the victim's failure was journaled: %+v", rec.Result)
				}
			}
		})
	}
}
