"""Shared reading and writing for the flawed example heuristics: the
board comes from KPUZZLE_SHAPE and KPUZZLE_GOAL, the states from standard
input, one per line; one value per line goes to standard output."""

import os
import sys


def run(heuristic):
    rows, cols = (int(x) for x in os.environ["KPUZZLE_SHAPE"].split("x"))
    goal = [int(t) for t in os.environ["KPUZZLE_GOAL"].split()]
    pos = [0] * len(goal)
    for i, t in enumerate(goal):
        pos[t] = i
    out = [repr(heuristic([int(t) for t in line.split()], rows, cols, goal, pos)) for line in sys.stdin]
    sys.stdout.write("".join(v + "\n" for v in out))


def manhattan(cells, rows, cols, pos):
    return sum(abs(i // cols - pos[t] // cols) + abs(i % cols - pos[t] % cols) for i, t in enumerate(cells) if t)


def lines(cells, rows, cols, pos):
    """For each row, then each column: the goal column (row) of each tile
    standing in the line whose goal is in that line, in standing order."""
    out = []
    for r in range(rows):
        out.append([pos[t] % cols for t in cells[r * cols:(r + 1) * cols] if t and pos[t] // cols == r])
    for c in range(cols):
        out.append([pos[t] // cols for t in cells[c::cols] if t and pos[t] % cols == c])
    return out
