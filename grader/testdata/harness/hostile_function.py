"""Runs a hostile corpus program through kpuzzle's Python harnesses:
TestHostileCorpus copies this file as fn.py beside each program's
solver.py and grades fn:solve (run.function) and fn:breadthFirstSearch
(run.problem: berkeley), so that every attack is also made from inside
kpuzzle_function.py and kpuzzle_berkeley.py. Both run solver.py as the
script it is, with the puzzle and answer paths the harness was given, and
return what it wrote: solve() as text, which the function harness writes
as the answer; breadthFirstSearch() as CS188 actions. The programs answer
in the tile convention and an action says where the blank moves, so each
move turns around; UNSOLVABLE is an empty list."""
import os
import runpy
import sys

BLANK_MOVE = {"UP": "down", "DOWN": "up", "LEFT": "right", "RIGHT": "left"}


def run_solver():
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


def solve(rows):
    return run_solver()


def breadthFirstSearch(problem):
    moves = run_solver().split()
    if moves == ["UNSOLVABLE"]:
        return []
    return [BLANK_MOVE.get(m.upper(), m) for m in moves]
