"""Misplaced tiles, counting the blank too (flawed)."""
from common import run

run(lambda cells, rows, cols, goal, pos: sum(1 for c, g in zip(cells, goal) if c != g))
