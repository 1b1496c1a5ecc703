# kpuzzle: pins the randomness a Python program draws from the system, so
# that a test's run answers the same when it is run again (see
# docs/grading.md, "Reproducible runs"). The grader puts this folder first
# on PYTHONPATH and sets PYTHONHASHSEED=0; this file seeds the random
# module's shared generator (random.shuffle, random.choice, ...) with 0,
# as random.seed(0) would. A program that seeds it itself, makes its own
# random.Random() or uses os.urandom or secrets still draws from the
# system. Written for Python 2.7 and 3 alike.
import os
import sys

try:
    import random as _kpuzzle_random
    _kpuzzle_random.seed(0)
    del _kpuzzle_random
except Exception:
    pass


def _kpuzzle_chain():
    # The interpreter's own sitecustomize (Debian's, a virtual
    # environment's), which this file hides on sys.path, runs after it.
    here = os.path.dirname(os.path.abspath(__file__))
    saved = sys.path[:]
    ours = sys.modules.pop("sitecustomize", None)
    try:
        sys.path[:] = [p for p in saved if os.path.abspath(p or os.curdir) != here]
        try:
            import sitecustomize  # noqa: F401
        except ImportError:
            if ours is not None:
                sys.modules["sitecustomize"] = ours
    finally:
        sys.path[:] = saved


_kpuzzle_chain()
del _kpuzzle_chain
