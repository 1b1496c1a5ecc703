"""Leaves lineages that never die: each runner forks and exits in a loop,
in a session of its own, so that at any moment one process of the lineage
lives, and its pid is new. A clean-up that snapshots the processes of the
run's uid and kills them finds the parent of the process that is alive by
the time the signal lands. Graded (solver.py INPUT OUTPUT) it answers as
a correct solver would not (UNSOLVABLE) and exits at once, so that only
what it leaves behind matters.

For the sandbox's own test: solver.py COUNT FIFO starts COUNT lineages,
each holding FIFO open for writing (its reader sees the end of the file
only when every process of every lineage is gone), and then waits to be
killed."""
import os
import sys
import time


def runner():
    os.setsid()
    while True:
        try:
            if os.fork() > 0:
                os._exit(0)  # the parent goes; the child goes on
        except OSError:
            pass  # the process limit: try again


testing = len(sys.argv) == 3 and sys.argv[1].isdigit()
lineages = int(sys.argv[1]) if testing else 4
if testing:
    fd = os.open(sys.argv[2], os.O_WRONLY)
for _ in range(lineages):
    if os.fork() == 0:
        runner()
if testing:
    while True:
        time.sleep(60)
with open(sys.argv[2], "w") as f:
    f.write("UNSOLVABLE\n")
