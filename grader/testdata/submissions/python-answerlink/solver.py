"""Graded where the assignment reads the answer from a file in a folder
of the working folder (run.answer: out/answer.txt), it makes that folder a
symbolic link to a folder of the course's, which the grader, reading as
root after the run, would follow: the instructor's own answer.txt there
(or any file of that name anywhere) would be taken for the program's
answer. It writes nothing itself. The grader must read the answer only
inside the working folder: a path that leaves it is the program's
malformed answer, never a file of the grader's.

target.txt, put beside it by the test as a student who knows the
course's layout would know it, names the folder to point at."""
import os

here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(here, "target.txt")) as f:
    target = f.readline().strip()
os.symlink(target, "out")
