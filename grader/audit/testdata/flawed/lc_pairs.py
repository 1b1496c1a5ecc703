"""Linear conflict counted as 2 per conflicting pair (flawed)."""
from common import run, manhattan, lines


def h(cells, rows, cols, goal, pos):
    extra = 0
    for keys in lines(cells, rows, cols, pos):
        extra += sum(1 for i in range(len(keys)) for j in range(i + 1, len(keys)) if keys[i] > keys[j])
    return manhattan(cells, rows, cols, pos) + 2 * extra


run(h)
