"""Not a solver: a test harness that prints thousands of lines and never
writes an answer."""
for i in range(5000):
    print("experiment", i, "nodes expanded", i * 17)
