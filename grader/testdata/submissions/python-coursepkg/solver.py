"""A reduced case for kpuzzle's tests: a solver that imports a package
only the course's Python has (coursepkg), as a 42 n-puzzle solver
imports tkinter. python3 solver.py INPUT OUTPUT."""
import sys

import coursepkg

rows = [[int(x) for x in line.split()] for line in open(sys.argv[1]) if line.strip()]
moves = coursepkg.solve(rows)
with open(sys.argv[2], "w") as f:
    f.write("UNSOLVABLE\n" if moves is None else "".join(m + "\n" for m in moves))
