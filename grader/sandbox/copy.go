package sandbox

import (
	"io"
	"io/fs"
	"os"
	"syscall"
)

// CopyFile copies the regular file src to dst, which must not exist yet,
// with exactly the permission bits mode (whatever the umask): how
// programs and their inputs are put where a sandboxed run reads them.
//
// While dst is open for writing no process is forked (the copy holds
// syscall.ForkLock): a child forked meanwhile would inherit the writable
// descriptor until its own exec, and a program executed from dst in that
// window would fail with "text file busy" (ETXTBSY). With tests of
// compiled submissions running in parallel, that made a run fail now and
// then on a busy machine (golang.org/issue/22315).
func CopyFile(src, dst string, mode fs.FileMode) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	syscall.ForkLock.RLock()
	defer syscall.ForkLock.RUnlock()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, mode)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	if err := out.Close(); err != nil {
		return err
	}
	// The umask may have narrowed the mode.
	return os.Chmod(dst, mode)
}
