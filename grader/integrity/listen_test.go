//go:build linux

package integrity_test

import (
	"encoding/json"
	"net"
	"os"
	"strings"
	"syscall"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/integrity"
	"github.com/kpuzzle/kpuzzle/grader/sandbox"
	"github.com/kpuzzle/kpuzzle/reference/runguard"
)

// The run's socket belongs to its uid alone, in root's folder; what is
// sent on it comes back as findings, capped; it is gone after Close.
func TestListenerReceivesReports(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("the report folder is root's")
	}
	lease, err := sandbox.LeaseUID(7)
	if err != nil {
		t.Fatal(err)
	}
	defer lease.Release()
	l, err := integrity.Listen(lease.UID)
	if err != nil {
		t.Fatal(err)
	}
	path := runguard.ReportSocket(lease.UID)
	fi, err := os.Lstat(path)
	if err != nil {
		t.Fatal(err)
	}
	st := fi.Sys().(*syscall.Stat_t)
	if int(st.Uid) != lease.UID || fi.Mode().Perm() != 0o600 || fi.Mode()&os.ModeSocket == 0 {
		t.Errorf("socket %s: owner %d mode %v, want %d and 0600", path, st.Uid, fi.Mode(), lease.UID)
	}
	dir, _ := os.Lstat(runguard.ReportDir)
	if dir.Sys().(*syscall.Stat_t).Uid != 0 || dir.Mode().Perm()&0o022 != 0 {
		t.Errorf("report folder %v owned by %d", dir.Mode(), dir.Sys().(*syscall.Stat_t).Uid)
	}
	for i := range 12 {
		c, err := net.Dial("unix", path)
		if err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			c.Write([]byte("not json"))
		} else {
			json.NewEncoder(c).Encode(runguard.Report{What: "kpuzzle solve", Executable: "/work/submission/helper", PID: i})
		}
		c.Close()
	}
	got := l.Close()
	want := grader.IntegrityFinding{File: "/work/submission/helper", Finding: "the run executed a kpuzzle program (kpuzzle solve), which refused to work"}
	if len(got) != 8 {
		t.Errorf("%d findings, want the cap of 8: %+v", len(got), got)
	}
	for _, f := range got {
		if diff := cmp.Diff(want, f); diff != "" {
			t.Errorf("(-want +got):\n%s", diff)
		}
	}
	if _, err := os.Lstat(path); !os.IsNotExist(err) {
		t.Errorf("socket left after Close: %v", err)
	}
}

// A report is anyone's of the run: a forged one is escaped and cut short.
func TestForgedReportEscaped(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("the report folder is root's")
	}
	lease, err := sandbox.LeaseUID(8)
	if err != nil {
		t.Fatal(err)
	}
	defer lease.Release()
	l, err := integrity.Listen(lease.UID)
	if err != nil {
		t.Fatal(err)
	}
	c, err := net.Dial("unix", runguard.ReportSocket(lease.UID))
	if err != nil {
		t.Fatal(err)
	}
	json.NewEncoder(c).Encode(runguard.Report{What: "\x1b[2J" + strings.Repeat("w", 500), Executable: "\u202e" + strings.Repeat("x", 1000)})
	c.Close()
	got := l.Close()
	if len(got) != 1 {
		t.Fatalf("%+v", got)
	}
	f := got[0]
	if strings.ContainsAny(f.File+f.Finding, "\x1b\u202e") || len([]rune(f.File)) > 301 || len(f.Finding) > 200 {
		t.Errorf("forged report kept raw or long: %q %q", f.File, f.Finding)
	}
}
