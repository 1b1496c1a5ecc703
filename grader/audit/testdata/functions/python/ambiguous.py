# Works on a flat list (the last cell) and on a list of rows (the last
# row's sum less 15), both 0 on the goal, with different numbers
# elsewhere: the board shape cannot be told from the values, and --board
# must say it.
def h(board):
    last = board[-1]
    return last if isinstance(last, int) else sum(last) - 15
