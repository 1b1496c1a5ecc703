"""A stand-in for a package a course installs in its own Python, for
kpuzzle's tests: breadth-first search on a board given as rows, goal
1..n-1 with the blank last, moves named after the tile that moves."""
from collections import deque


def solve(rows):
    width = len(rows[0])
    start = tuple(v for r in rows for v in r)
    n = len(start)
    goal = tuple(list(range(1, n)) + [0])
    parent = {start: None}
    queue = deque([start])
    while queue:
        s = queue.popleft()
        if s == goal:
            moves = []
            while parent[s] is not None:
                s, m = parent[s]
                moves.append(m)
            return moves[::-1]
        z = s.index(0)
        r, c = divmod(z, width)
        for dr, dc, name in ((1, 0, "UP"), (-1, 0, "DOWN"), (0, 1, "LEFT"), (0, -1, "RIGHT")):
            rr, cc = r + dr, c + dc
            if 0 <= rr and 0 <= cc < width and rr * width + cc < n:
                t = list(s)
                w = rr * width + cc
                t[z], t[w] = t[w], 0
                t = tuple(t)
                if t not in parent:
                    parent[t] = (s, name)
                    queue.append(t)
    return None
