//go:build !linux

package sandboxtest

import "os/exec"

// Container returns a command that fails: containers are simulated on
// Linux only.
func Container(argv ...string) *exec.Cmd { return exec.Command("false") }

func enterContainer() {}
