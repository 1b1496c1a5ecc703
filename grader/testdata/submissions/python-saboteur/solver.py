"""Sabotages the runs beside it, for a few seconds: for every process it
can see, it overwrites the answer in the process's working folder
(/proc/PID/cwd/output.txt) with SABOTAGED, reads its input, and sends it
SIGKILL; at the end it signals everything it may (kill(-1, SIGKILL)).
Then it answers UNSOLVABLE and prints what it reached."""
import os
import signal
import sys
import time

me = os.getpid()
reached, killed = set(), set()
deadline = time.time() + 4
while time.time() < deadline:
    for pid in os.listdir("/proc"):
        if not pid.isdigit() or int(pid) == me:
            continue
        try:
            cwd = os.readlink("/proc/%s/cwd" % pid)
            with open(os.path.join(cwd, "output.txt"), "w") as f:
                f.write("SABOTAGED\n")
            reached.add(cwd)
        except OSError:
            pass
        try:
            os.kill(int(pid), signal.SIGKILL)
            killed.add(pid)
        except OSError:
            pass
    time.sleep(0.05)
with open(sys.argv[2], "w") as out:
    out.write("UNSOLVABLE\n")
print("reached", len(reached), "folders, killed", len(killed), "processes")
sys.stdout.flush()
try:
    os.kill(-1, signal.SIGKILL)
except OSError:
    pass
