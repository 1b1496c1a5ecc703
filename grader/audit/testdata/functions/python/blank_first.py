# A correct Manhattan distance to the blank-first goal (0 1 2 / 3 4 5 /
# 6 7 8), as Berkeley's and ColumbiaX's handouts pose it: tile t belongs
# on row t // 3, column t % 3.
def manhattan(board):
    return sum(abs(i // 3 - t // 3) + abs(i % 3 - t % 3) for i, t in enumerate(board) if t)
