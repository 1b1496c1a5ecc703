"""An interactive 8-puzzle program of the kind many courses assign: a menu
on stdin, then a report on stdout ending in the solution depth, the nodes
expanded and the largest frontier. Test data for kpuzzle's run.stdin and
run.extract (written for kpuzzle's tests).

    Type 1 for the default puzzle, 2 to enter your own: 2
    Size: 3
    Row 1: 1 2 3 ... (one row per line)
    Algorithm: 1 uniform cost, 2 misplaced tiles, 3 Manhattan distance: 3

The solution is printed as lines "Move 1: LEFT" (the direction the tile
slides), then "Solution depth: N", "Nodes expanded: N" and "Max queue
size: N"."""
import heapq


def ask(prompt):
    print(prompt, end="", flush=True)
    return input().strip()


def main():
    if ask("Type 1 for the default puzzle, 2 to enter your own: ") == "1":
        n, cells = 3, [1, 2, 3, 4, 0, 6, 7, 5, 8]
    else:
        n = int(ask("Size: "))
        cells = []
        for i in range(n):
            cells += [int(x) for x in ask("Row %d: " % (i + 1)).split()]
    choice = ask("Algorithm: 1 uniform cost, 2 misplaced tiles, 3 Manhattan distance: ")
    goal = tuple(list(range(1, n * n)) + [0])

    def h(state):
        if choice == "1":
            return 0
        if choice == "2":
            return sum(1 for i, t in enumerate(state) if t and t != goal[i])
        return sum(abs((t - 1) // n - i // n) + abs((t - 1) % n - i % n) for i, t in enumerate(state) if t)

    start = tuple(cells)
    frontier = [(h(start), 0, start)]
    parent = {start: None}
    best = {start: 0}
    expanded = 0
    largest = 1
    while frontier:
        largest = max(largest, len(frontier))
        _, g, state = heapq.heappop(frontier)
        if g > best[state]:
            continue
        if state == goal:
            break
        expanded += 1
        b = state.index(0)
        for delta, tile_moves, ok in ((-n, "DOWN", b >= n), (n, "UP", b < n * n - n),
                                      (-1, "RIGHT", b % n > 0), (1, "LEFT", b % n < n - 1)):
            if not ok:
                continue
            nxt = list(state)
            nxt[b], nxt[b + delta] = nxt[b + delta], 0
            nxt = tuple(nxt)
            if nxt not in best or g + 1 < best[nxt]:
                best[nxt] = g + 1
                parent[nxt] = (state, tile_moves)
                heapq.heappush(frontier, (g + 1 + h(nxt), g + 1, nxt))
    moves = []
    state = goal
    while parent[state] is not None:
        state, move = parent[state]
        moves.append(move)
    moves.reverse()
    print()
    for i, m in enumerate(moves):
        print("Move %d: %s" % (i + 1, m))
    print("Solution depth: %d" % len(moves))
    print("Nodes expanded: {:,}".format(expanded))
    print("Max queue size: %d" % largest)


if __name__ == "__main__":
    main()
