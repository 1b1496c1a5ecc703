"""Runs a hostile corpus program as a standard-input program: TestHostileCorpus
copies this file as stdin_main.py beside each program's solver.py and grades
it with run.stdin, so that every attack is also made by a program that reads
its puzzle from standard input and prints its answer. In the same process (a
shell around it would be a process of the run's own that the programs would
count as a neighbour): the puzzle read from standard input goes to a file,
solver.py runs as the script it is on that file, and what it wrote is
printed."""
import os
import runpy
import sys

here = os.path.dirname(os.path.abspath(__file__))
with open("in.txt", "w") as f:
    f.write(sys.stdin.read())
sys.argv = [os.path.join(here, "solver.py"), "in.txt", "out.txt"]
try:
    runpy.run_path(sys.argv[0], run_name="__main__")
except SystemExit:
    pass
try:
    with open("out.txt") as f:
        answer = f.read()
except OSError:
    answer = "UNSOLVABLE\n"
sys.__stdout__.write(answer)
sys.__stdout__.flush()
