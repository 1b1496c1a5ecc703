package grader

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"path/filepath"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Printable returns s with every character that could change how text
// around it is shown replaced by a visible escape: control characters
// (<U+001B> for ESC), bidirectional and other formatting characters (a
// right-to-left override would reorder a line of a report:
// <U+202E>), and invalid UTF-8 (?). Tabs become four spaces. Text from
// students (their programs' output, their folder names) goes through it
// before it reaches a terminal, feedback, results.json, JUnit or a page.
func Printable(s string) string {
	if isPlain(s) {
		return s
	}
	var sb strings.Builder
	for i, w := 0, 0; i < len(s); i += w {
		r, n := utf8.DecodeRuneInString(s[i:])
		w = n
		switch {
		case r == utf8.RuneError && n <= 1:
			sb.WriteByte('?')
		case r == '\t':
			sb.WriteString("    ")
		case !shown(r):
			fmt.Fprintf(&sb, "<U+%04X>", r)
		default:
			sb.WriteRune(r)
		}
	}
	return sb.String()
}

// shown reports whether r may be written as it is.
func shown(r rune) bool {
	return r != utf8.RuneError && unicode.IsPrint(r) && !unicode.Is(unicode.Bidi_Control, r) && !unicode.In(r, unicode.Cf)
}

// isPlain reports whether s is printable ASCII, the common case.
func isPlain(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] >= 0x7f {
			return false
		}
	}
	return true
}

// maxNameBytes bounds a file name made by FileName, leaving room for a
// suffix such as ".md" or ".json" under the usual limit of 255 bytes.
const maxNameBytes = 200

// FileName turns a name (a submission's folder name, say) into one path
// element that every file system takes: the name itself when it is short,
// printable and holds no separator; otherwise its safe characters, cut to
// fit, and a digest of the whole name, so that two different names never
// share a file.
func FileName(name string) string {
	if name != "" && name != "." && name != ".." && len(name) <= maxNameBytes && Printable(name) == name &&
		!strings.ContainsAny(name, `/\`) {
		return name
	}
	var sb strings.Builder
	for _, r := range name {
		if sb.Len() >= maxNameBytes-20 {
			break
		}
		if r == '/' || r == '\\' || !shown(r) || r == utf8.RuneError {
			r = '_'
		}
		sb.WriteRune(r)
	}
	sum := sha256.Sum256([]byte(name))
	return strings.TrimLeft(sb.String(), ".") + "-" + hex.EncodeToString(sum[:4])
}

// AnswerPath is where a grader keeps the answer of a submission's test
// in the folder dir (batch.Options.AnswerDir): dir/SUBMISSION/TEST, the
// submission's name made a safe file name (FileName) and the test name's
// slashes making folders. It reports false for a test name that would
// leave the folder.
func AnswerPath(dir, submission, test string) (string, bool) {
	submission = FileName(submission)
	rel := filepath.Join(submission, filepath.FromSlash(test))
	if dir == "" || !filepath.IsLocal(submission) || !filepath.IsLocal(rel) {
		return "", false
	}
	return filepath.Join(dir, rel), true
}
