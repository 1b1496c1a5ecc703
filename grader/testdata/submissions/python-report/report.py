"""A menu-driven solver that prints its answer inside a report.

A reduced case, written for kpuzzle's tests, of the shape of many course
programs (UCR CS170's among them): prompts for the board on stdin, then
the boards of the path among other text, then statistics. With --trace it
first prints every board it expands, as a search's trace does. Breadth
first search, default goal (blank last); "No solution found" when the
board cannot reach the goal.
"""
import sys
from collections import deque


def read_board():
    print("Welcome to the sliding-tile solver.")
    print('Type the size as "rows cols", then each row, use a zero for the blank')
    rows, cols = [int(x) for x in sys.stdin.readline().split()]
    cells = []
    for r in range(rows):
        print("Enter row %d:" % (r + 1))
        cells += [int(x) for x in sys.stdin.readline().split()]
    return rows, cols, tuple(cells)


def solvable(rows, cols, cells):
    tiles = [c for c in cells if c]
    inv = sum(1 for i in range(len(tiles)) for j in range(i + 1, len(tiles)) if tiles[i] > tiles[j])
    if cols % 2 == 1:
        return inv % 2 == 0
    blank_from_bottom = rows - cells.index(0) // cols
    return (inv + blank_from_bottom) % 2 == 1


def neighbours(rows, cols, cells):
    b = cells.index(0)
    r, c = divmod(b, cols)
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        if 0 <= r + dr < rows and 0 <= c + dc < cols:
            t = (r + dr) * cols + c + dc
            nxt = list(cells)
            nxt[b], nxt[t] = nxt[t], 0
            yield tuple(nxt)


def show(rows, cols, cells):
    for r in range(rows):
        print(" ".join(str(x) for x in cells[r * cols:(r + 1) * cols]))


def main():
    trace = "--trace" in sys.argv
    rows, cols, start = read_board()
    print("Enter your choice of algorithm: 1 for breadth first search")
    goal = tuple(list(range(1, rows * cols)) + [0])
    if not solvable(rows, cols, start):
        print("No solution found")
        return
    parent = {start: None}
    queue = deque([start])
    expanded = 0
    while queue:
        cur = queue.popleft()
        if cur == goal:
            break
        expanded += 1
        if trace and expanded <= 30:
            print("Expanding state")
            show(rows, cols, cur)
        for n in neighbours(rows, cols, cur):
            if n not in parent:
                parent[n] = cur
                queue.append(n)
    path = []
    cur = goal
    while cur is not None:
        path.append(cur)
        cur = parent[cur]
    path.reverse()
    print("Path to the solution" if trace else "Solution path:")
    for i, b in enumerate(path):
        if i > 0:
            print("--" if trace else "")
        show(rows, cols, b)
    print("Goal reached after %d moves" % (len(path) - 1))
    print("To solve this problem the search algorithm expanded a total of %d nodes." % expanded)
    print("The depth of the goal node was %d." % (len(path) - 1))


main()
