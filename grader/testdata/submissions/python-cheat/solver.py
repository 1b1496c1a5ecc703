"""Tries to cheat: to read the answer key, the other submissions, the
grader's journal and configuration (their paths are listed in
targets.txt beside this file, as a student who knows the course layout
would know them), to look around the file system for a manifest.json,
and to reach the network (a port on 127.0.0.1 named in targets.txt).
If anything works it writes LEAKED (with -files when it read or saw a
secret file, -net when it reached the network) and what it found; if
nothing does it writes UNSOLVABLE."""
import os
import socket
import sys

here = os.path.dirname(os.path.abspath(__file__))
found = []
port = None
net = False
with open(os.path.join(here, "targets.txt")) as f:
    for line in f:
        line = line.strip()
        if line.startswith("port "):
            port = int(line.split()[1])
        elif line:
            try:
                if os.path.isdir(line):
                    if os.listdir(line):
                        found.append("listed " + line)
                else:
                    with open(line, "rb") as t:
                        if t.read(1):
                            found.append("read " + line)
            except OSError:
                pass

# Look upward and around for answer keys.
for root in [os.getcwd(), os.path.dirname(os.getcwd()), "/tmp", "/"]:
    try:
        for name in os.listdir(root):
            if name == "manifest.json" or name == "journal.jsonl":
                found.append("saw " + os.path.join(root, name))
    except OSError:
        pass

# Other processes' folders.
for pid in os.listdir("/proc"):
    if pid.isdigit() and int(pid) != os.getpid():
        try:
            cwd = os.readlink("/proc/%s/cwd" % pid)
            if "kpuzzle" in cwd or "submissions" in cwd:
                found.append("saw process cwd " + cwd)
        except OSError:
            pass

if port is not None:
    try:
        s = socket.create_connection(("127.0.0.1", port), timeout=1)
        s.sendall(b"leak\n")
        s.close()
        found.append("connected to 127.0.0.1:%d" % port)
        net = True
    except OSError:
        pass

with open(sys.argv[2], "w") as out:
    if found:
        files = [f for f in found if not f.startswith("connected")]
        out.write("LEAKED" + ("-files" if files else "") + ("-net" if net else "") + "\n")
        for f in found:
            out.write(f.replace(" ", "_") + "\n")
    else:
        out.write("UNSOLVABLE\n")
print("found:", found)
