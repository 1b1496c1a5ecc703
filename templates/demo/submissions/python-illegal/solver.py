"""Walks the blank up until it runs into the top edge: it writes DOWN (the
tile above the blank slides down) once more than there are rows above the
blank, so the last move slides no tile at all. Usage: python3 solver.py
INPUT OUTPUT."""
import sys

with open(sys.argv[1]) as f:
    rows = [line.split() for line in f if line.strip()]
cells = [t for row in rows for t in row]
blank_row = cells.index("0") // len(rows[0])
with open(sys.argv[2], "w") as out:
    out.write("DOWN\n" * (blank_row + 1))
