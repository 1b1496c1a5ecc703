package integrity

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/bzip2"
	"compress/gzip"
	"compress/zlib"
	"context"
	"debug/buildinfo"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/kpuzzle/kpuzzle/grader"
)

// Module is kpuzzle's Go module path.
const Module = "github.com/kpuzzle/kpuzzle"

// Budget bounds the inspection of one submission.
type Budget struct {
	// FileBytes: a larger file is not inspected (a notice says so).
	FileBytes int64
	// TotalBytes: the bytes read from one submission; files past it are
	// not inspected.
	TotalBytes int64
	// Files: the files inspected in one submission; the rest are not.
	Files int
	// Time: the time one submission's inspection may take; the files
	// left when it runs out are not inspected.
	Time time.Duration
}

// DefaultBudget is the budget of a grading: a kpuzzle build is about
// 30 MB, so 256 MiB per file leaves room for any build of it; a typical
// submission is inspected in milliseconds.
var DefaultBudget = Budget{FileBytes: 256 << 20, TotalBytes: 1 << 30, Files: 20_000, Time: 20 * time.Second}

// Findings, as a student may read them: what the file is, not how it was
// recognised.
const (
	FindKpuzzleBuild   = "a build of kpuzzle (its solver refuses to work during grading)"
	FindPatternDB      = "a kpuzzle pattern database"
	FindExactTable     = "a kpuzzle exact distance table"
	FindAnswerKey      = "a kpuzzle answer key (optimal lengths or solutions of a puzzle set)"
	FindKpuzzleSource  = "a copy of kpuzzle's source code"
	FindKpuzzleImports = "code that uses kpuzzle's packages"
)

// Inspect inspects every regular file under dir, a submission, and
// returns its findings in file order: what Classify names, then what the
// inspection cannot see into, by th (a zero field takes
// DefaultThresholds'): each file of opaque data (compressed, encrypted or
// packed data of no known kind, or a text made of encoded data) of at
// least th.Opaque bytes, the smaller ones together when they add up to
// it, and the submission itself when it is far larger than its source
// code needs. git's own files (under .git) are not looked into for opaque
// data. Symbolic links are not followed. It never fails: what it cannot
// read, or reach within b, is a notice.
func Inspect(ctx context.Context, dir string, lang Language, b Budget, th Thresholds) []grader.IntegrityFinding {
	if b == (Budget{}) {
		b = DefaultBudget
	}
	if th.Opaque <= 0 {
		th.Opaque = DefaultThresholds.Opaque
	}
	if th.Large <= 0 {
		th.Large = DefaultThresholds.Large
	}
	ctx, cancel := context.WithTimeout(ctx, b.Time)
	defer cancel()
	var out []grader.IntegrityFinding
	files, read := 0, int64(0)
	var small []opaqueFile
	var sizes sizeTally
	skipped := func(rel, why string) {
		out = append(out, grader.IntegrityFinding{File: rel, Finding: "not inspected: " + why, Notice: true})
	}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		if err != nil {
			if rel != "." {
				skipped(rel, "unreadable ("+cause(err)+")")
			}
			return nil
		}
		if !d.Type().IsRegular() {
			return nil
		}
		if ctx.Err() != nil {
			skipped(rel, fmt.Sprintf("the inspection's time budget (%s) ran out", b.Time))
			return nil
		}
		files++
		if files > b.Files {
			skipped(rel, fmt.Sprintf("more than %d files", b.Files))
			return nil
		}
		fi, err := d.Info()
		if err != nil {
			skipped(rel, "unreadable ("+cause(err)+")")
			return nil
		}
		size := fi.Size()
		sizes.add(rel, size)
		switch {
		case size > b.FileBytes:
			skipped(rel, fmt.Sprintf("larger than %s", bytesText(b.FileBytes)))
			return nil
		case read+size > b.TotalBytes:
			skipped(rel, fmt.Sprintf("the submission holds more than %s", bytesText(b.TotalBytes)))
			return nil
		}
		read += size
		f, err := os.Open(p)
		if err != nil {
			skipped(rel, "unreadable ("+cause(err)+")")
			return nil
		}
		defer f.Close()
		finding, err := Classify(ctx, rel, f, size, lang)
		switch {
		case err != nil:
			skipped(rel, "unreadable ("+cause(err)+")")
			return nil
		case finding != "":
			out = append(out, grader.IntegrityFinding{File: rel, Finding: finding})
			return nil
		case rel == ".git" || strings.HasPrefix(rel, ".git/"):
			return nil
		}
		o, err := opacity(ctx, rel, f, size, lang, 0)
		switch {
		case err != nil && ctx.Err() != nil:
			skipped(rel, fmt.Sprintf("the inspection's time budget (%s) ran out", b.Time))
		case err != nil:
			skipped(rel, "unreadable ("+cause(err)+")")
		case o != nil && o.bytes >= th.Opaque:
			out = append(out, grader.IntegrityFinding{File: rel, Finding: fmt.Sprintf("%s: %s of %s", FindOpaque, sizeText(o.bytes), o.kind)})
		case o != nil:
			o.name = rel
			small = append(small, *o)
		}
		return nil
	})
	if err != nil {
		skipped(".", cause(err))
	}
	if f, ok := smallOpaque(small, th.Opaque); ok {
		out = append(out, f)
	}
	if f, ok := sizes.finding(th.Large); ok {
		out = append(out, f)
	}
	if len(out) > MaxFindings {
		more := len(out) - MaxFindings + 1
		out = append(out[:MaxFindings-1:MaxFindings-1], grader.IntegrityFinding{File: ".", Finding: fmt.Sprintf("and %d more files with findings", more), Notice: true})
	}
	return out
}

// MaxFindings caps the findings Inspect returns for one submission (a
// committed virtual environment holds hundreds of shared objects); the
// last one then says how many more there were.
const MaxFindings = 50

// cause is an error without the path the finding names anyway.
func cause(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

func bytesText(n int64) string {
	switch {
	case n >= 1<<30 && n%(1<<30) == 0:
		return fmt.Sprintf("%d GiB", n>>30)
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d bytes", n)
}

// maxEntryBytes caps an archive entry that is inspected (read into memory).
const maxEntryBytes = 64 << 20

// maxKeyBytes caps a JSON file that is read as a possible answer key.
const maxKeyBytes = 64 << 20

// Classify says what one file is, or "" when it is nothing to report.
// name is its path in the submission (its extension matters for source
// files only); r holds size bytes. An error means r could not be read.
func Classify(ctx context.Context, name string, r io.ReaderAt, size int64, lang Language) (string, error) {
	return classify(ctx, name, r, size, lang, 0)
}

func classify(ctx context.Context, name string, r io.ReaderAt, size int64, lang Language, depth int) (string, error) {
	head := make([]byte, min(size, 4096))
	if _, err := r.ReadAt(head, 0); err != nil && !errors.Is(err, io.EOF) {
		return "", err
	}
	switch {
	case bytes.HasPrefix(head, []byte("KPUZPDB\n")):
		return FindPatternDB, nil
	case bytes.HasPrefix(head, []byte("KPZEXACT")):
		return FindExactTable, nil
	}
	if kind := executableKind(head, r, size); kind != "" {
		if isKpuzzleBuild(ctx, r, size) {
			return FindKpuzzleBuild, nil
		}
		if lang == Python || (lang == Java && !strings.HasPrefix(kind, "a Java")) {
			return fmt.Sprintf("%s in a %s assignment", kind, languageTitle(lang)), nil
		}
		return "", nil
	}
	if bytes.HasPrefix(head, []byte("PK\x03\x04")) && depth == 0 {
		return classifyArchive(ctx, name, r, size, lang)
	}
	if depth == 0 {
		if method := compression(head); method != "" {
			if found, ok := classifyCompressed(ctx, method, io.NewSectionReader(r, 0, size), size, lang); ok {
				return found, nil
			}
		}
		if isTar(head) {
			return classifyTar(ctx, io.NewSectionReader(r, 0, size), lang), nil
		}
	}
	base := path.Base(name)
	switch {
	case base == "go.mod" && goModIsKpuzzle(r, size):
		return FindKpuzzleSource, nil
	case strings.HasSuffix(base, ".go") || base == "go.mod" || base == "go.sum":
		found, err := contains(ctx, r, size, []byte(`"`+Module+`/`), []byte(Module+" "))
		if err != nil || !found {
			return "", err
		}
		if strings.HasSuffix(base, ".go") && packageOfKpuzzle(head) {
			return FindKpuzzleSource, nil
		}
		return FindKpuzzleImports, nil
	}
	if trimmed := bytes.TrimLeft(head, " \t\r\n\ufeff"); bytes.HasPrefix(trimmed, []byte("{")) && size <= maxKeyBytes && bytes.Contains(head, []byte(`"puzzles"`)) {
		data := make([]byte, size)
		if _, err := r.ReadAt(data, 0); err != nil && !errors.Is(err, io.EOF) {
			return "", err
		}
		if isAnswerKey(data) {
			return FindAnswerKey, nil
		}
	}
	return "", nil
}

func languageTitle(l Language) string {
	switch l {
	case Python:
		return "Python"
	case Java:
		return "Java"
	}
	return string(l)
}

// executableKind names a native executable, shared object, Java class or
// Java archive by its header; "" for anything else.
func executableKind(head []byte, r io.ReaderAt, size int64) string {
	switch {
	case len(head) >= 18 && bytes.HasPrefix(head, []byte("\x7fELF")):
		var typ uint16
		if head[5] == 2 {
			typ = binary.BigEndian.Uint16(head[16:])
		} else {
			typ = binary.LittleEndian.Uint16(head[16:])
		}
		if typ == 3 {
			return "a shared object or executable (ELF)"
		}
		return "an executable (ELF)"
	case len(head) >= 4 && (bytes.HasPrefix(head, []byte{0xfe, 0xed, 0xfa, 0xce}) || bytes.HasPrefix(head, []byte{0xfe, 0xed, 0xfa, 0xcf}) ||
		bytes.HasPrefix(head, []byte{0xce, 0xfa, 0xed, 0xfe}) || bytes.HasPrefix(head, []byte{0xcf, 0xfa, 0xed, 0xfe})):
		return "an executable (Mach-O)"
	case len(head) >= 8 && bytes.HasPrefix(head, []byte{0xca, 0xfe, 0xba, 0xbe}):
		// A Java class and a universal Mach-O share the magic: a class
		// has a major version of at least 45 where the Mach-O has its
		// (small) count of architectures.
		if binary.BigEndian.Uint16(head[6:]) >= 45 {
			return "a Java class file"
		}
		return "an executable (Mach-O)"
	case len(head) >= 64 && bytes.HasPrefix(head, []byte("MZ")):
		off := int64(binary.LittleEndian.Uint32(head[0x3c:]))
		var sig [4]byte
		if off > 0 && off+4 <= size {
			if _, err := r.ReadAt(sig[:], off); err == nil && string(sig[:]) == "PE\x00\x00" {
				return "an executable (PE)"
			}
		}
	}
	return ""
}

// isKpuzzleBuild reports whether an executable is a Go program of
// kpuzzle's module: from its build information, which survives stripping
// and renaming, or failing that from the module's package paths in its
// bytes.
func isKpuzzleBuild(ctx context.Context, r io.ReaderAt, size int64) bool {
	if info, err := buildinfo.Read(r); err == nil {
		if info.Path == Module || strings.HasPrefix(info.Path, Module+"/") || info.Main.Path == Module {
			return true
		}
		for _, d := range info.Deps {
			if d.Path == Module {
				return true
			}
		}
	}
	found, _ := contains(ctx, r, size, []byte(Module+"/reference"))
	return found
}

// contains reports whether r holds any of the needles, reading it in
// chunks.
func contains(ctx context.Context, r io.ReaderAt, size int64, needles ...[]byte) (bool, error) {
	longest := 0
	for _, n := range needles {
		longest = max(longest, len(n))
	}
	const chunk = 1 << 20
	buf := make([]byte, chunk+longest)
	for off := int64(0); off < size; off += chunk {
		if ctx.Err() != nil {
			return false, ctx.Err()
		}
		n, err := r.ReadAt(buf[:min(int64(len(buf)), size-off)], off)
		if err != nil && !errors.Is(err, io.EOF) {
			return false, err
		}
		for _, needle := range needles {
			if bytes.Contains(buf[:n], needle) {
				return true, nil
			}
		}
	}
	return false, nil
}

// goModIsKpuzzle reports whether a go.mod declares kpuzzle's module.
func goModIsKpuzzle(r io.ReaderAt, size int64) bool {
	data := make([]byte, min(size, 64<<10))
	if _, err := r.ReadAt(data, 0); err != nil && !errors.Is(err, io.EOF) {
		return false
	}
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) >= 2 && f[0] == "module" && strings.Trim(f[1], `"`) == Module {
			return true
		}
	}
	return false
}

// kpuzzlePackages are the names of kpuzzle's own packages: a Go file of
// one of them that imports kpuzzle's module is a copy of its source.
var kpuzzlePackages = []string{"puzzles", "reference", "grader", "search", "pdb", "exact", "setgen", "bench",
	"heuristics", "sandbox", "audit", "batch", "report", "journal", "notation", "runguard", "berkeley", "split", "dynamic"}

func packageOfKpuzzle(head []byte) bool {
	for _, line := range strings.Split(string(head), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "package" {
			return slices.Contains(kpuzzlePackages, f[1])
		}
	}
	return false
}

// isAnswerKey reports whether data is a puzzle set's manifest that holds
// answers: an optimal length or a solution for at least one puzzle.
func isAnswerKey(data []byte) bool {
	var m struct {
		Puzzles []struct {
			File          *string         `json:"file"`
			OptimalLength json.RawMessage `json:"optimal_length"`
			Solution      []string        `json:"solution"`
		} `json:"puzzles"`
	}
	if json.Unmarshal(data, &m) != nil {
		return false
	}
	for _, p := range m.Puzzles {
		if p.File == nil {
			continue
		}
		if len(p.Solution) > 0 || (len(p.OptimalLength) > 0 && string(p.OptimalLength) != "null") {
			return true
		}
	}
	return false
}

// maxArchiveEntries caps the entries of an archive that are inspected.
const maxArchiveEntries = 2000

// classifyArchive inspects a zip (or jar) one level down: a jar where it
// does not belong, or the first finding among its entries.
func classifyArchive(ctx context.Context, name string, r io.ReaderAt, size int64, lang Language) (string, error) {
	z, err := zip.NewReader(r, size)
	if err != nil {
		return "", nil // not a valid archive: nothing to look into
	}
	jar := false
	for i, f := range z.File {
		if i >= maxArchiveEntries || ctx.Err() != nil {
			break
		}
		if f.Name == "META-INF/MANIFEST.MF" || strings.HasSuffix(f.Name, ".class") {
			jar = true
		}
		if f.FileInfo().IsDir() || f.UncompressedSize64 > maxEntryBytes {
			continue
		}
		rc, err := f.Open()
		if err != nil {
			continue
		}
		data, err := io.ReadAll(io.LimitReader(rc, maxEntryBytes))
		rc.Close()
		if err != nil {
			continue
		}
		inner := lang
		if lang == Python {
			// The archive itself is reported below; inside it, only
			// what is kpuzzle's.
			inner = Unknown
		}
		found, err := classify(ctx, f.Name, bytes.NewReader(data), int64(len(data)), inner, 1)
		if err == nil && found != "" {
			return found + " (" + f.Name + " in the archive)", nil
		}
	}
	if jar && lang == Python {
		return "a Java archive in a Python assignment", nil
	}
	return "", nil
}

// classifyCompressed decompresses a gzip, bzip2 or zlib stream of size
// bytes (as much of it as decompress reads) and classifies what it holds,
// or a tar archive in it; ok is false when r is no such stream or holds
// nothing to report.
func classifyCompressed(ctx context.Context, method string, r io.Reader, size int64, lang Language) (found string, ok bool) {
	data, _, err := decompress(method, r, size)
	if err != nil || len(data) == 0 {
		return "", false
	}
	if isTar(data) {
		found = classifyTar(ctx, bytes.NewReader(data), lang)
	} else {
		// One file, compressed: judged as the file itself.
		found, _ = classify(ctx, "", bytes.NewReader(data), int64(len(data)), lang, 1)
	}
	if found == "" {
		return "", false
	}
	return found + " (compressed with " + method + ")", true
}

// maxRatio bounds what a compressed stream may open to, as a multiple of
// its size (and a MiB more): far above what programs, text or tables
// compress by, far below what a decompression bomb opens to.
const maxRatio = 64

// decompress reads a compressed stream of size bytes: at most
// maxEntryBytes, and at most maxRatio times size and a MiB. whole says
// the stream ended within that. An error means r is no such stream, or a
// broken one (data then holds what was read).
func decompress(method string, r io.Reader, size int64) (data []byte, whole bool, err error) {
	var zr io.Reader
	switch method {
	case "gzip":
		zr, err = gzip.NewReader(r)
	case "bzip2":
		zr = bzip2.NewReader(r)
	case "zlib":
		zr, err = zlib.NewReader(r)
	default:
		err = fmt.Errorf("unknown compression %s", method)
	}
	if err != nil {
		return nil, false, err
	}
	limit := min(maxEntryBytes, maxRatio*size+1<<20)
	data, err = io.ReadAll(io.LimitReader(zr, limit+1))
	if int64(len(data)) > limit {
		return data[:limit], false, err
	}
	return data, err == nil, err
}

// classifyTar classifies a tar archive's entries, as classifyArchive a
// zip's: the first finding, named with its entry.
func classifyTar(ctx context.Context, r io.Reader, lang Language) string {
	tr := tar.NewReader(r)
	for i := 0; i < maxArchiveEntries && ctx.Err() == nil; i++ {
		h, err := tr.Next()
		if err != nil {
			return ""
		}
		if h.Typeflag != tar.TypeReg || h.Size > maxEntryBytes {
			continue
		}
		data, err := io.ReadAll(io.LimitReader(tr, maxEntryBytes))
		if err != nil {
			return ""
		}
		if found, err := classify(ctx, h.Name, bytes.NewReader(data), int64(len(data)), innerLanguage(lang), 1); err == nil && found != "" {
			return found + " (" + h.Name + " in the archive)"
		}
	}
	return ""
}

// innerLanguage is the language an archive's entries are judged in: in a
// Python assignment an executable inside an archive is named by the
// archive's own finding, or not at all; inside it only what is kpuzzle's
// is named.
func innerLanguage(lang Language) Language {
	if lang == Python {
		return Unknown
	}
	return lang
}
