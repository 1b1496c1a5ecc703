package main

import (
	"errors"
	"fmt"
	"io/fs"
)

// Exit codes, as the command-line contract fixes them.
const (
	exitOK       = 0 // success, or the answer was accepted
	exitFindings = 1 // the check ran and found a problem
	exitUsage    = 2 // bad invocation or unreadable input
)

// exitError carries an exit code to run; a nil err means the command has
// already reported everything and nothing more is printed.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string {
	if e.err == nil {
		return fmt.Sprintf("exit status %d", e.code)
	}
	return e.err.Error()
}

func (e *exitError) Unwrap() error { return e.err }

// usageErrorf is a bad invocation: exit 2 with the message.
func usageErrorf(format string, args ...any) error {
	return &exitError{code: exitUsage, err: fmt.Errorf(format, args...)}
}

// inputError is unreadable input: exit 2. A missing file gets a message in
// the house form "path: no such file".
func inputError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return &exitError{code: exitUsage, err: fmt.Errorf("%s: %v", pe.Path, pe.Err)}
	}
	return &exitError{code: exitUsage, err: err}
}

// errFindings is returned by a command that printed its findings and must
// exit 1.
var errFindings = &exitError{code: exitFindings}
