# A file named as students name theirs (8puzzle.py: no Python
# identifier), whose module solves a demo board when imported and prints
# it: the heuristic is still its function.
def heuristic(state):
    return sum(abs(i - (v - 1) // 3) + abs(j - (v - 1) % 3) for i, row in enumerate(state) for j, v in enumerate(row) if v)


demo = [[1, 2, 3], [4, 5, 6], [7, 0, 8]]
print("demo board", demo, "h =", heuristic(demo))
