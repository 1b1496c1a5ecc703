package batch

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// The grader reads what a test's run left in its working folder after the
// run, with the grader's rights (root's, in a container) and in the
// host's view of the file system. The folder and everything in it were the
// program's: a path in it may hold anything the program put there, and a
// folder on the way to the answer (run.answer: out/answer.txt) may be a
// symbolic link out of the working folder, to a folder of the course's
// that the program itself could not read. Every read below therefore goes
// through an os.Root of the working folder, which refuses any path that
// leaves it, and takes only real folders on the way.

// readAnswer reads the answer file at path, inside the run's working
// folder work, without following a symbolic link and at most limit bytes.
// problem is "missing", "too large", or a description of something that
// is not a regular file reached through real folders; err is for failures
// that are not the program's doing.
//
// Whatever is at the path was put there by the program, which owns the
// folder: a socket (open fails with ENXIO), a FIFO (open would block
// without O_NONBLOCK), a device, a folder, a file it made unreadable, or
// a symbolic link on the way is the program's problem, never the
// grader's. The path is looked at before it is opened, and the opened
// file must be the regular file looked at.
func readAnswer(work, path string, limit int64) (data []byte, problem string, err error) {
	_, data, problem, err = lookAtFile(work, path, limit, true)
	return data, problem, err
}

// regularSize is the size of the regular file at path inside the working
// folder work, reached through real folders; -1 when there is none.
func regularSize(work, path string) int64 {
	size, _, _, _ := lookAtFile(work, path, 0, false)
	return size
}

// lookAtFile is readAnswer (when read is set) and regularSize in one look
// at the path: size is the regular file's size there, -1 when there is
// none.
func lookAtFile(work, path string, limit int64, read bool) (size int64, data []byte, problem string, err error) {
	size = -1
	root, rel, problem, err := openWithin(work, path)
	if problem != "" || err != nil {
		return size, nil, problem, err
	}
	defer root.Close()
	before, err := root.Lstat(rel)
	if err == nil && before.Mode().IsRegular() {
		size = before.Size()
	}
	if !read {
		return size, nil, "", nil
	}
	data, problem, err = readLookedAt(root, rel, before, err, limit)
	return size, data, problem, err
}

// readLookedAt reads rel in root, which Lstat described as before (or
// failed with lerr), as readAnswer says.
func readLookedAt(root *os.Root, rel string, before os.FileInfo, lerr error, limit int64) (data []byte, problem string, err error) {
	switch {
	case errors.Is(lerr, os.ErrNotExist):
		return nil, "missing", nil
	case escapes(lerr):
		// A folder on the way replaced by a link out since the look.
		return nil, "a symbolic link", nil
	case lerr != nil:
		return nil, "", lerr
	}
	if p := notRegular(before.Mode()); p != "" {
		return nil, p, nil
	}
	f, err := root.OpenFile(rel, os.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_NONBLOCK|syscall.O_NOCTTY, 0)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return nil, "missing", nil
	case errors.Is(err, syscall.ELOOP):
		return nil, "a symbolic link", nil
	case errors.Is(err, syscall.ENXIO), errors.Is(err, syscall.ENODEV), errors.Is(err, syscall.EOPNOTSUPP),
		errors.Is(err, syscall.EISDIR), errors.Is(err, syscall.ETXTBSY), errors.Is(err, syscall.EWOULDBLOCK):
		// Replaced by a special file since the look.
		return nil, "a special file", nil
	case errors.Is(err, os.ErrPermission):
		return nil, "a file the grader may not read", nil
	case escapes(err):
		// Replaced by a link out of the folder since the look.
		return nil, "a symbolic link", nil
	case err != nil:
		return nil, "", err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, "", err
	}
	if p := notRegular(st.Mode()); p != "" {
		return nil, p, nil
	}
	if !os.SameFile(before, st) {
		// Replaced (by a link within the folder) since the look.
		return nil, "a symbolic link", nil
	}
	data, err = io.ReadAll(io.LimitReader(f, limit+1))
	switch {
	case errors.Is(err, syscall.EISDIR), errors.Is(err, syscall.EINVAL), errors.Is(err, syscall.EWOULDBLOCK):
		return nil, "a special file", nil
	case err != nil:
		return nil, "", err
	}
	if int64(len(data)) > limit {
		return nil, "too large", nil
	}
	return data, "", nil
}

// openWithin opens the working folder work as an os.Root and gives path
// relative to it, once every folder on the way is a real folder of the
// working folder. problem says what stands in the way instead ("missing"
// when a folder on the way does not exist); err is for failures that are
// not the program's doing, and for a path outside work (a grader bug).
// The caller closes root when problem and err are empty.
func openWithin(work, path string) (root *os.Root, rel, problem string, err error) {
	rel, err = filepath.Rel(work, path)
	if err != nil || !filepath.IsLocal(rel) {
		return nil, "", "", fmt.Errorf("%s is not inside the working folder %s", path, work)
	}
	root, err = os.OpenRoot(work)
	if err != nil {
		return nil, "", "", err
	}
	parts := strings.Split(filepath.ToSlash(rel), "/")
	for i := 1; i < len(parts); i++ {
		folder := strings.Join(parts[:i], "/")
		st, err := root.Lstat(filepath.FromSlash(folder))
		switch {
		case errors.Is(err, os.ErrNotExist):
			root.Close()
			return nil, "", "missing", nil
		case errors.Is(err, os.ErrPermission):
			root.Close()
			return nil, "", fmt.Sprintf("a folder the grader may not open (%s)", folder), nil
		case err != nil:
			root.Close()
			return nil, "", "", err
		case !st.IsDir():
			root.Close()
			what := notRegular(st.Mode())
			if what == "" {
				what = "a file"
			}
			return nil, "", fmt.Sprintf("%s (%s) where a folder was expected", what, folder), nil
		}
	}
	return root, filepath.FromSlash(rel), "", nil
}

// escapes reports an os.Root refusing a path that leaves it.
func escapes(err error) bool {
	return err != nil && strings.Contains(err.Error(), "path escapes from parent")
}

// notRegular describes a file mode that is not a regular file's, or ""
// for a regular file.
func notRegular(m os.FileMode) string {
	switch {
	case m.IsRegular():
		return ""
	case m&os.ModeSymlink != 0:
		return "a symbolic link"
	case m.IsDir():
		return "a folder"
	case m&os.ModeSocket != 0:
		return "a special file (a socket)"
	case m&os.ModeNamedPipe != 0:
		return "a special file (a named pipe)"
	case m&os.ModeDevice != 0:
		return "a special file (a device)"
	}
	return "a special file"
}
