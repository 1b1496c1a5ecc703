"""kpuzzle audit's harness for a heuristic written as a Python function
(kpuzzle audit --function MODULE:FUNCTION). kpuzzle copies it into the
program's working folder as kpuzzle_heuristic.py, beside the grader's
function harness (kpuzzle_harness.py, whose load_function imports the
student's module as the grader's function interface does), and runs

    python3 kpuzzle_heuristic.py MODULE:FUNCTION BOARD BLANK SEPARATOR [CALL]

It reads every state first (the audit protocol: one state per line, the
cells in row-major order separated by spaces, 0 the blank; KPUZZLE_SHAPE
and KPUZZLE_GOAL say the board and the goal), then hides standard input
and output from the student's code (its prints go nowhere, input() finds
nothing), imports MODULE and calls FUNCTION(board) on each state, or
evaluates the Python expression CALL in the module's namespace with
board, goal (the goal in the same shape), rows and cols bound. BOARD says
how a board is handed over:

    rows        a list of rows: [[1, 2, 3], [4, 5, 6], [7, 8, 0]]
    flat        a flat list: [1, 2, 3, 4, 5, 6, 7, 8, 0]
    tuple       a tuple of rows: ((1, 2, 3), (4, 5, 6), (7, 8, 0))
    flat-tuple  a flat tuple
    string      the cells joined by SEPARATOR: "123456780", "1,2,3,..."
    numpy       a numpy array of rows (when numpy is installed)

BLANK is how the blank is written: 0 by default; in lists and tuples a
number stays a number, None is None and anything else a string; in a
string it is the text written for the blank ("_" gives "12345678_").

It writes each value on its own line, in input order, and exits 0. A
value that is not a number, or an exception, ends the run with status 1
and a last line on stderr naming the state, the board as passed and the
error.

With BOARD "probe:SHAPE,SHAPE,...|BLANK|BLANK..." it calls the function
on every state in each shape with each way of writing the blank, and
writes one line per pair, "SHAPE#I ok V V ..." or "SHAPE#I error
MESSAGE", I the blank's index in the list: kpuzzle reads them to find the
shape (--board auto) and the blank (--blank not given) the function takes.
"""
import io
import math
import numbers
import os
import sys

SHAPES = ["rows", "flat", "tuple", "flat-tuple", "string", "numpy"]


class Failed(Exception):
    """A call that did not give a number."""


def blank_value(text):
    if text.lstrip("-").isdigit():
        return int(text)
    if text == "None":
        return None
    return text


def make_board(cells, shape, rows, cols, blank, sep):
    """The board of cells (0 the blank) in the shape named."""
    if shape == "string":
        return sep.join(blank if c == 0 else str(c) for c in cells)
    b = blank_value(blank)
    flat = [b if c == 0 else c for c in cells]
    grid = [flat[r * cols:(r + 1) * cols] for r in range(rows)]
    if shape == "rows":
        return grid
    if shape == "flat":
        return flat
    if shape == "tuple":
        return tuple(tuple(r) for r in grid)
    if shape == "flat-tuple":
        return tuple(flat)
    if shape == "numpy":
        import numpy
        return numpy.array(grid)
    raise Failed("unknown board shape %r; expected one of %s" % (shape, ", ".join(SHAPES)))


def number(v):
    """v as a float, or Failed when it is not a number."""
    if isinstance(v, bool) or not isinstance(v, numbers.Real):
        try:
            import numpy
            if isinstance(v, numpy.generic) and numpy.issubdtype(type(v), numpy.number):
                v = v.item()
        except ImportError:
            pass
    if isinstance(v, bool) or not isinstance(v, numbers.Real):
        raise Failed("it returned %s %r, not a number" % (type(v).__name__, v))
    f = float(v)
    if math.isnan(f) or math.isinf(f):
        raise Failed("it returned %r, not a finite number" % (v,))
    return v


def text(v):
    if isinstance(v, numbers.Integral):
        return str(int(v))
    return repr(float(v))


def main():
    args = sys.argv[1:]
    target, shape, blank, sep = args[:4]
    call = args[4] if len(args) > 4 else ""
    rows, cols = (int(x) for x in os.environ["KPUZZLE_SHAPE"].split("x"))
    goal_cells = [int(x) for x in os.environ["KPUZZLE_GOAL"].split()]
    states = [[int(x) for x in line.split()] for line in sys.stdin.read().splitlines()]

    out = sys.stdout
    sys.stdin = io.StringIO("")
    sys.stdout = open(os.devnull, "w")
    from kpuzzle_harness import load_function
    try:
        module, function = load_function(target, "--function")
    except SystemExit as e:
        if isinstance(e.code, str) and e.code.startswith("kpuzzle:"):
            raise
        sys.exit("kpuzzle: importing the module of %s ended the program (sys.exit(%r) at import)" % (target, e.code))
    name = target.partition(":")[2]
    code = compile(call, "--call", "eval") if call else None
    envs = {}  # the namespace of CALL, per shape

    def value(cells, shape, blank=blank):
        try:
            board = make_board(cells, shape, rows, cols, blank, sep)
        except ImportError as e:
            raise Failed("the board cannot be made as %s: %s" % (shape, e))
        try:
            if code is None:
                v = function(board)
            else:
                env = envs.get((shape, blank))
                if env is None:
                    env = dict(vars(module), goal=make_board(goal_cells, shape, rows, cols, blank, sep), rows=rows, cols=cols)
                    envs[(shape, blank)] = env
                env["board"] = board
                v = eval(code, env)
        except Failed:
            raise
        except SystemExit as e:
            raise Failed("it called sys.exit(%r)" % (e.code,))
        except BaseException as e:
            raise Failed("it raised %s: %s" % (type(e).__name__, e))
        return number(v)

    what = call if call else "%s(board)" % name
    if shape.startswith("probe:"):
        shapes, _, blanks = shape[len("probe:"):].partition("|")
        lines = []
        for s in shapes.split(","):
            for i, b in enumerate(blanks.split("|") if blanks else [blank]):
                try:
                    lines.append("%s#%d ok %s" % (s, i, " ".join(text(value(c, s, b)) for c in states)))
                except Failed as e:
                    lines.append("%s#%d error %s" % (s, i, str(e).replace("\n", " ")[:300]))
        out.write("".join(l + "\n" for l in lines))
        return
    results = []
    for c in states:
        try:
            results.append(text(value(c, shape)))
        except Failed as e:
            try:
                board = repr(make_board(c, shape, rows, cols, blank, sep))
            except ImportError:
                board = "?"
            sys.exit("kpuzzle: %s on the state %s (board passed as %s: %s): %s" %
                     (what, " ".join(map(str, c)), shape, board.replace("\n", " "), str(e).replace("\n", " ")[:300]))
    out.write("".join(r + "\n" for r in results))


if __name__ == "__main__":
    main()
