"""Manhattan distance times 1.5 (flawed)."""
from common import run, manhattan

run(lambda cells, rows, cols, goal, pos: 1.5 * manhattan(cells, rows, cols, pos))
