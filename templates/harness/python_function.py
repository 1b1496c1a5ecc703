"""kpuzzle's harness for assignments graded by calling a Python function
(run.function: "MODULE:FUNCTION"). The grader copies it into the
submission's copy as kpuzzle_harness.py and runs

    python3 kpuzzle_harness.py MODULE:FUNCTION PUZZLE ANSWER

It reads the puzzle file (rows of integers, 0 the blank; a Princeton size
line is skipped), calls FUNCTION(rows) from the student's MODULE with the
board as a list of rows, and writes what it returns as an answer file:

- None, False or the string "UNSOLVABLE": the puzzle has no solution;
- a list of move words ("UP", "L", ...): one per line;
- a list of tile numbers: one per line (the tiles that slide, in order);
- a list of boards (each a list of rows, or a flat list of cells): the
  boards, separated by blank lines (the start board may come first);
- a string: written as it is (kpuzzle reads answer notations itself).

Anything else, or an exception, ends the run with a message on stderr.
"""
import importlib
import sys
import traceback


def read_rows(path):
    with open(path) as f:
        rows = [[int(x) for x in line.replace(",", " ").split()] for line in f if line.strip()]
    if len(rows) > 1 and len(rows[0]) == 1 and len(rows[1]) > 1:
        rows = rows[1:]  # the Princeton size line
    return rows


def board_text(board, width):
    if all(isinstance(c, int) for c in board):
        cells = list(board)
        return "\n".join(" ".join(str(c) for c in cells[i:i + width]) for i in range(0, len(cells), width))
    return "\n".join(" ".join(str(c) for c in row) for row in board)


def answer_text(result, width):
    if result is None or result is False or (isinstance(result, str) and result.strip().upper() == "UNSOLVABLE"):
        return "UNSOLVABLE\n"
    if isinstance(result, str):
        return result if result.endswith("\n") else result + "\n"
    if not isinstance(result, (list, tuple)):
        raise TypeError("the function returned %s; expected a list of moves, tile numbers or boards, or None" % type(result).__name__)
    items = list(result)
    if not items:
        return ""
    if all(isinstance(m, str) for m in items):
        return "".join(m.strip() + "\n" for m in items)
    if all(isinstance(m, int) and not isinstance(m, bool) for m in items):
        return "".join("%d\n" % m for m in items)
    if all(isinstance(b, (list, tuple)) for b in items):
        return "\n\n".join(board_text(b, width) for b in items) + "\n"
    raise TypeError("the function returned a list of %s; expected moves (strings), tile numbers (ints) or boards (lists)" %
                    ", ".join(sorted({type(m).__name__ for m in items})))


def load_function(target, key="run.function"):
    """Import MODULE of target "MODULE:FUNCTION" and return the module and
    its FUNCTION, or exit with a message naming key (the setting that gave
    target). kpuzzle audit's function harness calls it too."""
    module_name, _, function_name = target.partition(":")
    try:
        module = importlib.import_module(module_name)
    except Exception as e:
        traceback.print_exc()
        sys.exit("kpuzzle: could not import the module %s (%s %s): %s: %s" % (module_name, key, target, type(e).__name__, e))
    function = getattr(module, function_name, None)
    if not callable(function):
        sys.exit("kpuzzle: the module %s has no function %s (%s %s)" % (module_name, function_name, key, target))
    return module, function


def main():
    target, puzzle, answer = sys.argv[1:4]
    rows = read_rows(puzzle)
    _, function = load_function(target)
    result = function([list(r) for r in rows])
    try:
        text = answer_text(result, len(rows[0]))
    except TypeError as e:
        sys.exit("kpuzzle: %s" % e)
    with open(answer, "w") as out:
        out.write(text)


if __name__ == "__main__":
    main()
