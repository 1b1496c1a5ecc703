# Manhattan distance on a string with "_" for the blank ("12345678_"),
# any square board of up to 9 cells.
import math


def h(state):
    n = int(math.isqrt(len(state)))
    total = 0
    for i, ch in enumerate(state):
        if ch == "_":
            continue
        t = int(ch) - 1
        total += abs(i // n - t // n) + abs(i % n - t % n)
    return total
