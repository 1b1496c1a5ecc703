package sandbox

import "fmt"

// Origin says where a program a run executed came from.
type Origin string

// Origins of an Execution.
const (
	// OriginFile: a file that was there before the run started and that
	// the run did not write: the course's interpreters, the host's tools,
	// the submission and what its build made.
	OriginFile Origin = "file"
	// OriginWritten: a file the run wrote itself (it belongs to the run's
	// uid, or changed after the run started).
	OriginWritten Origin = "written"
	// OriginMemory: a memory file (memfd_create) or another file with no
	// name in any folder (deleted, or made with O_TMPFILE).
	OriginMemory Origin = "memory"
	// OriginUnexamined: the supervisor could not tell what was executed
	// (the program's memory could not be read, the path did not resolve);
	// Execution.Detail says why.
	OriginUnexamined Origin = "unexamined"
)

// Execution is one program a run executed (execve or execveat), as the
// sandbox's supervisor saw it just before the kernel executed it: a call
// that then failed (a file that is no program, say) is listed too.
type Execution struct {
	// Path is the program as the run named it (execve's path; "fd N"
	// for execveat of a descriptor).
	Path string `json:"path"`
	// File is the file as the kernel names it (/usr/bin/python3, or
	// "/memfd:NAME (deleted)" for a memory file); empty when unexamined.
	File string `json:"file,omitempty"`
	// Origin is where it came from.
	Origin Origin `json:"origin"`
	// GoModule is the main module of a Go program, from its build
	// information (which survives stripping and renaming).
	GoModule string `json:"go_module,omitempty"`
	// Detail says why an execution could not be examined.
	Detail string `json:"detail,omitempty"`
	// Count is how many times it was executed.
	Count int `json:"count"`
}

// Unusual reports whether the execution is of a program that is neither
// the course's nor the submission's as built: one the run wrote, a
// memory file, or one the supervisor could not examine.
func (e Execution) Unusual() bool { return e.Origin != OriginFile }

// String is "PATH (FILE): ORIGIN".
func (e Execution) String() string {
	s := e.Path
	if e.File != "" && e.File != e.Path {
		s += " (" + e.File + ")"
	}
	return fmt.Sprintf("%s: %s", s, e.Origin)
}
