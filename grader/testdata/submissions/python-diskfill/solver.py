"""Fills the disk: writes file after file of 512 KiB (each under the
per-file cap, run.output) into /tmp until the file system refuses, then
into its working folder, until it is stopped. Whatever it shares with
other runs (the scratch disk, the host's /tmp without namespaces) must
not fill up because of it: the run is stopped at its disk budget
(run.disk) and that is its own verdict (output-limit); a correct program
graded beside it is unaffected."""
import os
import sys

block = b"\0" * (512 << 10)
for where in ("/tmp", "."):
    i = 0
    while True:
        try:
            with open(os.path.join(where, "kpuzzle-diskfill-%d-%d" % (os.getpid(), i)), "wb") as f:
                f.write(block)
        except OSError:
            break
        i += 1
with open(sys.argv[2], "w") as f:
    f.write("UNSOLVABLE\n")
