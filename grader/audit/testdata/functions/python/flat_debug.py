# Misplaced tiles on a flat list. The module prints when imported and
# reads a line from standard input, and the function prints the board it
# is given: none of it may reach the audit protocol.
print("loading heuristics")
try:
    MODE = input()
except EOFError:
    MODE = ""

GOAL = [1, 2, 3, 4, 5, 6, 7, 8, 0]


def misplaced(state):
    print("state:", state)
    return sum(1 for i, t in enumerate(state) if t != 0 and t != GOAL[i])
