"""A harness that cleans up after itself far too eagerly: it deletes
everything it can reach from its working folder and tries to modify its
own submission, then writes a correct one-line answer for a board that is
one move from the goal, and UNSOLVABLE otherwise."""
import os
import shutil
import sys

here = os.getcwd()
for target in [here, os.path.dirname(here), os.path.dirname(os.path.abspath(__file__))]:
    shutil.rmtree(target, ignore_errors=True)
try:
    with open(os.path.abspath(__file__), "a") as f:
        f.write("# vandalised\n")
    print("modified my own submission")
except OSError as e:
    print("could not modify the submission:", e)
os.makedirs(os.path.dirname(sys.argv[2]), exist_ok=True)
with open(sys.argv[2], "w") as out:
    out.write("UNSOLVABLE\n")
