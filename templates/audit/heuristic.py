#!/usr/bin/env python3
"""A heuristic for `kpuzzle audit --cmd "python3 heuristic.py"`.

The protocol (docs/audit.md): kpuzzle starts this program once per batch
of states and writes the states to its standard input, one per line, the
cells in row-major order separated by spaces, 0 for the blank:

    1 2 3 4 5 6 0 7 8

The program must print one number per line -- an integer, or a real such
as 2.5 -- the heuristic value of each state, in the same order, and exit
once its input ends. The environment says the board: KPUZZLE_SHAPE
("3x3") and KPUZZLE_GOAL (the goal's cells, e.g. "1 2 3 4 5 6 7 8 0").

Replace heuristic() with your own; it computes Manhattan distance here.
"""

import os
import sys


def heuristic(cells, rows, cols, goal_pos):
    """Manhattan distance: the rows plus columns between each tile (not
    the blank) and its goal cell."""
    h = 0
    for i, tile in enumerate(cells):
        if tile != 0:
            g = goal_pos[tile]
            h += abs(i // cols - g // cols) + abs(i % cols - g % cols)
    return h


def main():
    rows, cols = (int(x) for x in os.environ.get("KPUZZLE_SHAPE", "3x3").split("x"))
    goal = os.environ.get("KPUZZLE_GOAL")
    if goal:
        goal = [int(t) for t in goal.split()]
    else:
        goal = list(range(1, rows * cols)) + [0]
    goal_pos = [0] * len(goal)
    for i, tile in enumerate(goal):
        goal_pos[tile] = i

    out = []
    for line in sys.stdin:
        cells = [int(t) for t in line.split()]
        out.append(str(heuristic(cells, rows, cols, goal_pos)))
    # One write of the whole batch: printing line by line works too, but
    # is slower.
    if out:
        sys.stdout.write("\n".join(out) + "\n")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
