"""A reduced case of the UCR CS170 shape, written for kpuzzle's tests: an
interactive menu (1 for a default puzzle, 2 to type one row by row),
then 1 uniform cost, 2 misplaced tile or 3 Manhattan distance A*; it
prints a trace of every expansion and ends with nodes expanded, the
largest queue and the depth of the goal, never the moves."""
import heapq

print("Welcome to 8-puzzle solver. Type 1 to use a default puzzle, or 2 to enter your own puzzle.")
rows = []
if input().strip() == "2":
    print("Enter your puzzle, use a zero to represent the blank")
    rows = [[int(x) for x in input().split()] for _ in range(3)]
else:
    rows = [[1, 2, 3], [4, 0, 6], [7, 5, 8]]
print("Enter your choice of algorithm\n1. Uniform Cost Search\n2. A* with the Misplaced Tile heuristic.\n3. A* with the Manhattan distance heuristic.")
choice = input().strip()
start = tuple(v for r in rows for v in r)
n = 3
goal = tuple(list(range(1, 9)) + [0])


def h(s):
    if choice == "1":
        return 0
    if choice == "2":
        return sum(1 for i, v in enumerate(s) if v and v != goal[i])
    return sum(abs(i // n - (v - 1) // n) + abs(i % n - (v - 1) % n) for i, v in enumerate(s) if v)


def children(s):
    z = s.index(0)
    r, c = divmod(z, n)
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        if 0 <= r + dr < n and 0 <= c + dc < n:
            t = list(s)
            w = (r + dr) * n + c + dc
            t[z], t[w] = t[w], t[z]
            yield tuple(t)


def show(s):
    return "\n".join(" ".join(str(v) if v else "b" for v in s[i:i + n]) for i in range(0, 9, n))


queue = [(h(start), 0, start)]
seen = {start: 0}
expanded = 0
largest = 1
while queue:
    f, g, s = heapq.heappop(queue)
    if g > seen[s]:
        continue
    if s == goal:
        print("Goal!!!\n")
        print("To solve this problem the search algorithm expanded a total of %d nodes." % expanded)
        print("The maximum number of nodes in the queue at any one time: %d." % largest)
        print("The depth of the goal node was %d." % g)
        break
    print("The best state to expand with g(n) = %d and h(n) = %d is...\n%s\nExpanding this node...\n" % (g, f - g, show(s)))
    expanded += 1
    for t in children(s):
        if t not in seen or g + 1 < seen[t]:
            seen[t] = g + 1
            heapq.heappush(queue, (g + 1 + h(t), g + 1, t))
    largest = max(largest, len(queue))
else:
    print("No solution found after expanding %d nodes." % expanded)
