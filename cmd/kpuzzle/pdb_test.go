package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/reference/pdb"
)

func TestPdbBuildListVerify(t *testing.T) {
	dir := t.TempDir()
	build := []string{"pdb", "build", "--shape", "3x3", "--patterns", "1-2-3-4/5-6-7-8", "--pdb-dir", dir, "--json"}
	r := kpuzzle(t, "", build...)
	if r.code != 0 {
		t.Fatalf("build: exit %d, stderr %q", r.code, r.stderr)
	}
	var got pdb.DatabaseReport
	if err := json.Unmarshal([]byte(r.stdout), &got); err != nil {
		t.Fatalf("build JSON: %v\n%s", err, r.stdout)
	}
	if got.Heuristic != "pdb:1-2-3-4/5-6-7-8" || got.Shape != "3x3" || got.Goal != "default" || !got.Reflection || len(got.Tables) != 2 {
		t.Errorf("build result %+v", got)
	}
	for _, tab := range got.Tables {
		if tab.Loaded || tab.Rebuilt != "not built yet" || tab.Entries != 3024 || tab.Encoding != "nibble-excess" {
			t.Errorf("first build of %v: %+v", tab.Tiles, tab)
		}
	}
	if !strings.Contains(r.stderr, "building pattern database") {
		t.Errorf("stderr does not say what it builds: %q", r.stderr)
	}

	r = kpuzzle(t, "", build...)
	if err := json.Unmarshal([]byte(r.stdout), &got); err != nil || r.code != 0 {
		t.Fatalf("second build: exit %d, %v", r.code, err)
	}
	for _, tab := range got.Tables {
		if !tab.Loaded {
			t.Errorf("second build of %v rebuilt (%q), want loaded", tab.Tiles, tab.Rebuilt)
		}
	}

	r = kpuzzle(t, "", "pdb", "list", "--pdb-dir", dir, "--json")
	var list struct {
		Dir       string           `json:"dir"`
		Databases []pdb.ListEntry  `json:"databases"`
		Others    []pdb.FileReport `json:"other_files"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &list); err != nil || r.code != 0 {
		t.Fatalf("list: exit %d, %v\n%s", r.code, err, r.stdout)
	}
	if list.Dir != dir || len(list.Databases) != 10 || len(list.Others) != 2 {
		t.Errorf("list: dir %q, %d databases, %d other files; want %q, 10, 2", list.Dir, len(list.Databases), len(list.Others), dir)
	}
	for _, db := range list.Databases {
		if db.Built {
			t.Errorf("%s (%s) listed as built in an empty cache", db.Name, db.Goal)
		}
	}

	r = kpuzzle(t, "", "pdb", "verify", "--pdb-dir", dir)
	if r.code != 0 || !strings.Contains(r.stdout, "2 files verified") {
		t.Errorf("verify: exit %d, stdout %q", r.code, r.stdout)
	}
	file := got.Tables[1].File
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	data[len(data)-1] ^= 1
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	r = kpuzzle(t, "", "pdb", "verify", "--pdb-dir", dir)
	if r.code != exitFindings || !strings.Contains(r.stdout, "CORRUPT") || !strings.Contains(r.stdout, filepath.Base(file)) {
		t.Errorf("verify of a damaged file: exit %d, stdout %q", r.code, r.stdout)
	}
	r = kpuzzle(t, "", build...)
	if err := json.Unmarshal([]byte(r.stdout), &got); err != nil || r.code != 0 {
		t.Fatalf("build after damage: exit %d, %v", r.code, err)
	}
	if diff := cmp.Diff([]bool{true, false}, []bool{got.Tables[0].Loaded, got.Tables[1].Loaded}); diff != "" || !strings.Contains(got.Tables[1].Rebuilt, "checksum") {
		t.Errorf("build after damage: loaded (-want +got):\n%s rebuilt %q", diff, got.Tables[1].Rebuilt)
	}
	if r = kpuzzle(t, "", "pdb", "verify", "--pdb-dir", dir); r.code != 0 {
		t.Errorf("verify after rebuild: exit %d, stdout %q", r.code, r.stdout)
	}
}

func TestPdbBuildNamed(t *testing.T) {
	dir := t.TempDir()
	r := kpuzzle(t, "", "pdb", "build", "pdb:555", "--goal", "blank-first", "--pdb-dir", dir)
	if r.code != 0 {
		t.Fatalf("exit %d, stderr %q", r.code, r.stderr)
	}
	for _, want := range []string{"pdb:555", "blank-first", "1-2-3-6-7", "524,160", "built"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("stdout does not mention %q:\n%s", want, r.stdout)
		}
	}
	r = kpuzzle(t, "", "pdb", "list", "--pdb-dir", dir)
	if !strings.Contains(r.stdout, "pdb:555     4x4    blank-first  built") {
		t.Errorf("list does not show 555 built:\n%s", r.stdout)
	}
}

func TestPdbBadInvocations(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		args      []string
		fragments []string
	}{
		{[]string{"pdb", "build", "--pdb-dir", dir}, []string{"name a pattern database"}},
		{[]string{"pdb", "build", "99", "--pdb-dir", dir}, []string{"unknown pattern database", "99"}},
		{[]string{"pdb", "build", "--patterns", "1-2", "--pdb-dir", dir}, []string{"--shape"}},
		{[]string{"pdb", "build", "--shape", "3x3", "--patterns", "1-2-x", "--pdb-dir", dir}, []string{"--patterns", "x"}},
		{[]string{"pdb", "build", "--shape", "3x3", "--patterns", "1-2/2-3", "--pdb-dir", dir}, []string{"tile 2 appears in two patterns"}},
		{[]string{"pdb", "build", "--shape", "3x3", "--patterns", "1-2", "--mode", "min", "--pdb-dir", dir}, []string{"--mode"}},
		{[]string{"pdb", "build", "78", "--goal", "nowhere.txt", "--pdb-dir", dir}, []string{"--goal", "nowhere.txt"}},
	} {
		wantOneLineError(t, kpuzzle(t, "", tc.args...), tc.fragments...)
	}
}
