package sandbox

import (
	"io"
	"io/fs"
	"os"
)

// CopyFile copies the regular file src to dst, which must not exist yet,
// with exactly the permission bits mode (whatever the umask): how
// programs and their inputs are put where a sandboxed run reads them.
func CopyFile(src, dst string, mode fs.FileMode) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
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
