# Euclidean distance memoised on the board, so the board must be
# hashable: a tuple of rows. Each tile's distance truncated as
# int(math.sqrt(...)), the way Java's (int) cast and C's int += sqrt do.
import math

_memo = {}


def euclid(board):
    if board in _memo:
        return _memo[board]
    h = 0
    for r, row in enumerate(board):
        for c, t in enumerate(row):
            if t:
                gr, gc = divmod(t - 1, 3)
                h += int(math.sqrt((r - gr) ** 2 + (c - gc) ** 2))
    _memo[board] = h
    return h
