"""Hostile, written for kpuzzle's tests (issue 31.4): the UCR CS170
shape without the search. It answers the menu, prints a made-up trace
and claims the depth of the goal node was 31 (the largest optimum of a
3x3 board) on every puzzle, with made-up counts; it never searches.
With run.solution: reported such a length is a claim, not a checked
path: it earns at most rubric.reported of a test's points."""
import sys

for _ in range(5):
    sys.stdin.readline()
print("Expanding state\n1 2 3\n4 0 6\n7 5 8")
print("To solve this problem the search algorithm expanded a total of 900 nodes.")
print("The maximum number of nodes in the queue at any one time: 500.")
print("The depth of the goal node was 31.")
