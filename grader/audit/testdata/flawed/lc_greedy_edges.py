"""Linear conflict by greedy removal, adding 2 for every conflict edge
removed with a tile instead of 2 for the tile (flawed)."""
from common import run, manhattan, lines


def h(cells, rows, cols, goal, pos):
    extra = 0
    for keys in lines(cells, rows, cols, pos):
        alive = list(range(len(keys)))
        while True:
            def conflicts(i):
                return sum(1 for j in alive if j != i and (j < i) != (keys[j] < keys[i]))
            best = max(alive, key=conflicts, default=None)
            if best is None or conflicts(best) == 0:
                break
            extra += conflicts(best)   # the flaw: every edge removed
            alive.remove(best)
    return manhattan(cells, rows, cols, pos) + 2 * extra


run(h)
