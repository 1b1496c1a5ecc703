# The solver of one student, saved under the wrong name (the assignment
# runs solver.py). Reduced case: it prints nothing.
import sys
