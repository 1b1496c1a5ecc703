"""The student's own copy of the shared module, out of date: the grader
must run the instructor's."""


def solve(path):
    return ["UNSOLVABLE"]
