"""An assignment graded by calling functions (run.function), as courses in
the Berkeley CS188 style do: solve(rows) returns the moves, solve_tiles
the tile numbers that slide, solve_boards the boards from start to goal;
each returns None when the puzzle has no solution. Test data for kpuzzle
(written for its tests)."""
from collections import deque


def _search(rows):
    r, c = len(rows), len(rows[0])
    start = tuple(x for row in rows for x in row)
    goal = tuple(list(range(1, r * c)) + [0])
    parent = {start: None}
    queue = deque([start])
    while queue:
        state = queue.popleft()
        if state == goal:
            path = []
            while state is not None:
                path.append(state)
                state = parent[state]
            return path[::-1], c
        b = state.index(0)
        for d, ok in ((-c, b >= c), (c, b < r * c - c), (-1, b % c > 0), (1, b % c < c - 1)):
            if ok:
                nxt = list(state)
                nxt[b], nxt[b + d] = nxt[b + d], 0
                nxt = tuple(nxt)
                if nxt not in parent:
                    parent[nxt] = state
                    queue.append(nxt)
    return None, c


def solve_boards(rows):
    path, c = _search(rows)
    if path is None:
        return None
    return [[list(s[i:i + c]) for i in range(0, len(s), c)] for s in path]


def solve_tiles(rows):
    path, _ = _search(rows)
    if path is None:
        return None
    # the tile that slides is the one where the blank goes next
    return [a[b.index(0)] for a, b in zip(path, path[1:])]


def solve(rows):
    path, c = _search(rows)
    if path is None:
        return None
    moves = []
    for a, b in zip(path, path[1:]):
        d = b.index(0) - a.index(0)  # where the blank went; the tile went the other way
        moves.append({-c: "DOWN", c: "UP", -1: "RIGHT", 1: "LEFT"}[d])
    return moves


def solve_detour(rows):
    """A legal path two moves longer than the shortest: the blank steps
    away and back first, as a depth-first search's detours do."""
    moves = solve(rows)
    if moves is None:
        return None
    c = len(rows[0])
    b = [x for row in rows for x in row].index(0)
    # tile convention: DOWN slides the tile above the blank down.
    return (["DOWN", "UP"] if b >= c else ["UP", "DOWN"]) + moves
