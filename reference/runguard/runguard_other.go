//go:build !linux

package runguard

// read finds no marks: the sandbox runs programs on Linux only.
func read() Marks { return Marks{UID: -1} }

func report(Marks, string) {}
