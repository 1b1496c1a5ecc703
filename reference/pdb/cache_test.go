package pdb_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/pdb"
)

var cacheGoal = puzzles.DefaultGoal(puzzles.Shape{Rows: 3, Cols: 3})

func cachePartition(t *testing.T) pdb.Partition {
	t.Helper()
	p, err := pdb.Custom(cacheGoal, pdb.Additive, [][]int{{1, 2, 3, 4}, {5, 6, 7, 8}})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// estimates is the heuristic's value on a fixed sample of states.
func estimates(h *pdb.Heuristic) []int {
	rng := puzzles.NewRand(1)
	out := make([]int, 300)
	for i := range out {
		out[i] = h.Estimate(puzzles.RandomSolvable(rng, cacheGoal).Bytes())
	}
	return out
}

func TestOpenBuildsThenLoads(t *testing.T) {
	dir := t.TempDir()
	p := cachePartition(t)
	var phases []pdb.Phase
	opts := pdb.Options{Dir: dir, Progress: func(pr pdb.Progress) {
		phases = append(phases, pr.Phase)
		if pr.Partition != p.Name || !pr.Goal.Board().Equal(p.Goal.Board()) {
			t.Errorf("a report of phase %s names the database %q for goal %s; want %q, %s", pr.Phase, pr.Partition, pr.Goal.Board(), p.Name, p.Goal.Board())
		}
	}}
	first, err := pdb.OpenPartition(context.Background(), p, opts)
	if err != nil {
		t.Fatal(err)
	}
	for _, src := range first.Sources() {
		if src.Loaded || src.Rebuilt != "not built yet" {
			t.Errorf("first open of %v: loaded %v, rebuilt %q; want a build because it is not built yet", src.Tiles, src.Loaded, src.Rebuilt)
		}
	}
	if !containsPhase(phases, pdb.PhaseBuild) || !containsPhase(phases, pdb.PhaseSave) {
		t.Errorf("first open reported phases %v; want build and save among them", phases)
	}
	phases = nil
	second, err := pdb.OpenPartition(context.Background(), p, opts)
	if err != nil {
		t.Fatal(err)
	}
	for _, src := range second.Sources() {
		if !src.Loaded || src.Rebuilt != "" {
			t.Errorf("second open of %v: loaded %v, rebuilt %q; want loaded from %s", src.Tiles, src.Loaded, src.Rebuilt, dir)
		}
	}
	if containsPhase(phases, pdb.PhaseBuild) {
		t.Errorf("second open built again (phases %v)", phases)
	}
	if diff := cmp.Diff(estimates(first), estimates(second)); diff != "" {
		t.Errorf("loaded table differs from the built one (-built +loaded):\n%s", diff)
	}
	files, built, err := pdb.Status(dir, p)
	if err != nil || !built || len(files) != 2 {
		t.Errorf("Status = %v, %v, %v; want 2 files, built", files, built, err)
	}
}

func containsPhase(ps []pdb.Phase, want pdb.Phase) bool {
	for _, p := range ps {
		if p == want {
			return true
		}
	}
	return false
}

// TestCorruptCacheIsRebuilt damages the cached file of the first pattern
// in several ways; each time Open must notice, say why, rebuild, and give
// the same estimates as before.
func TestCorruptCacheIsRebuilt(t *testing.T) {
	dir := t.TempDir()
	p := cachePartition(t)
	opts := pdb.Options{Dir: dir}
	h, err := pdb.OpenPartition(context.Background(), p, opts)
	if err != nil {
		t.Fatal(err)
	}
	want := estimates(h)
	file := h.Sources()[0].File
	other := h.Sources()[1].File
	good, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	otherData, err := os.ReadFile(other)
	if err != nil {
		t.Fatal(err)
	}
	flip := func(i int) []byte {
		b := append([]byte(nil), good...)
		b[i] ^= 0x40
		return b
	}
	for _, tc := range []struct {
		name   string
		data   []byte
		reason string
	}{
		{"truncated", good[:len(good)/2], "truncated"},
		{"truncated header", good[:20], "truncated"},
		{"flipped data byte", flip(len(good) - 100), "data checksum mismatch"},
		{"flipped header field", flip(12), "mode"},
		{"flipped goal byte", flip(20), "header checksum mismatch"},
		{"bad magic", flip(0), "bad magic"},
		{"another table", otherData, "expected tiles"},
		{"trailing bytes", append(append([]byte(nil), good...), 0), "trailing"},
		{"empty", nil, "truncated"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := os.WriteFile(file, tc.data, 0o644); err != nil {
				t.Fatal(err)
			}
			statuses, err := pdb.Verify(dir)
			if err != nil {
				t.Fatal(err)
			}
			if st := statusOf(statuses, file); st == nil || st.Err == nil || !errors.Is(st.Err, pdb.ErrCorrupt) {
				t.Errorf("Verify did not flag the damaged file: %+v", st)
			}
			var reason string
			h, err := pdb.OpenPartition(context.Background(), p, pdb.Options{Dir: dir, Progress: func(pr pdb.Progress) {
				if pr.Phase == pdb.PhaseRebuild {
					reason = pr.Reason
				}
			}})
			if err != nil {
				t.Fatal(err)
			}
			src := h.Sources()[0]
			if src.Loaded || !strings.Contains(src.Rebuilt, tc.reason) || reason != src.Rebuilt {
				t.Errorf("source %+v, progress reason %q; want a rebuild because of %q", src, reason, tc.reason)
			}
			if diff := cmp.Diff(want, estimates(h)); diff != "" {
				t.Errorf("estimates after rebuild (-want +got):\n%s", diff)
			}
			repaired, err := os.ReadFile(file)
			if err != nil || string(repaired) != string(good) {
				t.Errorf("the rebuilt file differs from the original (err %v)", err)
			}
		})
	}
}

func statusOf(sts []pdb.FileStatus, file string) *pdb.FileStatus {
	for i := range sts {
		if sts[i].File == file {
			return &sts[i]
		}
	}
	return nil
}

func TestNoBuild(t *testing.T) {
	dir := t.TempDir()
	_, err := pdb.OpenPartition(context.Background(), cachePartition(t), pdb.Options{Dir: dir, NoBuild: true})
	if !errors.Is(err, pdb.ErrNotBuilt) {
		t.Errorf("err = %v, want ErrNotBuilt", err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 0 {
		t.Errorf("NoBuild wrote %d files", len(entries))
	}
}

func TestVerifyGoodFilesAndNames(t *testing.T) {
	dir := t.TempDir()
	h, err := pdb.OpenPartition(context.Background(), cachePartition(t), pdb.Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	sts, err := pdb.Verify(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(sts) != 2 {
		t.Fatalf("Verify found %d files, want 2", len(sts))
	}
	for _, st := range sts {
		if st.Err != nil {
			t.Errorf("%s: %v", st.File, st.Err)
		}
	}
	want := []string{"3x3-default-additive-1-2-3-4.pdb", "3x3-default-additive-5-6-7-8.pdb"}
	var got []string
	for _, src := range h.Sources() {
		got = append(got, filepath.Base(src.File))
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("file names (-want +got):\n%s", diff)
	}
	// A good table under the wrong name is flagged.
	if err := os.Rename(filepath.Join(dir, want[0]), filepath.Join(dir, "3x3-default-additive-1-2-3.pdb")); err != nil {
		t.Fatal(err)
	}
	sts, _ = pdb.Verify(dir)
	if st := statusOf(sts, filepath.Join(dir, "3x3-default-additive-1-2-3.pdb")); st == nil || st.Err == nil {
		t.Errorf("renamed table not flagged: %+v", st)
	}
	if sts, err := pdb.Verify(filepath.Join(dir, "absent")); err != nil || len(sts) != 0 {
		t.Errorf("Verify(absent dir) = %v, %v; want nothing", sts, err)
	}
}

func TestCancelledBuild(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	g := puzzles.DefaultGoal(puzzles.Shape{Rows: 4, Cols: 4})
	_, err := pdb.BuildTable(ctx, g, pdb.Additive, []int{1, 2, 3, 4, 5, 6}, pdb.BuildOptions{})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want context.Canceled", err)
	}
}
