# A heuristic that takes a search node, a dict holding the state as a
# flat list and the path cost: audited with --call "h({'state': board, 'g': 0})".
GOAL = (1, 2, 3, 4, 5, 6, 7, 8, 0)


def h(node):
    state = node["state"]
    total = 0
    for i, t in enumerate(state):
        if t:
            g = GOAL.index(t)
            total += abs(i // 3 - g // 3) + abs(i % 3 - g % 3)
    return total
