package report

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/puzzles"
)

// Roster maps a submission's folder name to its submitters (several for a
// group submission).
type Roster map[string][]grader.Person

// RosterFile is the file Gradescope's "Export Submissions" puts beside the
// submission folders.
const RosterFile = "submission_metadata.yml"

// maxRosterBytes caps a roster file.
const maxRosterBytes = 64 << 20

// ReadGradescopeRoster reads Gradescope's submission_metadata.yml: a
// mapping from each submission folder (submission_123456) to its
// metadata, whose :submitters list gives each student's :name, :sid and
// :email (the keys keep Ruby's leading colons; keys without them are
// accepted too). Other metadata is ignored. Errors name the file and, for
// syntax errors, the line.
func ReadGradescopeRoster(r io.Reader, name string) (Roster, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxRosterBytes+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(data) > maxRosterBytes {
		return nil, fmt.Errorf("%s: larger than %d MiB; expected Gradescope's submission metadata", name, maxRosterBytes>>20)
	}
	var doc map[string]map[string]any
	if err := yaml.Unmarshal(data, &doc); err != nil {
		var te *yaml.TypeError
		if errors.As(err, &te) {
			return nil, fmt.Errorf("%s: %s; expected a mapping from submission folders to their metadata", name, oneLine(strings.Join(te.Errors, "; ")))
		}
		return nil, fmt.Errorf("%s: %s; expected Gradescope's submission metadata (YAML)", name, oneLine(err.Error()))
	}
	out := Roster{}
	folders := make([]string, 0, len(doc))
	for folder := range doc {
		folders = append(folders, folder)
	}
	sort.Strings(folders)
	for _, folder := range folders {
		list, ok := field(doc[folder], "submitters").([]any)
		if !ok {
			continue
		}
		for i, item := range list {
			m, ok := item.(map[string]any)
			if !ok {
				return nil, fmt.Errorf("%s: %s: submitter %d is not a mapping; expected :name, :sid and :email", name, folder, i+1)
			}
			out[folder] = append(out[folder], grader.Person{Name: text(field(m, "name")), SID: text(field(m, "sid")), Email: text(field(m, "email"))})
		}
	}
	return out, nil
}

// ReadRosters reads the Gradescope roster (RosterFile) in each of the
// folders that holds one, the folders of submissions of a grading
// (batch.ExportFolders), and merges them; a folder without one is
// skipped, and a submission named in two rosters takes the later
// folder's submitters. Errors name the file (ReadGradescopeRoster); one
// that is there but cannot be read is the file system's error.
func ReadRosters(folders []string) (Roster, error) {
	roster := Roster{}
	for _, dir := range folders {
		f, err := puzzles.OpenFile(filepath.Join(dir, RosterFile))
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, err
		}
		r, err := ReadGradescopeRoster(f, f.Name())
		f.Close()
		if err != nil {
			return nil, err
		}
		for k, v := range r {
			roster[k] = v
		}
	}
	return roster, nil
}

// oneLine folds a message onto one line (YAML errors quote the input).
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// field looks a key up with or without Ruby's leading colon.
func field(m map[string]any, key string) any {
	if v, ok := m[":"+key]; ok {
		return v
	}
	return m[key]
}

func text(v any) string {
	if v == nil {
		return ""
	}
	return fmt.Sprint(v)
}

// SetRoster records who submitted what, for the gradebook's name, sid and
// email columns.
func (gb *Gradebook) SetRoster(r Roster) { gb.Roster = r }

// people joins a submission's submitters' field for one cell.
func (r Roster) people(sub string, get func(grader.Person) string) string {
	var parts []string
	for _, p := range r[sub] {
		parts = append(parts, get(p))
	}
	return strings.Join(parts, "; ")
}
