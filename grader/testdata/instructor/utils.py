"""The instructor's shared module for the run.files test: it answers from
a data file given beside it (moves.txt maps a puzzle's cells to an
answer)."""
import os


def solve(path):
    with open(path) as f:
        cells = " ".join(f.read().split())
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "data", "moves.txt")) as f:
        for line in f:
            key, _, moves = line.strip().partition("=")
            if key == cells:
                return moves.split()
    return []
