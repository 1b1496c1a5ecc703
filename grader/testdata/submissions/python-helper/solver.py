"""A submission that imports the instructor's shared module (run.files
gives it, with the data file it reads), as courses that hand out a
utils.py do. It also ships its own utils.py, which the instructor's
replaces. Test data for kpuzzle (written for its tests)."""
import sys

import utils

with open(sys.argv[2], "w") as out:
    out.write("\n".join(utils.solve(sys.argv[1])) + "\n")
