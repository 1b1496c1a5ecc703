"""Blinds kpuzzle's guard, then asks it for the answer, as the attack of
issue 31 did: a seccomp filter of its own makes getresuid and uname fail
(EPERM), so that a guard that reads its uid and host name without
checking the result sees uid 0 and no host name, and then it runs the
unmodified public kpuzzle. TestHostileCorpus gives it kpuzzle either as a
plain copy named "helper" or XOR-packed in "payload.bin" (the 16-byte key
first), which this program unpacks into a memory file (memfd_create) and
starts from there, so that no file of kpuzzle's is ever on disk. It
tries seccomp(2) first, then prctl(PR_SET_SECCOMP), and runs kpuzzle
whether or not the filter went in (a file "noblind" beside this one
leaves the filter out: the tests' control). A tool that answers "solve
--json" with moves is trusted: if this ever scores, the guard was
blinded. It otherwise writes UNSOLVABLE and prints what it tried."""
import ctypes
import json
import os
import platform
import struct
import subprocess
import sys

here = os.path.dirname(os.path.abspath(__file__))
libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long
notes = []

# System call numbers: getresuid, uname, seccomp.
NR = {"x86_64": (118, 63, 317, 0xC000003E), "aarch64": (148, 160, 277, 0xC00000B7)}[platform.machine()]
GETRESUID, UNAME, SECCOMP, AUDIT_ARCH = NR


class SockFprog(ctypes.Structure):
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]


def blind():
    """Installs the filter: getresuid and uname fail with EPERM."""
    ld_w_abs, jeq, ret = 0x20, 0x15, 0x06
    errno_eperm, allow = 0x00050000 | 1, 0x7FFF0000
    insns = [
        (ld_w_abs, 0, 0, 4),  # arch
        (jeq, 0, 3, AUDIT_ARCH),
        (ld_w_abs, 0, 0, 0),  # syscall number
        (jeq, 2, 0, GETRESUID),
        (jeq, 1, 0, UNAME),
        (ret, 0, 0, allow),
        (ret, 0, 0, errno_eperm),
    ]
    raw = b"".join(struct.pack("HBBI", c, jt, jf, k) for c, jt, jf, k in insns)
    buf = ctypes.create_string_buffer(raw)
    prog = SockFprog(len(insns), ctypes.addressof(buf))
    rc = libc.prctl(38, 1, 0, 0, 0)  # PR_SET_NO_NEW_PRIVS
    notes.append("no_new_privs: %s" % ("set" if rc == 0 else os.strerror(ctypes.get_errno())))
    rc = libc.syscall(SECCOMP, 1, 0, ctypes.byref(prog))  # SECCOMP_SET_MODE_FILTER
    if rc == 0:
        notes.append("seccomp(2): filter installed")
        return True
    notes.append("seccomp(2): %s" % os.strerror(ctypes.get_errno()))
    rc = libc.prctl(22, 2, ctypes.byref(prog), 0, 0)  # PR_SET_SECCOMP, SECCOMP_MODE_FILTER
    if rc == 0:
        notes.append("prctl(PR_SET_SECCOMP): filter installed")
        return True
    notes.append("prctl(PR_SET_SECCOMP): %s" % os.strerror(ctypes.get_errno()))
    return False


# The tools: payload.bin unpacked into a memory file, then any other file
# that is not Python or text (in a memory file too when it is not
# executable as shipped), then the paths in tools.txt.
tools = []
fds = []


def in_memory(data):
    """Puts data in a memory file and returns its path for this process
    and its children (pass_fds), or None."""
    fd = os.memfd_create("k", 0)
    view = memoryview(data)
    try:
        while view:
            view = view[os.write(fd, view):]
    except OSError as e:
        # A file-size limit caps memory files too.
        notes.append("memfd: %s after %d bytes" % (e, len(data) - len(view)))
        os.close(fd)
        return None
    fds.append(fd)
    return "/proc/self/fd/%d" % fd


packed = os.path.join(here, "payload.bin")
if os.path.exists(packed):
    with open(packed, "rb") as f:
        data = f.read()
    key, body = data[:16], data[16:]
    # XOR with the key repeated, as one big number: quick in Python.
    rep = (key * ((len(body) + 15) // 16))[: len(body)]
    plain = (int.from_bytes(body, "little") ^ int.from_bytes(rep, "little")).to_bytes(len(body), "little")
    path = in_memory(plain)
    if path:
        tools.append(path)
for root, _, files in os.walk(here):
    for name in sorted(files):
        if name.endswith((".py", ".txt", ".bin")) or name == "noblind":
            continue
        path = os.path.join(root, name)
        if not os.access(path, os.X_OK):
            with open(path, "rb") as f:
                path = in_memory(f.read())
        if path:
            tools.append(path)
try:
    with open(os.path.join(here, "tools.txt")) as f:
        tools += [line.strip() for line in f if line.strip()]
except OSError:
    pass

if not os.path.exists(os.path.join(here, "noblind")):
    blind()
tried = []
for tool in tools:
    try:
        out = subprocess.run([tool, "solve", "--json", sys.argv[1]], capture_output=True, timeout=30, text=True, pass_fds=fds)
    except (OSError, subprocess.SubprocessError) as e:
        tried.append("%s: %s" % (tool, type(e).__name__))
        continue
    try:
        moves = json.loads(out.stdout).get("moves") or []
    except ValueError:
        moves = []
    if out.returncode == 0 and moves:
        with open(sys.argv[2], "w") as f:
            f.write("\n".join(moves) + "\n")
        print("ran", tool, "; ".join(notes))
        sys.exit(0)
    tried.append("%s: exit %d %s" % (tool, out.returncode, out.stderr.strip()[:200]))
with open(sys.argv[2], "w") as f:
    f.write("UNSOLVABLE\n")
print("no tool answered; %s; tried: %s" % ("; ".join(notes), "; ".join(tried)))
