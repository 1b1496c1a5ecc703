package sandbox

import (
	"encoding/binary"
	"fmt"
	"runtime"
	"testing"

	"github.com/elastic/go-seccomp-bpf/arch"
	"github.com/google/go-cmp/cmp"
	"golang.org/x/net/bpf"
	"golang.org/x/sys/unix"
)

// decide runs the filter of a run, as assembled, on one system call and
// its first argument, in golang.org/x/net/bpf's interpreter. Its loads
// are big-endian, so each 32-bit word of seccomp_data is written
// big-endian at its offset: the words the kernel's loads read natively.
func decide(t *testing.T, prog []bpf.Instruction, nr string, arg0 uint64, archID uint32) string {
	t.Helper()
	vm, err := bpf.NewVM(prog)
	if err != nil {
		t.Fatal(err)
	}
	info, err := arch.GetInfo("")
	if err != nil {
		t.Fatal(err)
	}
	num, ok := info.SyscallNames[nr]
	if !ok {
		if _, err := fmt.Sscan(nr, &num); err != nil {
			t.Fatalf("no system call %s", nr)
		}
	}
	data := make([]byte, 64)
	binary.BigEndian.PutUint32(data[offNr:], uint32(num))
	binary.BigEndian.PutUint32(data[offArch:], archID)
	binary.BigEndian.PutUint32(data[offArgLo:], uint32(arg0))
	binary.BigEndian.PutUint32(data[offArgHi:], uint32(arg0>>32))
	got, err := vm.Run(data)
	if err != nil {
		t.Fatal(err)
	}
	switch uint32(got) {
	case actionAllow:
		return "allow"
	case actionEPERM:
		return "EPERM"
	case actionENOSYS:
		return "ENOSYS"
	case actionNotify:
		return "notify"
	case actionKill:
		return "kill"
	}
	return fmt.Sprintf("%#x", got)
}

// TestFilterRules checks the decisions of the run's filter, watched and
// without namespaces (where it refuses most), on the calls that matter:
// every rule that tests an argument is followed by rules that must still
// see the system call number (go-seccomp-bpf v1.6.0's assembler let
// ptrace(PTRACE_TRACEME) compare its argument with later numbers and
// skip the supervisor), and int arguments are judged by their low 32
// bits, which are all the kernel reads.
func TestFilterRules(t *testing.T) {
	info, err := arch.GetInfo("")
	if err != nil {
		t.Fatal(err)
	}
	prog, err := assemble(filterRules(false, true, true))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := bpf.Assemble(prog); err != nil {
		t.Fatal(err)
	}
	execve := uint64(info.SyscallNames["execve"])
	cases := []struct {
		nr   string
		arg0 uint64
		want string
	}{
		{"read", 0, "allow"},
		{"execve", 0, "notify"},
		{"execveat", 3, "notify"},
		{"ptrace", unix.PTRACE_TRACEME, "notify"},
		{"ptrace", unix.PTRACE_DETACH, "allow"},
		{"ptrace", unix.PTRACE_ATTACH, "EPERM"},
		{"ptrace", 1<<32 | unix.PTRACE_TRACEME, "EPERM"},
		{"seccomp", unix.SECCOMP_SET_MODE_FILTER, "EPERM"},
		{"seccomp", unix.SECCOMP_GET_ACTION_AVAIL, "EPERM"},
		{"prctl", unix.PR_SET_SECCOMP, "EPERM"},
		{"prctl", 1<<32 | unix.PR_SET_SECCOMP, "EPERM"},
		{"prctl", unix.PR_SET_NO_NEW_PRIVS, "allow"},
		{"prctl", execve, "allow"},
		{"clone", unix.CLONE_NEWUSER, "EPERM"},
		{"clone", unix.CLONE_VM | unix.CLONE_VFORK | uint64(unix.SIGCHLD), "allow"},
		// A clone whose flags equal execve's number is not an execve.
		{"clone", execve, "allow"},
		{"clone3", 0, "ENOSYS"},
		{"socket", unix.AF_UNIX, "allow"},
		{"socket", unix.AF_INET, "EPERM"},
		{"socket", 1<<32 | unix.AF_UNIX, "allow"},
		{"socket", execve, "EPERM"},
		{"unshare", 0, "EPERM"},
		{"io_uring_setup", 1, "EPERM"},
		{"shmget", 0, "EPERM"},
	}
	if runtime.GOARCH == "amd64" {
		cases = append(cases, struct {
			nr   string
			arg0 uint64
			want string
		}{"1073741824", 0, "ENOSYS"})
	}
	var want, got []string
	for _, c := range cases {
		want = append(want, fmt.Sprintf("%s(%#x): %s", c.nr, c.arg0, c.want))
		got = append(got, fmt.Sprintf("%s(%#x): %s", c.nr, c.arg0, decide(t, prog, c.nr, c.arg0, uint32(info.ID))))
	}
	want = append(want, "another architecture: kill")
	got = append(got, "another architecture: "+decide(t, prog, "read", 0, unix.AUDIT_ARCH_I386))
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("decisions (-want +got):\n%s", diff)
	}

	// Unwatched and with namespaces: no notification, sockets allowed.
	prog, err = assemble(filterRules(true, true, false))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		nr   string
		arg0 uint64
		want string
	}{{"execve", 0, "allow"}, {"ptrace", 0, "allow"}, {"socket", unix.AF_INET, "allow"}, {"shmget", 0, "allow"}, {"seccomp", 1, "EPERM"}} {
		if got := decide(t, prog, c.nr, c.arg0, uint32(info.ID)); got != c.want {
			t.Errorf("unwatched, namespaces: %s(%#x): %s, want %s", c.nr, c.arg0, got, c.want)
		}
	}
}
