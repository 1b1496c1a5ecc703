"""A reduced case of the ColumbiaX driver.py shape, written for kpuzzle's
tests: python3 driver.py METHOD BOARD ROWS COLS, METHOD bfs, dfs or ast,
BOARD the cells comma-separated, goal blank first; the report goes to
output.txt in the working folder, the moves those of the blank."""
import heapq
import sys
from collections import deque

method, cells, rows, cols = sys.argv[1], tuple(int(x) for x in sys.argv[2].split(",")), int(sys.argv[3]), int(sys.argv[4])
goal = tuple(range(rows * cols))
MOVES = (("Up", -cols), ("Down", cols), ("Left", -1), ("Right", 1))


def children(s):
    z = s.index(0)
    r, c = divmod(z, cols)
    for name, d in MOVES:
        if (name == "Up" and r == 0) or (name == "Down" and r == rows - 1) or (name == "Left" and c == 0) or (name == "Right" and c == cols - 1):
            continue
        t = list(s)
        t[z], t[z + d] = t[z + d], t[z]
        yield name, tuple(t)


def manhattan(s):
    return sum(abs(i // cols - v // cols) + abs(i % cols - v % cols) for i, v in enumerate(s) if v)


def search():
    parent = {cells: None}
    expanded = 0
    if method == "ast":
        frontier = [(manhattan(cells), 0, cells)]
        g = {cells: 0}
        while frontier:
            _, cost, s = heapq.heappop(frontier)
            if cost > g[s]:
                continue
            if s == goal:
                return s, parent, expanded
            expanded += 1
            for name, t in children(s):
                if t not in g or cost + 1 < g[t]:
                    g[t] = cost + 1
                    parent[t] = (s, name)
                    heapq.heappush(frontier, (cost + 1 + manhattan(t), cost + 1, t))
        return None, parent, expanded
    frontier = deque([cells])
    while frontier:
        s = frontier.popleft() if method == "bfs" else frontier.pop()
        if s == goal:
            return s, parent, expanded
        expanded += 1
        kids = list(children(s))
        if method == "dfs":
            kids.reverse()  # Up is tried first
        for name, t in kids:
            if t not in parent:
                parent[t] = (s, name)
                frontier.append(t)
    return None, parent, expanded


end, parent, expanded = search()
path = []
while end is not None and parent[end] is not None:
    end, name = parent[end]
    path.append(name)
path.reverse()
with open("output.txt", "w") as f:
    f.write("path_to_goal: %s\ncost_of_path: %d\nnodes_expanded: %d\nsearch_depth: %d\nrunning_time: 0.01\n" % (path, len(path), expanded, len(path)))
