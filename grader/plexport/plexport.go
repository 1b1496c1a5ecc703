package plexport

import (
	"archive/zip"
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"unicode/utf8"
)

// The names PrairieLearn gives the downloads, after the assessment's
// ("HW2_submissions_for_manual_grading.csv").
const (
	CSVSuffix = "_submissions_for_manual_grading.csv"
	ZipSuffix = "_files_for_manual_grading.zip"
)

// Limits on what Read and Stage take in: the CSV, each file of a
// submission, all files together, and the files of one submission.
const (
	maxCSVBytes        = 256 << 20
	maxFileBytes       = 64 << 20
	maxTotalBytes      = 4 << 30
	maxSubmissionFiles = 10_000
)

// Row is one row of the manual-grading CSV: the last submission of one
// student (or group) to one question.
type Row struct {
	// UID is the student's uid (an email address) and UIN their
	// institution's id, when the assessment is not group work; Group is
	// the group's name when it is.
	UID, UIN, Group string
	// QID is the question's id; SubmissionID the submission's.
	QID, SubmissionID string
	// Line is the row's line in the CSV (the header is line 1).
	Line int
}

// Who is the row's student: the uid, or the group's name.
func (r Row) Who() string {
	if r.Group != "" {
		return r.Group
	}
	return r.UID
}

// prefixes are the beginnings of the names PrairieLearn gives the row's
// files in the zip: UID_UIN_QID_ID_ (UID_QID_ID_ in downloads from before
// the uin column) or GROUP_QID_ID_.
func (r Row) prefixes() []string {
	tail := "_" + r.QID + "_" + r.SubmissionID + "_"
	if r.Group != "" {
		return []string{r.Group + tail}
	}
	if r.UIN != "" {
		return []string{r.UID + "_" + r.UIN + tail, r.UID + tail}
	}
	return []string{r.UID + tail}
}

// ReadRows reads the manual-grading CSV (name is for messages): its
// header must have qid, submission_id and uid or group_name (in any case
// and order, with any other columns); every row must give them. Errors
// name the file and line.
func ReadRows(r io.Reader, name string) ([]Row, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxCSVBytes+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(data) > maxCSVBytes {
		return nil, fmt.Errorf("%s: larger than %d MiB; expected PrairieLearn's manual-grading CSV", name, maxCSVBytes>>20)
	}
	if !utf8.Valid(data) {
		return nil, fmt.Errorf("%s: not UTF-8 text; expected PrairieLearn's manual-grading CSV", name)
	}
	cr := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(data, []byte("\ufeff"))))
	cr.FieldsPerRecord = -1
	header, err := cr.Read()
	if err != nil {
		return nil, fmt.Errorf("%s: line 1: %s; expected a header such as uid,uin,qid,submission_id (PrairieLearn's manual-grading CSV)", name, csvMessage(err))
	}
	col := map[string]int{}
	for i, h := range header {
		h = strings.ToLower(strings.TrimSpace(h))
		if _, dup := col[h]; !dup {
			col[h] = i
		}
	}
	_, hasUID := col["uid"]
	_, hasGroup := col["group_name"]
	for _, k := range []string{"qid", "submission_id"} {
		if _, ok := col[k]; !ok {
			return nil, fmt.Errorf("%s: line 1: no %s column; expected PrairieLearn's <assessment>%s (from the assessment's Downloads)", name, k, CSVSuffix)
		}
	}
	if !hasUID && !hasGroup {
		return nil, fmt.Errorf("%s: line 1: no uid or group_name column; expected PrairieLearn's <assessment>%s", name, CSVSuffix)
	}
	var rows []Row
	seen := map[string]int{}
	for {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %s", name, csvMessage(err))
		}
		line, _ := cr.FieldPos(0)
		get := func(k string) string {
			if i, ok := col[k]; ok && i < len(rec) {
				return strings.TrimSpace(rec[i])
			}
			return ""
		}
		row := Row{UID: get("uid"), UIN: get("uin"), Group: get("group_name"), QID: get("qid"), SubmissionID: get("submission_id"), Line: line}
		switch {
		case row.Who() == "":
			return nil, fmt.Errorf("%s: line %d: no uid or group_name", name, line)
		case row.QID == "":
			return nil, fmt.Errorf("%s: line %d: no qid", name, line)
		case !digits(row.SubmissionID):
			return nil, fmt.Errorf("%s: line %d: submission_id %q: expected PrairieLearn's number of the submission", name, line, row.SubmissionID)
		}
		if prev, dup := seen[row.SubmissionID]; dup {
			return nil, fmt.Errorf("%s: line %d: submission_id %s is on line %d too", name, line, row.SubmissionID, prev)
		}
		seen[row.SubmissionID] = line
		rows = append(rows, row)
	}
	return rows, nil
}

func digits(s string) bool {
	if s == "" || len(s) > 20 {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// csvMessage says what encoding/csv found, without its own prefix.
func csvMessage(err error) string {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return fmt.Sprintf("line %d: %v", pe.Line, pe.Err)
	}
	return err.Error()
}

// Export is one PrairieLearn manual-grading download: the CSV and where
// the files are.
type Export struct {
	// CSV is the manual-grading CSV's path; Files the zip's, or the
	// folder of files (the zip unpacked, or the download's folder).
	CSV, Files string
	Rows       []Row
}

// Find reports whether dir holds a PrairieLearn manual-grading download:
// a file named <assessment>_submissions_for_manual_grading.csv. It
// returns the CSV's path; two such files are an error.
func Find(dir string) (csvPath string, ok bool, err error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return "", false, err
	}
	for _, e := range entries {
		if e.Type().IsRegular() && strings.HasSuffix(e.Name(), CSVSuffix) {
			if ok {
				return "", false, fmt.Errorf("%s: two PrairieLearn downloads (%s and %s); keep one assessment's in a folder", dir, filepath.Base(csvPath), e.Name())
			}
			csvPath, ok = filepath.Join(dir, e.Name()), true
		}
	}
	return csvPath, ok, nil
}

// Read reads the download in dir: its CSV (Find) and, beside it, the
// zip of the files of the same assessment (<assessment>_files_for_
// manual_grading.zip), else any one such zip, else the folder itself,
// where the zip may have been unpacked.
func Read(dir string) (Export, error) {
	csvPath, ok, err := Find(dir)
	if err != nil {
		return Export{}, err
	}
	if !ok {
		return Export{}, fmt.Errorf("%s: no <assessment>%s; download it and the files' zip from the assessment's Downloads", dir, CSVSuffix)
	}
	f, err := os.Open(csvPath)
	if err != nil {
		return Export{}, err
	}
	defer f.Close()
	rows, err := ReadRows(f, csvPath)
	if err != nil {
		return Export{}, err
	}
	e := Export{CSV: csvPath, Files: dir, Rows: rows}
	zips, _ := filepath.Glob(filepath.Join(dir, "*"+ZipSuffix))
	same := strings.TrimSuffix(csvPath, CSVSuffix) + ZipSuffix
	switch {
	case fileExists(same):
		e.Files = same
	case len(zips) == 1:
		e.Files = zips[0]
	case len(zips) > 1:
		return Export{}, fmt.Errorf("%s: %d zips of files and none named after %s; keep the one of the same assessment", dir, len(zips), filepath.Base(csvPath))
	}
	return e, nil
}

func fileExists(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular()
}

// Question picks the question to grade among the rows' qids: want (the
// assignment's prairielearn.question), matched as the whole qid or its
// last part (a question in a folder, "hw/kpuzzle"); else the only qid
// there is. Anything else is an error naming the qids.
func (e Export) Question(want string) (string, error) {
	qids := map[string]bool{}
	for _, r := range e.Rows {
		qids[r.QID] = true
	}
	var all, matched []string
	for q := range qids {
		all = append(all, q)
		if q == want || strings.HasSuffix(q, "/"+want) {
			matched = append(matched, q)
		}
	}
	sort.Strings(all)
	switch {
	case len(matched) == 1:
		return matched[0], nil
	case len(all) == 1:
		return all[0], nil
	case len(all) == 0:
		return "", fmt.Errorf("%s: no submissions", e.CSV)
	}
	return "", fmt.Errorf("%s: questions %s, none of them %q; set prairielearn.question to the qid of the kpuzzle question", e.CSV, strings.Join(all, ", "), want)
}

// Submission is one staged submission: its folder's name, the row it
// came from and the files written.
type Submission struct {
	Name  string
	Row   Row
	Files []string
	// Left is the files of the submission Stage did not write, each with
	// why ("big.bin: larger than 64 MiB, ..."): one student's file must
	// not keep the class from being graded, and the submission is graded
	// without it, which its results show.
	Left []string
}

// Stage writes the files of every row of question qid into dest/NAME/,
// one folder per submission (dest is replaced): NAME is the uid or group
// name with every character other than a letter, digit, @ . _ + or -
// made _, unique (a -2 added where two would meet). A row whose files
// are not in the download gets an empty folder, which the grading
// reports as missing its files. A file over 64 MiB, or past 10,000 in
// one submission, is left out of that submission (Submission.Left); a
// file name that is not a plain name (a path, . or ..), two files of one
// name, or more than 4 GiB in all is an error naming the entry.
func (e Export) Stage(dest, qid string) ([]Submission, error) {
	var subs []Submission
	byPrefix := map[string]int{}
	used := map[string]bool{}
	for _, r := range e.Rows {
		if r.QID != qid {
			continue
		}
		name := folderName(r.Who())
		for n := 2; used[name]; n++ {
			name = fmt.Sprintf("%s-%d", folderName(r.Who()), n)
		}
		used[name] = true
		for _, p := range r.prefixes() {
			byPrefix[p] = len(subs)
		}
		subs = append(subs, Submission{Name: name, Row: r})
	}
	if err := os.RemoveAll(dest); err != nil {
		return nil, err
	}
	for _, s := range subs {
		if err := os.MkdirAll(filepath.Join(dest, s.Name), 0o755); err != nil {
			return nil, err
		}
	}
	var total int64
	place := func(entry string, open func() (io.ReadCloser, error)) error {
		base := path.Base(filepath.ToSlash(entry))
		i, file, ok := match(byPrefix, base)
		if !ok {
			return nil // another question's file, or not PrairieLearn's
		}
		s := &subs[i]
		if file == "" || file == "." || file == ".." || strings.ContainsAny(file, "/\\\x00") {
			return fmt.Errorf("%s: %s: the file name %q is not a plain file name", e.Files, entry, file)
		}
		if len(s.Files) >= maxSubmissionFiles {
			s.Left = append(s.Left, fmt.Sprintf("%s: past the %d files a submission may hold", file, maxSubmissionFiles))
			return nil
		}
		for _, f := range s.Files {
			if f == file {
				return fmt.Errorf("%s: %s: two files named %s for submission %s", e.Files, entry, file, s.Row.SubmissionID)
			}
		}
		rc, err := open()
		if err != nil {
			return fmt.Errorf("%s: %s: %w", e.Files, entry, err)
		}
		defer rc.Close()
		data, err := io.ReadAll(io.LimitReader(rc, maxFileBytes+1))
		if err != nil {
			return fmt.Errorf("%s: %s: %w", e.Files, entry, err)
		}
		if len(data) > maxFileBytes {
			s.Left = append(s.Left, fmt.Sprintf("%s: larger than %d MiB, more than a submission's source holds", file, maxFileBytes>>20))
			return nil
		}
		if total += int64(len(data)); total > maxTotalBytes {
			return fmt.Errorf("%s: the files come to more than %d GiB", e.Files, maxTotalBytes>>30)
		}
		s.Files = append(s.Files, file)
		return os.WriteFile(filepath.Join(dest, s.Name, file), data, 0o644)
	}
	if st, err := os.Stat(e.Files); err == nil && st.Mode().IsRegular() {
		zr, err := zip.OpenReader(e.Files)
		if err != nil {
			return nil, fmt.Errorf("%s: %w; expected PrairieLearn's <assessment>%s", e.Files, err, ZipSuffix)
		}
		defer zr.Close()
		for _, f := range zr.File {
			if f.FileInfo().IsDir() {
				continue
			}
			if err := place(f.Name, f.Open); err != nil {
				return nil, err
			}
		}
	} else if err := e.placeFromFolder(place); err != nil {
		return nil, err
	}
	for i := range subs {
		sort.Strings(subs[i].Files)
	}
	return subs, nil
}

// placeFromFolder hands place every regular file of the download's
// folder, three levels deep at most (the zip unpacked there or into a
// folder of its own), but the CSV and zips.
func (e Export) placeFromFolder(place func(string, func() (io.ReadCloser, error)) error) error {
	root := filepath.Clean(e.Files)
	return filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		if d.IsDir() {
			if rel != "." && strings.Count(rel, string(filepath.Separator)) >= 2 {
				return filepath.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() || p == e.CSV || strings.HasSuffix(p, ".zip") {
			return nil
		}
		return place(rel, func() (io.ReadCloser, error) { return os.Open(p) })
	})
}

// match finds the submission whose file base is: the index, and the
// file's own name after the prefix. The longest prefix wins, so that a
// uid ending in what looks like a uin cannot take another's file.
func match(byPrefix map[string]int, base string) (int, string, bool) {
	best := ""
	for p := range byPrefix {
		if strings.HasPrefix(base, p) && len(p) > len(best) {
			best = p
		}
	}
	if best == "" {
		return 0, "", false
	}
	return byPrefix[best], base[len(best):], true
}

// folderName is who as a folder name kpuzzle's reports show well.
func folderName(who string) string {
	var sb strings.Builder
	for _, r := range who {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', strings.ContainsRune("@._+-", r):
			sb.WriteRune(r)
		default:
			sb.WriteByte('_')
		}
	}
	name := strings.Trim(sb.String(), ".")
	if name == "" {
		name = "student"
	}
	if len(name) > 100 {
		name = name[:100]
	}
	return name
}
