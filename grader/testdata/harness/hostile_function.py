"""Runs a hostile corpus program through run.function: TestHostileCorpus
copies this file as fn.py beside each program's solver.py and grades
fn:solve, so that every attack is also made from inside kpuzzle's Python
function harness. solve() runs solver.py as the script it is, with the
puzzle and answer paths the harness was given, and returns what it wrote
(the harness then writes that as the answer)."""
import os
import runpy
import sys


def solve(rows):
    here = os.path.dirname(os.path.abspath(__file__))
    puzzle, answer = sys.argv[2], sys.argv[3]
    sys.argv = [os.path.join(here, "solver.py"), puzzle, answer]
    try:
        runpy.run_path(sys.argv[0], run_name="__main__")
    except SystemExit:
        pass
    try:
        with open(answer) as f:
            return f.read()
    except OSError:
        return "UNSOLVABLE"
