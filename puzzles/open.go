package puzzles

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// ErrNotRegular reports an input path that is not a regular file: a
// named pipe, a device, a socket or a folder. Reading one could block
// forever or never end.
var ErrNotRegular = errors.New("not a regular file")

// OpenFile opens an input file for reading, refusing anything but a
// regular file without blocking on it (a named pipe with no writer would
// block a plain open forever). Errors name the path; a path that is not a
// regular file gives a *fs.PathError wrapping ErrNotRegular that says
// what it is.
func OpenFile(path string) (*os.File, error) {
	f, err := os.OpenFile(path, openFlags, 0)
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if !st.Mode().IsRegular() {
		f.Close()
		return nil, &fs.PathError{Op: "open", Path: path, Err: fmt.Errorf("%w (%s); expected a file", ErrNotRegular, kindOf(st.Mode()))}
	}
	// Regular files never block; reads go back to the usual mode.
	if err := setBlocking(f); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// kindOf names a file mode's type.
func kindOf(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a folder"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "a special file"
}

// ReadFile reads a whole input file through OpenFile.
func ReadFile(path string) ([]byte, error) {
	f, err := OpenFile(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(f)
}
