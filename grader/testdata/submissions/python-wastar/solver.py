"""Weighted A* with the Manhattan distance: f = g + W h (W = 2; sed it for
another weight). Usage:
python3 solver.py INPUT OUTPUT (tile convention)."""
import heapq
import sys

W = 2


def main():
    with open(sys.argv[1]) as f:
        rows = [list(map(int, line.split())) for line in f if line.strip()]
    cols, n = len(rows[0]), len(rows) * len(rows[0])
    start = tuple(t for row in rows for t in row)
    goal = tuple(list(range(1, n)) + [0])
    inv = 0
    flat = [t for t in start if t]
    for i in range(len(flat)):
        for j in range(i + 1, len(flat)):
            inv += flat[i] > flat[j]
    blank_row_from_bottom = len(rows) - start.index(0) // cols
    solvable = inv % 2 == 0 if cols % 2 else (inv + blank_row_from_bottom) % 2 == 1
    if not solvable:
        open(sys.argv[2], "w").write("UNSOLVABLE\n")
        return

    def h(state):
        return sum(abs((t - 1) // cols - i // cols) + abs((t - 1) % cols - i % cols) for i, t in enumerate(state) if t)

    steps = [(-cols, "DOWN", lambda i: i >= cols), (cols, "UP", lambda i: i < n - cols),
             (-1, "RIGHT", lambda i: i % cols > 0), (1, "LEFT", lambda i: i % cols < cols - 1)]
    frontier = [(W * h(start), 0, 0, start)]
    parent = {start: None}
    best = {start: 0}
    counter = 0
    while frontier:
        _, g, _, state = heapq.heappop(frontier)
        if state == goal:
            break
        if g > best[state]:
            continue
        blank = state.index(0)
        for delta, token, ok in steps:
            if ok(blank):
                nxt = list(state)
                nxt[blank], nxt[blank + delta] = nxt[blank + delta], 0
                nxt = tuple(nxt)
                if nxt not in best or g + 1 < best[nxt]:
                    best[nxt] = g + 1
                    parent[nxt] = (state, token)
                    counter += 1
                    heapq.heappush(frontier, (g + 1 + W * h(nxt), g + 1, counter, nxt))
    moves = []
    state = goal
    while parent[state] is not None:
        state, token = parent[state]
        moves.append(token)
    with open(sys.argv[2], "w") as out:
        out.write("".join(m + "\n" for m in reversed(moves)))


main()
