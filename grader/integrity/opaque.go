package integrity

import (
	"archive/tar"
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"path"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/kpuzzle/kpuzzle/grader"
)

// Thresholds are the sizes from which the inspection names what it
// cannot see into: the assignment's integrity.opaque_above and
// integrity.large_above.
type Thresholds struct {
	// Opaque: a file of data of no known kind (compressed, encrypted or
	// packed, or encoded as text) of at least this many bytes is named;
	// so are a submission's smaller ones when together they reach it.
	Opaque int64
	// Large: a submission whose files (git's own aside) hold more than
	// this, and more than SourceRatio times its source code, is named.
	Large int64
}

// DefaultThresholds are the thresholds of an assignment that sets none:
// 1 MiB of opaque data (a kpuzzle build is about 30 MB, 8 MB packed with
// xz; the starters and the demonstration submissions hold none), and
// submissions of more than 64 MiB.
var DefaultThresholds = Thresholds{Opaque: 1 << 20, Large: 64 << 20}

// SourceRatio: a submission larger than Thresholds.Large is named only
// when it is also this many times larger than its source code.
const SourceRatio = 64

// Findings of what the inspection cannot see into.
const (
	// FindOpaque opens the finding of a file of opaque data.
	FindOpaque = "data the grader cannot look into"
	// FindLarge opens the finding of a submission far larger than its
	// source code needs.
	FindLarge = "a submission far larger than its source code needs"
)

// opaqueFile is a file (or an archive's entry) of opaque data.
type opaqueFile struct {
	name  string
	kind  string // what it is: "binary data of no known kind", "compressed data (xz)" ...
	bytes int64  // its opaque bytes
}

// minOpaque is the smallest file looked at for opaque data: below it the
// look costs more than the little it could hide.
const minOpaque = 4 << 10

// opacity says what of one file the inspection cannot see into: nil when
// it can see everything (text, a format it knows, an archive whose
// entries it looked into). It reads at most the first maxEntryBytes of a
// compressed stream.
func opacity(ctx context.Context, name string, r io.ReaderAt, size int64, lang Language, depth int) (*opaqueFile, error) {
	if size < minOpaque {
		return nil, nil
	}
	head := make([]byte, min(size, 4096))
	if _, err := r.ReadAt(head, 0); err != nil && !errors.Is(err, io.EOF) {
		return nil, err
	}
	if executableKind(head, r, size) != "" || knownFormat(name, head) != "" {
		return nil, nil
	}
	if depth < 2 {
		if c := compression(head); c != "" {
			if in, opened, err := opacityCompressed(ctx, name, c, io.NewSectionReader(r, 0, size), size, lang, depth); opened || err != nil {
				return in, err
			}
			// Not a stream after all (a text may start like zlib's header).
		}
		if isTar(head) {
			return opacityTar(ctx, name, io.NewSectionReader(r, 0, size), lang, depth)
		}
	}
	if c := unopenedCompression(head); c != "" {
		return &opaqueFile{name: name, kind: "compressed data (" + c + ") the grader cannot open", bytes: size}, nil
	}
	if bytes.HasPrefix(head, []byte("PK\x03\x04")) {
		// A zip whose entries Classify looked into.
		return nil, nil
	}
	if looksText(head) {
		n, err := encodedBytes(ctx, io.NewSectionReader(r, 0, size))
		if err != nil || n < minOpaque {
			return nil, err
		}
		return &opaqueFile{name: name, kind: "encoded data (long runs of base64, hex or escaped bytes, or binary written as text) in a text file", bytes: n}, nil
	}
	return &opaqueFile{name: name, kind: binaryKind(r, size), bytes: size}, nil
}

// binaryKind describes binary data of no known kind by its entropy (of
// its first MiB): near 8 bits a byte it is compressed or encrypted.
func binaryKind(r io.ReaderAt, size int64) string {
	sample := make([]byte, min(size, 1<<20))
	n, _ := r.ReadAt(sample, 0)
	if e := entropy(sample[:n]); e >= 7.5 {
		return fmt.Sprintf("binary data of no known kind, %.1f bits of entropy a byte (compressed or encrypted)", e)
	}
	return "binary data of no known kind (packed or encoded)"
}

// entropy is the Shannon entropy of b's bytes, in bits a byte.
func entropy(b []byte) float64 {
	if len(b) == 0 {
		return 0
	}
	var count [256]int
	for _, c := range b {
		count[c]++
	}
	e := 0.0
	for _, c := range count {
		if c > 0 {
			p := float64(c) / float64(len(b))
			e -= p * math.Log2(p)
		}
	}
	return e
}

// knownFormat names the formats a submission commonly holds whose bytes
// need no look (images, documents, fonts, media, compiled Python, git's
// own files): "" for anything else. A payload can hide in them too; it is
// named when it runs (docs/security.md).
func knownFormat(name string, head []byte) string {
	has := func(prefix string) bool { return bytes.HasPrefix(head, []byte(prefix)) }
	switch {
	case has("\x89PNG\r\n\x1a\n"), has("\xff\xd8\xff"), has("GIF87a"), has("GIF89a"), has("BM") && path.Ext(name) == ".bmp",
		has("II*\x00"), has("MM\x00*"), has("\x00\x00\x01\x00") && path.Ext(name) == ".ico",
		len(head) >= 12 && has("RIFF") && (string(head[8:12]) == "WEBP" || string(head[8:12]) == "WAVE" || string(head[8:12]) == "AVI "):
		return "image or media"
	case has("%PDF-"), has("\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"), has("{\\rtf"):
		return "document"
	case (has("\x00\x01\x00\x00") || has("OTTO") || has("wOFF") || has("wOF2")) && fontExtensions[strings.ToLower(path.Ext(name))]:
		return "font"
	case len(head) >= 12 && string(head[4:8]) == "ftyp", has("ID3"), has("OggS"), has("fLaC"):
		return "media"
	case strings.HasSuffix(name, ".pyc") && len(head) >= 4 && head[2] == '\r' && head[3] == '\n':
		return "compiled Python"
	case has("PACK\x00\x00\x00"), has("DIRC"), gitObject.Match(head):
		return "git's own file"
	}
	return ""
}

// gitObject is the header of a git object, as a loose object holds it
// once opened.
var gitObject = regexp.MustCompile(`^(blob|tree|commit|tag) [0-9]+\x00`)

var fontExtensions = map[string]bool{".ttf": true, ".otf": true, ".woff": true, ".woff2": true}

// compression names a single-stream compression the inspection opens.
func compression(head []byte) string {
	switch {
	case bytes.HasPrefix(head, []byte{0x1f, 0x8b}):
		return "gzip"
	case bytes.HasPrefix(head, []byte("BZh")) && len(head) >= 4 && head[3] >= '1' && head[3] <= '9':
		return "bzip2"
	case len(head) >= 2 && head[0]&0x0f == 8 && head[0]>>4 <= 7 && (uint16(head[0])<<8|uint16(head[1]))%31 == 0:
		// A zlib stream (git's loose objects are): deflate, a window of
		// at most 32 KiB, and a header checksum.
		return "zlib"
	}
	return ""
}

// unopenedCompression names the compressed and archive formats the
// inspection recognises but does not open.
func unopenedCompression(head []byte) string {
	for _, f := range []struct{ magic, name string }{
		{"\xfd7zXZ\x00", "xz"}, {"\x28\xb5\x2f\xfd", "zstd"}, {"7z\xbc\xaf\x27\x1c", "7-Zip"},
		{"Rar!\x1a\x07", "RAR"}, {"\x04\x22\x4d\x18", "LZ4"}, {"\x5d\x00\x00", "LZMA"}, {"\x89LZO", "LZO"},
	} {
		if bytes.HasPrefix(head, []byte(f.magic)) {
			return f.name
		}
	}
	return ""
}

func isTar(head []byte) bool {
	return len(head) >= 262 && bytes.HasPrefix(head[257:], []byte("ustar"))
}

// opacityCompressed decompresses a stream of size bytes (see decompress)
// and says what of its contents is opaque; opened is false when r is not
// such a stream at all.
func opacityCompressed(ctx context.Context, name, method string, r io.Reader, size int64, lang Language, depth int) (in *opaqueFile, opened bool, err error) {
	data, whole, err := decompress(method, r, size)
	if ctx.Err() != nil {
		return nil, true, ctx.Err()
	}
	switch {
	case err != nil && len(data) < minOpaque:
		return nil, false, nil
	case err != nil:
		return &opaqueFile{name: name, kind: "compressed data (" + method + ", a broken stream)", bytes: int64(len(data))}, true, nil
	case !whole:
		return &opaqueFile{name: name, kind: fmt.Sprintf("compressed data (%s) that opens to more than %s", method, sizeText(int64(len(data)))), bytes: int64(len(data))}, true, nil
	}
	in, err = opacity(ctx, name, bytes.NewReader(data), int64(len(data)), lang, depth+1)
	if in != nil {
		in.kind += " (compressed with " + method + ")"
	}
	return in, true, err
}

// opacityTar looks into a tar archive's entries, as Classify looks into
// a zip's.
func opacityTar(ctx context.Context, name string, r io.Reader, lang Language, depth int) (*opaqueFile, error) {
	tr := tar.NewReader(r)
	var total int64
	var kinds []string
	for i := 0; i < maxArchiveEntries; i++ {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return &opaqueFile{name: name, kind: "a broken tar archive", bytes: max(total, minOpaque)}, nil
		}
		if h.Typeflag != tar.TypeReg || h.Size > maxEntryBytes {
			continue
		}
		data, err := io.ReadAll(io.LimitReader(tr, maxEntryBytes))
		if err != nil {
			continue
		}
		in, err := opacity(ctx, h.Name, bytes.NewReader(data), int64(len(data)), lang, depth+1)
		if err != nil {
			return nil, err
		}
		if in != nil {
			total += in.bytes
			kinds = append(kinds, in.name+": "+in.kind)
		}
	}
	if total == 0 {
		return nil, nil
	}
	return &opaqueFile{name: name, kind: "a tar archive holding " + strings.Join(kinds, "; "), bytes: total}, nil
}

// looksText reports whether head reads as text: no NUL, few control
// characters, and valid UTF-8 or mostly ASCII.
func looksText(head []byte) bool {
	if bytes.IndexByte(head, 0) >= 0 {
		return false
	}
	control, high := 0, 0
	for _, c := range head {
		switch {
		case c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f' && c != 0x1b:
			control++
		case c >= 0x80:
			high++
		}
	}
	if control*100 > len(head) {
		return false
	}
	// A rune cut at the end of head is still valid text.
	valid := utf8.Valid(head)
	for cut := 1; !valid && cut < utf8.UTFMax && cut < len(head); cut++ {
		valid = utf8.Valid(head[:len(head)-cut])
	}
	return valid || high*10 < len(head)*3
}

// minEncodedRun is the shortest token counted as encoded data: longer
// than any identifier, word or number a program or its notes hold, and
// shorter than a line of MIME base64 (76).
const minEncodedRun = 60

// EncodedBytes counts the bytes of text r holds in long runs of
// base64, hex, escaped bytes or lists of numbers, or in stretches dense
// with control characters, as the inspection does before it names a text
// file's encoded data (FindOpaque).
func EncodedBytes(ctx context.Context, r io.Reader) (int64, error) { return encodedBytes(ctx, r) }

// controlWindow and controlDense: a stretch of controlWindow bytes of
// which at least one in controlDense is a control character (but tab,
// line feed, carriage return, form feed and escape) is binary data
// written as text, seven or so bits a character (as the browser checker
// page holds its module): no text a person writes holds them.
const (
	controlWindow = 4 << 10
	controlDense  = 32
)

// encodedBytes counts the bytes of a text in long tokens (runs without
// white space) made almost only of the characters of base64, hex, escaped
// bytes and lists of numbers: how a payload is carried in a source file;
// and the bytes of its stretches dense with control characters.
func encodedBytes(ctx context.Context, r io.Reader) (int64, error) {
	var total int64
	run, odd := 0, 0
	end := func() {
		if run >= minEncodedRun && odd*20 <= run {
			total += int64(run)
		}
		run, odd = 0, 0
	}
	window, controls := 0, 0
	endWindow := func() {
		if window > 0 && controls*controlDense >= window {
			total += int64(window)
		}
		window, controls = 0, 0
	}
	buf := make([]byte, 64<<10)
	for {
		if ctx.Err() != nil {
			return 0, ctx.Err()
		}
		n, err := r.Read(buf)
		for _, c := range buf[:n] {
			if c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f' && c != 0x1b {
				controls++
			}
			if window++; window == controlWindow {
				endWindow()
			}
			switch {
			case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f':
				end()
			case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9',
				c == '+', c == '/', c == '=', c == '-', c == '_', c == '\\', c == '"', c == '\'', c == ',', c == '%':
				run++
			default:
				run++
				odd++
			}
		}
		if errors.Is(err, io.EOF) {
			end()
			endWindow()
			return total, nil
		}
		if err != nil {
			return 0, err
		}
	}
}

// sourceExtensions are the files that count as a submission's source code
// when its size is judged: programs and their build files; not text or
// data (a table of answers is text).
var sourceExtensions = map[string]bool{
	".py": true, ".java": true, ".c": true, ".h": true, ".cc": true, ".cpp": true, ".cxx": true, ".hpp": true, ".hh": true,
	".go": true, ".rs": true, ".js": true, ".ts": true, ".mjs": true, ".rb": true, ".pl": true, ".php": true, ".hs": true,
	".ml": true, ".scala": true, ".kt": true, ".cs": true, ".m": true, ".swift": true, ".jl": true, ".r": true, ".lua": true,
	".sh": true, ".clj": true, ".ex": true, ".erl": true, ".dart": true, ".f90": true, ".pas": true, ".lisp": true, ".scm": true,
	".mk": true, ".cmake": true, ".gradle": true,
}

// isSource reports whether a file of the submission counts as source code.
func isSource(name string) bool {
	base := path.Base(name)
	return sourceExtensions[strings.ToLower(path.Ext(base))] || base == "Makefile" || base == "go.mod" || base == "go.sum"
}

// smallOpaque is the finding of a submission whose files of opaque data,
// each below the threshold, add up to it: a payload cut into pieces.
func smallOpaque(small []opaqueFile, threshold int64) (grader.IntegrityFinding, bool) {
	var total int64
	for _, o := range small {
		total += o.bytes
	}
	if total < threshold {
		return grader.IntegrityFinding{}, false
	}
	slices.SortStableFunc(small, func(a, b opaqueFile) int { return cmp.Compare(b.bytes, a.bytes) })
	var names []string
	for i, o := range small {
		if i == 5 {
			names = append(names, fmt.Sprintf("and %d more", len(small)-i))
			break
		}
		names = append(names, fmt.Sprintf("%s (%s)", o.name, sizeText(o.bytes)))
	}
	return grader.IntegrityFinding{File: ".", Finding: fmt.Sprintf("%s: %d files of data of no known kind, %s in all: %s",
		FindOpaque, len(small), sizeText(total), strings.Join(names, ", "))}, true
}

// sizeTally adds up a submission's files for its size finding.
type sizeTally struct {
	total, source int64
	largest       []sizedFile
}

type sizedFile struct {
	name string
	size int64
}

func (s *sizeTally) add(rel string, size int64) {
	if rel == ".git" || strings.HasPrefix(rel, ".git/") {
		return
	}
	s.total += size
	if isSource(rel) {
		s.source += size
	}
	s.largest = append(s.largest, sizedFile{rel, size})
	slices.SortStableFunc(s.largest, func(a, b sizedFile) int { return cmp.Compare(b.size, a.size) })
	if len(s.largest) > 3 {
		s.largest = s.largest[:3]
	}
}

// finding is the submission's size finding, when it holds more than
// large bytes and more than SourceRatio times its source code.
func (s *sizeTally) finding(large int64) (grader.IntegrityFinding, bool) {
	if s.total <= large || s.total <= SourceRatio*s.source {
		return grader.IntegrityFinding{}, false
	}
	var names []string
	for _, f := range s.largest {
		names = append(names, fmt.Sprintf("%s (%s)", f.name, sizeText(f.size)))
	}
	return grader.IntegrityFinding{File: ".", Finding: fmt.Sprintf("%s: %s of files for %s of source code; the largest: %s",
		FindLarge, sizeText(s.total), sizeText(s.source), strings.Join(names, ", "))}, true
}

// sizeText writes a size for people: 3.2 MiB, 160 KiB, 900 bytes.
func sizeText(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GiB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.0f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d bytes", n)
}
