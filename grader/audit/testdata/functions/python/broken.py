# Raises on every board shape kpuzzle tries.
def h(board):
    raise ValueError("not written yet")
