"""Runs a hostile corpus program through kpuzzle's Berkeley search harness
(run.problem: berkeley): TestHostileCorpus copies this file as fn.py beside
each program's solver.py and grades fn:breadthFirstSearch, so that every
attack is also made from inside kpuzzle_berkeley.py. breadthFirstSearch()
runs solver.py as the script it is, with the puzzle and answer paths the
harness was given, and returns what it wrote as CS188 actions: the
programs answer in the tile convention, and an action says where the
blank moves, so each move turns around; UNSOLVABLE is an empty list."""
import os
import runpy
import sys

BLANK_MOVE = {"UP": "down", "DOWN": "up", "LEFT": "right", "RIGHT": "left"}


def breadthFirstSearch(problem):
    here = os.path.dirname(os.path.abspath(__file__))
    puzzle, answer = sys.argv[2], sys.argv[3]
    sys.argv = [os.path.join(here, "solver.py"), puzzle, answer]
    try:
        runpy.run_path(sys.argv[0], run_name="__main__")
    except SystemExit:
        pass
    try:
        with open(answer) as f:
            moves = f.read().split()
    except OSError:
        return []
    if moves == ["UNSOLVABLE"]:
        return []
    return [BLANK_MOVE.get(m.upper(), m) for m in moves]
