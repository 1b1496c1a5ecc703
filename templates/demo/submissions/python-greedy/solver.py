"""Greedy best-first search with the Manhattan distance: it always reaches
the goal but not by a shortest path, so its answers are legal but often
suboptimal. Usage: python3 solver.py INPUT OUTPUT (tile convention)."""
import heapq
import sys


def main():
    with open(sys.argv[1]) as f:
        rows = [list(map(int, line.split())) for line in f if line.strip()]
    cols, n = len(rows[0]), len(rows) * len(rows[0])
    start = tuple(t for row in rows for t in row)
    goal = tuple(list(range(1, n)) + [0])

    def h(state):
        return sum(abs((t - 1) // cols - i // cols) + abs((t - 1) % cols - i % cols) for i, t in enumerate(state) if t)

    steps = [(-cols, "DOWN", lambda i: i >= cols), (cols, "UP", lambda i: i < n - cols),
             (-1, "RIGHT", lambda i: i % cols > 0), (1, "LEFT", lambda i: i % cols < cols - 1)]
    frontier = [(h(start), 0, start)]
    parent = {start: None}
    counter = 0
    while frontier:
        _, _, state = heapq.heappop(frontier)
        if state == goal:
            break
        blank = state.index(0)
        for delta, token, ok in steps:
            if ok(blank):
                nxt = list(state)
                nxt[blank], nxt[blank + delta] = nxt[blank + delta], 0
                nxt = tuple(nxt)
                if nxt not in parent:
                    parent[nxt] = (state, token)
                    counter += 1
                    heapq.heappush(frontier, (h(nxt), counter, nxt))
    moves = []
    state = goal
    while parent[state] is not None:
        state, token = parent[state]
        moves.append(token)
    with open(sys.argv[2], "w") as out:
        out.write("\n".join(reversed(moves)) + "\n")


main()
