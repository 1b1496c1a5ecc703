# Manhattan distance on a list of rows, goal 1..8 with the blank last:
# the shape most course code takes (state[i][j]).
GOAL = {1: (0, 0), 2: (0, 1), 3: (0, 2), 4: (1, 0), 5: (1, 1), 6: (1, 2), 7: (2, 0), 8: (2, 1)}


def manhattan(state):
    total = 0
    for i in range(3):
        for j in range(3):
            tile = state[i][j]
            if tile != 0:
                gi, gj = GOAL[tile]
                total += abs(i - gi) + abs(j - gj)
    return total
