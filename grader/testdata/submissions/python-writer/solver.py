"""Leaves a file in every folder it may write to outside its own working
folder (found by walking the file system, as its own user), to pass
answers to a later run or another student. The file is named
kpuzzle-hostile-marker-* so that the test can look for survivors. Prints
how many it wrote, then answers UNSOLVABLE."""
import os
import sys
import time

start = time.time()
work = os.getcwd()
written = []
for dirpath, dirnames, filenames in os.walk("/"):
    if time.time() - start > 5:
        break
    if dirpath.startswith(("/proc", "/sys")) or dirpath.startswith(work):
        dirnames[:] = []
        continue
    if os.access(dirpath, os.W_OK):
        path = os.path.join(dirpath, "kpuzzle-hostile-marker-%d" % os.getpid())
        try:
            with open(path, "w") as f:
                f.write("for the next run\n")
            written.append(dirpath)
        except OSError:
            pass
with open(sys.argv[2], "w") as out:
    out.write("UNSOLVABLE\n")
print("wrote markers in", len(written), "folders:", " ".join(written[:10]))
