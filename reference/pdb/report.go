package pdb

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/textstyle"
)

// DatabaseReport describes an opened database and where each of its
// tables came from (the cache, or a build, and why): what kpuzzle pdb
// build reports.
type DatabaseReport struct {
	Name       string        `json:"name"`
	Heuristic  string        `json:"heuristic"`
	Shape      string        `json:"shape"`
	Goal       string        `json:"goal"`
	Mode       string        `json:"mode"`
	Reflection bool          `json:"reflection"`
	Tables     []TableReport `json:"tables"`
}

// TableReport describes one table of an opened database.
type TableReport struct {
	Tiles   []int  `json:"tiles"`
	File    string `json:"file"`
	Loaded  bool   `json:"loaded"`
	Rebuilt string `json:"rebuilt,omitempty"`
	// Seconds is the time taken to load or build (and save) it.
	Seconds  float64 `json:"seconds"`
	Entries  int64   `json:"entries"`
	Bytes    int64   `json:"bytes"`
	Encoding string  `json:"encoding"`
}

// Report describes the heuristic's database and the sources of its
// tables.
func (h *Heuristic) Report() DatabaseReport {
	p := h.part
	r := DatabaseReport{Name: p.Name, Heuristic: h.Name(), Shape: p.Goal.Shape().String(), Goal: p.Goal.Name(), Mode: p.Mode.String(), Reflection: h.Reflects()}
	for i, src := range h.sources {
		hdr := h.tables[i].Header()
		r.Tables = append(r.Tables, TableReport{Tiles: src.Tiles, File: src.File, Loaded: src.Loaded, Rebuilt: src.Rebuilt, Seconds: src.Seconds,
			Entries: hdr.Entries, Bytes: h.tables[i].Bytes(), Encoding: hdr.Encoding.String()})
	}
	return r
}

// WriteText writes the database for people: a heading, then a line per
// table (tiles, entries, size, encoding, time, built or cached, file).
func (r DatabaseReport) WriteText(w io.Writer, st textstyle.Style) error {
	refl := "off"
	if r.Reflection {
		refl = "on"
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s for the %s %s goal (%s, reflection %s):\n", st.Bold.Sprint(r.Heuristic), r.Shape, r.Goal, r.Mode, refl)
	for _, t := range r.Tables {
		how := st.Good.Sprint("built")
		if t.Loaded {
			how = st.Dim.Sprint("cached, verified")
		}
		fmt.Fprintf(&sb, "  tiles %-24s %13s entries  %9s  %-13s  %7.1fs  %s  %s\n", joinTiles(t.Tiles), textstyle.Digits(t.Entries), textstyle.Bytes(t.Bytes), t.Encoding, t.Seconds, how, t.File)
	}
	_, err := io.WriteString(w, sb.String())
	return err
}

func joinTiles(tiles []int) string {
	s := make([]string, len(tiles))
	for i, t := range tiles {
		s[i] = fmt.Sprint(t)
	}
	return strings.Join(s, "-")
}

// Forget removes the cached tables of partition p from the cache folder
// dir, so that the next open builds them again.
func Forget(dir string, p Partition) error {
	files, _, err := Status(dir, p)
	if err != nil {
		return err
	}
	for _, f := range files {
		if err := os.Remove(f); err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
	}
	return nil
}

// FileReport describes one file of the cache: its size, whether it is
// intact, and what its header says.
type FileReport struct {
	File     string `json:"file"`
	Bytes    int64  `json:"bytes"`
	OK       bool   `json:"ok"`
	Error    string `json:"error,omitempty"`
	Shape    string `json:"shape,omitempty"`
	Goal     []int  `json:"goal,omitempty"`
	Mode     string `json:"mode,omitempty"`
	Tiles    []int  `json:"tiles,omitempty"`
	Encoding string `json:"encoding,omitempty"`
	Entries  int64  `json:"entries,omitempty"`
	// MaxEntry is the largest stored entry (the largest excess over
	// Manhattan distance, halved, for additive tables).
	MaxEntry int `json:"max_entry,omitempty"`
}

// Report describes the file.
func (st FileStatus) Report() FileReport {
	f := FileReport{File: st.File, Bytes: st.Bytes, OK: st.Err == nil}
	if st.Err != nil {
		f.Error = st.Err.Error()
	}
	if st.Header.Version != 0 {
		h := st.Header
		f.Shape, f.Mode, f.Encoding, f.Entries, f.MaxEntry = h.Shape.String(), h.Mode.String(), h.Encoding.String(), h.Entries, int(h.MaxValue)
		for _, t := range h.Goal {
			f.Goal = append(f.Goal, int(t))
		}
		for _, t := range h.Tiles {
			f.Tiles = append(f.Tiles, int(t))
		}
	}
	return f
}

// Listing is what a cache folder holds: every shipped database for both
// built-in goals, built or not, and the other tables in it (kpuzzle pdb
// list).
type Listing struct {
	Dir       string       `json:"dir"`
	Databases []ListEntry  `json:"databases"`
	Others    []FileReport `json:"other_files"`
}

// ListEntry is one shipped database for one goal.
type ListEntry struct {
	Name        string   `json:"name"`
	Heuristic   string   `json:"heuristic"`
	Shape       string   `json:"shape"`
	Goal        string   `json:"goal"`
	Built       bool     `json:"built"`
	Files       []string `json:"files"`
	Bytes       int64    `json:"bytes"`
	Description string   `json:"description"`
}

// List reads the cache folder dir (without reading table data).
func List(dir string) (Listing, error) {
	l := Listing{Dir: dir}
	known := map[string]bool{}
	for _, info := range Describe() {
		for _, gname := range []string{puzzles.GoalDefault, puzzles.GoalBlankFirst} {
			g, err := puzzles.GoalByName(gname, info.Shape)
			if err != nil {
				return Listing{}, err
			}
			p, err := Named(info.Name, g)
			if err != nil {
				return Listing{}, err
			}
			files, built, err := Status(dir, p)
			if err != nil {
				return Listing{}, err
			}
			e := ListEntry{Name: info.Name, Heuristic: "pdb:" + info.Name, Shape: info.Shape.String(), Goal: gname, Built: built, Files: files, Description: info.Description}
			for _, f := range files {
				known[f] = true
				if fi, err := os.Stat(f); err == nil {
					e.Bytes += fi.Size()
				}
			}
			l.Databases = append(l.Databases, e)
		}
	}
	cached, err := Cached(dir)
	if err != nil {
		return Listing{}, err
	}
	for _, st := range cached {
		if !known[st.File] {
			l.Others = append(l.Others, st.Report())
		}
	}
	return l, nil
}

// WriteText writes the listing for people: a table of the shipped
// databases, then the other tables.
func (l Listing) WriteText(w io.Writer, st textstyle.Style) error {
	var sb strings.Builder
	fmt.Fprintf(&sb, "cache folder: %s\n", l.Dir)
	tw := tabwriter.NewWriter(&sb, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, st.Bold.Sprint("HEURISTIC")+"\t"+st.Bold.Sprint("BOARD")+"\t"+st.Bold.Sprint("GOAL")+"\t"+st.Bold.Sprint("STATUS")+"\t"+st.Bold.Sprint("SIZE")+"\t"+st.Bold.Sprint("DESCRIPTION"))
	for _, e := range l.Databases {
		status, size := st.Dim.Sprint("not built"), "-"
		if e.Built {
			status, size = st.Good.Sprint("built"), textstyle.Bytes(e.Bytes)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", e.Heuristic, e.Shape, e.Goal, status, size, e.Description)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if len(l.Others) > 0 {
		sb.WriteString("other tables in the cache:\n")
		for _, f := range l.Others {
			state := ""
			if !f.OK {
				state = "  " + st.Bad.Sprint("unreadable: "+f.Error)
			}
			fmt.Fprintf(&sb, "  %s  %s%s\n", filepath.Base(f.File), textstyle.Bytes(f.Bytes), state)
		}
	}
	_, err := io.WriteString(w, sb.String())
	return err
}

// VerifyReport is a check of every table in a cache folder: header, size
// and checksum (kpuzzle pdb verify).
type VerifyReport struct {
	Dir   string       `json:"dir"`
	Files []FileReport `json:"files"`
	// AllOK is set when no file is damaged.
	AllOK bool `json:"all_ok"`
}

// VerifyCache checks every table in the cache folder dir (see Verify).
func VerifyCache(dir string) (VerifyReport, error) {
	sts, err := Verify(dir)
	if err != nil {
		return VerifyReport{}, err
	}
	r := VerifyReport{Dir: dir, Files: make([]FileReport, len(sts)), AllOK: true}
	for i, s := range sts {
		r.Files[i] = s.Report()
		r.AllOK = r.AllOK && s.Err == nil
	}
	return r, nil
}

// WriteText writes the check for people: a line per file, ok or CORRUPT
// with what is wrong, and a count.
func (r VerifyReport) WriteText(w io.Writer, st textstyle.Style) error {
	var sb strings.Builder
	fmt.Fprintf(&sb, "cache folder: %s\n", r.Dir)
	bad := 0
	for _, f := range r.Files {
		if f.OK {
			fmt.Fprintf(&sb, "  %s  %s  %s\n", st.Good.Sprint("ok     "), filepath.Base(f.File), textstyle.Bytes(f.Bytes))
		} else {
			bad++
			fmt.Fprintf(&sb, "  %s  %s  %s\n", st.Bad.Sprint("CORRUPT"), filepath.Base(f.File), f.Error)
		}
	}
	switch {
	case len(r.Files) == 0:
		sb.WriteString("no pattern databases cached\n")
	case bad == 0:
		fmt.Fprintf(&sb, "%d files verified\n", len(r.Files))
	default:
		fmt.Fprintf(&sb, "%d of %d files are damaged; they are rebuilt when next needed\n", bad, len(r.Files))
	}
	_, err := io.WriteString(w, sb.String())
	return err
}
