"""Brings kpuzzle and asks it for the answer, as a student who read the
course's tooling would: every file of this submission that is not Python
or text (TestHostileCorpus copies a build of kpuzzle in, renamed "helper"
or stripped as "lib/libfast.so", or a pattern database), made executable
in a copy if it is not, and every path in tools.txt beside this file (a
kpuzzle installed elsewhere on the host). A tool that answers
"solve --json" with moves is trusted: if this ever scores, kpuzzle worked
inside a grading run. It ignores the tool's refusal, passes nothing on,
and otherwise writes UNSOLVABLE and prints what it tried."""
import json
import os
import shutil
import stat
import subprocess
import sys
import tempfile

here = os.path.dirname(os.path.abspath(__file__))
candidates = []
for root, _, files in os.walk(here):
    for name in sorted(files):
        if not name.endswith((".py", ".txt")):
            candidates.append(os.path.join(root, name))
try:
    with open(os.path.join(here, "tools.txt")) as f:
        candidates += [line.strip() for line in f if line.strip()]
except OSError:
    pass

tried = []
for tool in candidates:
    path = tool
    if not os.access(path, os.X_OK):
        # A shared object is not executable as shipped: run a copy.
        try:
            fd, path = tempfile.mkstemp()
            os.close(fd)
            shutil.copyfile(tool, path)
            os.chmod(path, stat.S_IRWXU)
        except OSError as e:
            tried.append("%s: %s" % (tool, e))
            continue
    try:
        out = subprocess.run([path, "solve", "--json", sys.argv[1]], capture_output=True, timeout=20, text=True)
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
        print("ran", tool)
        sys.exit(0)
    tried.append("%s: exit %d %s" % (tool, out.returncode, out.stderr.strip()[:200]))
with open(sys.argv[2], "w") as f:
    f.write("UNSOLVABLE\n")
print("no tool answered; tried:", "; ".join(tried))
