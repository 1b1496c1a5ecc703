"""Writes an endless answer (as a buggy loop would) until the file-size
limit stops it. CPython ignores SIGXFSZ, so the write fails with EFBIG and
the program dies of the exception: the grader must still call it
output-limit, not a crash."""
import sys

with open(sys.argv[2], "w") as f:
    while True:
        f.write("UP\n" * 65536)
