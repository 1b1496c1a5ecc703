//go:build unix

package puzzles

import (
	"os"
	"syscall"
)

// openFlags open an input file without blocking on a named pipe and
// without making a terminal the controlling one.
const openFlags = os.O_RDONLY | syscall.O_NONBLOCK | syscall.O_NOCTTY

// setBlocking puts a file opened with openFlags back in blocking mode.
func setBlocking(f *os.File) error { return syscall.SetNonblock(int(f.Fd()), false) }
