"""Tries the system calls a sandbox must refuse: a user namespace (the
first step of many container escapes), a mount, tracing its parent, a
keyring, BPF, io_uring, and an Internet socket. Writes LEAKED-syscall and
the calls that worked, or UNSOLVABLE when every one was refused."""
import ctypes
import os
import socket
import sys

libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long
worked = []

def attempt(name, rc):
    err = ctypes.get_errno()
    if rc >= 0:
        worked.append(name)
    print("%s: %s" % (name, "worked" if rc >= 0 else os.strerror(err)))

CLONE_NEWUSER = 0x10000000
attempt("unshare(CLONE_NEWUSER)", libc.unshare(CLONE_NEWUSER))
attempt("mount", libc.mount(b"tmpfs", b"/tmp", b"tmpfs", 0, None))
PTRACE_ATTACH = 16
attempt("ptrace(PTRACE_ATTACH)", libc.ptrace(PTRACE_ATTACH, os.getppid(), None, None))
SYS_keyctl, SYS_bpf, SYS_io_uring_setup = 250, 321, 425
attempt("keyctl", libc.syscall(SYS_keyctl, 0, ctypes.c_long(-4), 0))
params = ctypes.create_string_buffer(120)
attempt("io_uring_setup", libc.syscall(SYS_io_uring_setup, 1, params))
try:
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.settimeout(1)
    s.connect(("127.0.0.1", 9))
    worked.append("connect 127.0.0.1")
except OSError as e:
    print("socket:", e)
with open(sys.argv[2], "w") as out:
    out.write(("LEAKED-syscall\n" + "\n".join(w.replace(" ", "_") for w in worked) + "\n") if worked else "UNSOLVABLE\n")
