package sandboxtest

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"syscall"
	"unsafe"

	seccomp "github.com/elastic/go-seccomp-bpf"
	"golang.org/x/net/bpf"
	"golang.org/x/sys/unix"
)

// containerEnv carries, to the re-executed test binary, the command to run
// inside the simulated container (JSON argv).
const containerEnv = "KPUZZLE_SANDBOXTEST_CONTAINER"

// dockerCaps are the capabilities Docker gives a container's root by
// default (moby's defaults): no CAP_SYS_ADMIN, CAP_SYS_PTRACE or
// CAP_SYS_RESOURCE among them.
var dockerCaps = []uintptr{
	unix.CAP_CHOWN, unix.CAP_DAC_OVERRIDE, unix.CAP_FSETID, unix.CAP_FOWNER, unix.CAP_MKNOD,
	unix.CAP_NET_RAW, unix.CAP_SETGID, unix.CAP_SETUID, unix.CAP_SETFCAP, unix.CAP_SETPCAP,
	unix.CAP_NET_BIND_SERVICE, unix.CAP_SYS_CHROOT, unix.CAP_KILL, unix.CAP_AUDIT_WRITE,
}

// Container returns a command that runs argv as a process of a Docker
// container started with Docker's defaults: under a seccomp filter that,
// like Docker's default profile for a container without CAP_SYS_ADMIN,
// refuses with EPERM to create namespaces (clone with CLONE_NEW* flags,
// unshare, setns) and to mount, and answers clone3 with ENOSYS; and, when
// the test runs as root, with only Docker's default capabilities. Inside
// it the kernel refuses user namespaces, so package sandbox falls back to
// LevelRlimits, exactly as it does on Gradescope, PrairieLearn and most CI
// runners. The test binary must use Main as its TestMain.
func Container(argv ...string) *exec.Cmd {
	spec, err := json.Marshal(argv)
	if err != nil {
		panic(err)
	}
	exe, err := os.Executable()
	if err != nil {
		panic(err)
	}
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), containerEnv+"="+string(spec))
	return cmd
}

// enterContainer runs the command of Container, if this process was
// started by it: it restricts itself as Docker would and executes the
// command in its place. It does not return then.
func enterContainer() {
	spec := os.Getenv(containerEnv)
	if spec == "" {
		return
	}
	var argv []string
	if err := json.Unmarshal([]byte(spec), &argv); err != nil || len(argv) == 0 {
		fail("bad %s: %q", containerEnv, spec)
	}
	os.Unsetenv(containerEnv)
	path, err := exec.LookPath(argv[0])
	if err != nil {
		fail("%v", err)
	}
	runtime.LockOSThread()
	if os.Geteuid() == 0 {
		keep := map[uintptr]bool{}
		for _, c := range dockerCaps {
			keep[c] = true
		}
		for c := uintptr(0); c <= unix.CAP_LAST_CAP; c++ {
			if !keep[c] {
				if err := unix.Prctl(unix.PR_CAPBSET_DROP, c, 0, 0, 0); err != nil {
					fail("drop capability %d: %v", c, err)
				}
			}
		}
	}
	if err := loadDockerFilter(); err != nil {
		fail("%v", err)
	}
	fail("exec %s: %v", path, syscall.Exec(path, argv, os.Environ()))
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "sandboxtest container: "+format+"\n", args...)
	os.Exit(125)
}

// loadDockerFilter installs, on the calling thread, the part of Docker's
// default seccomp profile that matters here. Without CAP_SYS_ADMIN (and
// root in a container has none) only the no_new_privs bit would allow an
// unprivileged filter; a root test keeps CAP_SYS_ADMIN until the exec.
func loadDockerFilter() error {
	namespaces := uint64(unix.CLONE_NEWNS | unix.CLONE_NEWCGROUP | unix.CLONE_NEWUTS | unix.CLONE_NEWIPC |
		unix.CLONE_NEWUSER | unix.CLONE_NEWPID | unix.CLONE_NEWNET | unix.CLONE_NEWTIME)
	policy := seccomp.Policy{
		DefaultAction: seccomp.ActionAllow,
		Syscalls: []seccomp.SyscallGroup{
			{
				Names: []string{"unshare", "setns", "mount", "umount2", "pivot_root", "open_tree", "move_mount",
					"fsopen", "fsconfig", "fsmount", "fspick", "mount_setattr"},
				NamesWithCondtions: []seccomp.NameWithConditions{{Name: "clone", Conditions: seccomp.ArgumentConditions{
					{Argument: 0, Operation: seccomp.BitsSet, Value: namespaces},
				}}},
				Action: seccomp.ActionErrno,
			},
			{Names: []string{"clone3"}, Action: seccomp.ActionErrno | seccomp.Action(unix.ENOSYS)},
		},
	}
	insts, err := policy.Assemble()
	if err != nil {
		return err
	}
	raw, err := bpf.Assemble(insts)
	if err != nil {
		return err
	}
	filter := make([]unix.SockFilter, len(raw))
	for i, r := range raw {
		filter[i] = unix.SockFilter{Code: r.Op, Jt: r.Jt, Jf: r.Jf, K: r.K}
	}
	if os.Geteuid() != 0 {
		if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
			return err
		}
	}
	prog := unix.SockFprog{Len: uint16(len(filter)), Filter: &filter[0]}
	if _, _, errno := syscall.RawSyscall(unix.SYS_SECCOMP, unix.SECCOMP_SET_MODE_FILTER, 0, uintptr(unsafe.Pointer(&prog))); errno != 0 {
		return fmt.Errorf("install the container's seccomp filter: %w", errno)
	}
	return nil
}
