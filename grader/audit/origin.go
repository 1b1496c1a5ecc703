package audit

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Kinds of Origin.
const (
	OriginKindHeuristic = "heuristic"
	OriginKindValues    = "values"
	OriginKindCommand   = "command"
	OriginKindFunction  = "function"
)

// Origin says what an audit audited, so that two reports cannot be
// mistaken for each other: two students' programs run by the same command
// line differ in their folder and its digest, and a course names the
// submission too.
type Origin struct {
	// Kind is OriginKindHeuristic, OriginKindValues, OriginKindCommand or
	// OriginKindFunction.
	Kind string `json:"kind"`
	// Command is a program's command line; Function the function or
	// method called (MODULE:FUNCTION, Class.method) and Call how it is
	// called and the board handed to it.
	Command  string `json:"command,omitempty"`
	Function string `json:"function,omitempty"`
	Call     string `json:"call,omitempty"`
	// Dir is the program's folder (--cmd-dir), absolute, and Files the
	// number of files copied from it.
	Dir   string `json:"dir,omitempty"`
	Files int    `json:"files,omitempty"`
	// File is a values file, absolute.
	File string `json:"file,omitempty"`
	// Digest is the SHA-256 of the values file, or of the program's
	// folder: every file's path, size and contents in path order.
	Digest string `json:"sha256,omitempty"`
	// Submission names the submission audited, as the caller gave it
	// (Options.Submission).
	Submission string `json:"submission,omitempty"`
}

// Originator is implemented by a Source that can say where its values
// come from; Run copies its Origin into the report.
type Originator interface {
	Origin() Origin
}

// Summary is the origin in one line, for the text report: the folder or
// file with its digest, and the submission.
func (o Origin) Summary() string {
	var parts []string
	if o.Submission != "" {
		parts = append(parts, "submission "+o.Submission)
	}
	short := o.Digest
	if len(short) > 16 {
		short = short[:16]
	}
	switch {
	case o.Dir != "":
		parts = append(parts, fmt.Sprintf("folder %s (%s, sha256 %s)", o.Dir, plural(o.Files, "file"), short))
	case o.File != "":
		parts = append(parts, fmt.Sprintf("file %s (sha256 %s)", o.File, short))
	}
	if o.Call != "" {
		parts = append(parts, "called as "+o.Call)
	}
	return strings.Join(parts, "; ")
}

// digestTree hashes the regular files and symbolic links under dir in
// lexical path order (each one's path, size and contents, or link
// target), and counts them.
func digestTree(dir string) (files int, digest string, err error) {
	h := sha256.New()
	err = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil || rel == "." || d.IsDir() {
			return err
		}
		switch {
		case d.Type()&fs.ModeSymlink != 0:
			link, err := os.Readlink(p)
			if err != nil {
				return err
			}
			fmt.Fprintf(h, "%s\x00link\x00%s\x00", filepath.ToSlash(rel), link)
		case d.Type().IsRegular():
			f, err := os.Open(p)
			if err != nil {
				return err
			}
			defer f.Close()
			info, err := f.Stat()
			if err != nil {
				return err
			}
			fmt.Fprintf(h, "%s\x00%d\x00", filepath.ToSlash(rel), info.Size())
			if _, err := io.Copy(h, f); err != nil {
				return err
			}
		default:
			return nil
		}
		files++
		return nil
	})
	if err != nil {
		return 0, "", fmt.Errorf("heuristic command folder: %w", err)
	}
	return files, hex.EncodeToString(h.Sum(nil)), nil
}
