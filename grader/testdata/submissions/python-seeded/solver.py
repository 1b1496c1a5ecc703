"""A breadth-first search whose answer depends on what a Python run
draws from the system, reduced for kpuzzle's tests: it tries the moves
in the order of a set of strings (the order PYTHONHASHSEED decides) and
shuffles them with the random module (seeded from the system unless
something seeds it), so that which of the shortest paths it finds
varies run to run. With --urandom it then appends, after the goal, 64
pairs of moves that undo each other, spelling a number drawn from
os.urandom, which nothing outside the program can pin.

Usage: solver.py PUZZLE OUTPUT [--urandom]
"""
import os
import random
import sys
from collections import deque

MOVES = {"UP": (1, 0), "DOWN": (-1, 0), "LEFT": (0, 1), "RIGHT": (0, -1)}


def main():
    rows = [[int(x) for x in line.split()] for line in open(sys.argv[1]) if line.strip()]
    h, w = len(rows), len(rows[0])
    start = tuple(c for r in rows for c in r)
    goal = tuple(list(range(1, h * w)) + [0])
    names = list(set(MOVES))
    random.shuffle(names)
    parent = {start: None}
    queue = deque([start])
    while queue:
        cur = queue.popleft()
        if cur == goal:
            break
        b = cur.index(0)
        r, c = divmod(b, w)
        for name in names:
            dr, dc = MOVES[name]
            if 0 <= r + dr < h and 0 <= c + dc < w:
                t = (r + dr) * w + c + dc
                nxt = list(cur)
                nxt[b], nxt[t] = nxt[t], 0
                nxt = tuple(nxt)
                if nxt not in parent:
                    parent[nxt] = (cur, name)
                    queue.append(nxt)
    if goal not in parent:
        open(sys.argv[2], "w").write("UNSOLVABLE\n")
        return
    path = []
    cur = goal
    while parent[cur] is not None:
        cur, name = parent[cur]
        path.append(name)
    path.reverse()
    if "--urandom" in sys.argv[3:]:
        n = int.from_bytes(os.urandom(8), "big")
        for i in range(64):
            # From the goal, the blank in the corner: DOWN then UP, or
            # RIGHT then LEFT, leave the board as it was.
            path += ["DOWN", "UP"] if n >> i & 1 else ["RIGHT", "LEFT"]
    open(sys.argv[2], "w").write("".join(m + "\n" for m in path))


main()
