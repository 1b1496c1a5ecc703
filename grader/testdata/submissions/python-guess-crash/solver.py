"""A solver that prints a guess, UNSOLVABLE, before it searches, and then
crashes: reduced for kpuzzle's tests from a course's wrapper that piped
a program's output through sed, which hid the crash (the pipe's status
is sed's) and scored the guess."""
import sys

print("UNSOLVABLE")
sys.stdout.flush()
raise RuntimeError("the search is not written yet")
