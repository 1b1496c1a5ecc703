package atomicfile

import (
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// Write creates or replaces the file path with what fill writes, with
// the permission bits mode whatever the umask. The folder must exist.
func Write(path string, mode fs.FileMode, fill func(io.Writer) error) (err error) {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			os.Remove(tmp.Name())
		}
	}()
	if err := fill(tmp); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Chmod(mode); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// WriteBytes is Write for content already in memory.
func WriteBytes(path string, mode fs.FileMode, data []byte) error {
	return Write(path, mode, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}
