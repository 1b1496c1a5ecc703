"""A correct solver that takes its time and needs a process of its own:
it starts a child (which a fork bomb or a saboteur beside it must not be
able to prevent or kill), waits a second, then solves by breadth-first
search and writes its answer to a file it keeps open meanwhile, so that
a saboteur running at the same time has every chance to interfere."""
import collections
import subprocess
import sys
import time

with open(sys.argv[1]) as f:
    rows = [list(map(int, line.split())) for line in f if line.strip()]
r, c = len(rows), len(rows[0])
start = tuple(x for row in rows for x in row)
goal = tuple(list(range(1, r * c)) + [0])
child = subprocess.run(["/bin/sh", "-c", "echo child"], capture_output=True, text=True)
if child.stdout.strip() != "child":
    sys.exit("could not start a child process")
out = open(sys.argv[2], "w")
time.sleep(1)
# Tile convention: a move names the direction the tile slides.
moves = {(-1, 0): "DOWN", (1, 0): "UP", (0, -1): "RIGHT", (0, 1): "LEFT"}
prev = {start: None}
queue = collections.deque([start])
while queue:
    s = queue.popleft()
    if s == goal:
        break
    b = s.index(0)
    br, bc = divmod(b, c)
    for (dr, dc), name in moves.items():
        nr, nc = br + dr, bc + dc
        if 0 <= nr < r and 0 <= nc < c:
            t = list(s)
            t[b], t[nr * c + nc] = t[nr * c + nc], t[b]
            t = tuple(t)
            if t not in prev:
                prev[t] = (s, name)
                queue.append(t)
if goal not in prev:
    out.write("UNSOLVABLE\n")
else:
    path = []
    s = goal
    while prev[s] is not None:
        s, name = prev[s]
        path.append(name)
    out.write("\n".join(reversed(path)) + ("\n" if path else ""))
out.close()
