"""A* with the Manhattan distance for the sliding-tile puzzle (any R x C
board, default goal: 1..k with the blank last). Usage:

    python3 solver.py INPUT OUTPUT

Moves are written in the tile convention (the direction the tile slides).
Like many real submissions it opens OUTPUT in append mode, which is only
safe because the grader hands it a fresh, absent path."""
import heapq
import sys


def read_board(path):
    with open(path) as f:
        rows = [list(map(int, line.split())) for line in f if line.strip()]
    return rows


def solvable(cells, rows, cols):
    tiles = [t for t in cells if t != 0]
    inversions = sum(1 for i in range(len(tiles)) for j in range(i + 1, len(tiles)) if tiles[i] > tiles[j])
    if cols % 2 == 1:
        return inversions % 2 == 0
    blank_row_from_bottom = rows - cells.index(0) // cols
    return (inversions + blank_row_from_bottom) % 2 == 1


def solve(cells, rows, cols):
    n = rows * cols
    goal = tuple(list(range(1, n)) + [0])
    where = {t: (i // cols, i % cols) for i, t in enumerate(goal)}

    def h(state):
        total = 0
        for i, t in enumerate(state):
            if t:
                r, c = where[t]
                total += abs(r - i // cols) + abs(c - i % cols)
        return total

    # (blank delta, token naming where the tile goes = opposite of the blank)
    steps = [(-cols, "DOWN", lambda i: i >= cols), (cols, "UP", lambda i: i < n - cols),
             (-1, "RIGHT", lambda i: i % cols > 0), (1, "LEFT", lambda i: i % cols < cols - 1)]
    start = tuple(cells)
    frontier = [(h(start), 0, 0, start)]
    parent = {start: None}
    g = {start: 0}
    counter = 0
    while frontier:
        _, cost, _, state = heapq.heappop(frontier)
        if state == goal:
            break
        if cost > g[state]:
            continue
        blank = state.index(0)
        for delta, token, ok in steps:
            if not ok(blank):
                continue
            nxt = list(state)
            nxt[blank], nxt[blank + delta] = nxt[blank + delta], 0
            nxt = tuple(nxt)
            if nxt not in g or cost + 1 < g[nxt]:
                g[nxt] = cost + 1
                parent[nxt] = (state, token)
                counter += 1
                heapq.heappush(frontier, (cost + 1 + h(nxt), cost + 1, counter, nxt))
    moves = []
    state = goal
    while parent[state] is not None:
        state, token = parent[state]
        moves.append(token)
    return moves[::-1]


def main():
    rows = read_board(sys.argv[1])
    cells = [t for row in rows for t in row]
    r, c = len(rows), len(rows[0])
    with open(sys.argv[2], "a") as out:
        if not solvable(cells, r, c):
            out.write("UNSOLVABLE\n")
            return
        for move in solve(cells, r, c):
            out.write(move + "\n")
    print("solved", sys.argv[1])


if __name__ == "__main__":
    main()
