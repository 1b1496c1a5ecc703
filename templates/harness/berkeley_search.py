"""kpuzzle's harness for Berkeley CS188-style search functions
(run.problem: berkeley, run.function: "MODULE:FUNCTION"). The grader copies
it into the submission's copy as kpuzzle_berkeley.py and runs

    python3 kpuzzle_berkeley.py MODULE:FUNCTION PUZZLE ANSWER [HEURISTIC]

with the goal's cells in the environment variable KPUZZLE_GOAL (the
default goal, tiles in order and the blank last, when it is absent).

It builds a search problem for the puzzle, as CS188's eightpuzzle.py does
(a state is a tuple of the cells, row-major, 0 the blank; the actions
'up', 'down', 'left', 'right' say where the blank moves; successors come in
that order, each at cost 1), and calls FUNCTION(problem), or
FUNCTION(problem, heuristic) when HEURISTIC (null, manhattan or misplaced)
is given: heuristic(state, problem) like CS188's heuristics. Every call of
getSuccessors is an expansion, recorded in order.

It writes the actions the function returns to ANSWER, one per line (an
empty list or None for a start that is not the goal: UNSOLVABLE), and the
expanded states to ANSWER.expanded: the line "kpuzzle expanded RxC", one
line per state with one character per cell (0-9, then a-z), at most
100,000 states and 1,000,000 bytes of them, and the line "total N"
counting every expansion.
"""
import importlib
import os
import sys
import traceback

MAX_STATES = 100000
MAX_BYTES = 1000000
DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"


def read_rows(path):
    with open(path) as f:
        rows = [[int(x) for x in line.replace(",", " ").split()] for line in f if line.strip()]
    if len(rows) > 1 and len(rows[0]) == 1 and len(rows[1]) > 1:
        rows = rows[1:]  # the Princeton size line
    return rows


class PuzzleSearchProblem:
    """CS188's SearchProblem for a sliding-tile puzzle (eightpuzzle.py's
    EightPuzzleSearchProblem, on a board of any shape)."""

    def __init__(self, start, goal, rows, cols):
        self._start = tuple(start)
        self._goal = tuple(goal)
        self.rows, self.cols = rows, cols
        self._expanded = []
        self._recorded_bytes = 0
        self._total = 0

    def getStartState(self):
        return self._start

    def isGoalState(self, state):
        return tuple(state) == self._goal

    def _check(self, state, method):
        try:
            state = tuple(state)
        except TypeError:
            raise TypeError("%s: %r is not a state of this problem (a tuple of the cells)" % (method, state))
        if len(state) != len(self._start) or sorted(state) != sorted(self._start):
            raise ValueError("%s: %r is not a state of this problem (a tuple of the cells)" % (method, state))
        return state

    def getSuccessors(self, state):
        """The (successor, action, stepCost) triples of state: the blank
        moves up, down, left, right, when it can; cost 1 each. Each call is
        an expansion."""
        state = self._check(state, "getSuccessors")
        self._total += 1
        if len(self._expanded) < MAX_STATES and self._recorded_bytes + len(state) + 1 <= MAX_BYTES:
            self._expanded.append(state)
            self._recorded_bytes += len(state) + 1
        out = []
        blank = state.index(0)
        r, c = divmod(blank, self.cols)
        for action, dr, dc in (("up", -1, 0), ("down", 1, 0), ("left", 0, -1), ("right", 0, 1)):
            nr, nc = r + dr, c + dc
            if 0 <= nr < self.rows and 0 <= nc < self.cols:
                cells = list(state)
                j = nr * self.cols + nc
                cells[blank], cells[j] = cells[j], 0
                out.append((tuple(cells), action, 1))
        return out

    def getCostOfActions(self, actions):
        """The number of actions, or 999999 when one is illegal."""
        if actions is None:
            return 999999
        cells = list(self._start)
        moves = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}
        for a in actions:
            if a not in moves:
                return 999999
            blank = cells.index(0)
            r, c = divmod(blank, self.cols)
            nr, nc = r + moves[a][0], c + moves[a][1]
            if not (0 <= nr < self.rows and 0 <= nc < self.cols):
                return 999999
            j = nr * self.cols + nc
            cells[blank], cells[j] = cells[j], 0
        return len(actions)

    def record(self):
        lines = ["kpuzzle expanded %dx%d" % (self.rows, self.cols)]
        lines += ["".join(DIGITS[t] for t in s) for s in self._expanded]
        lines.append("total %d" % self._total)
        return "\n".join(lines) + "\n"


def heuristic_named(name, goal, cols):
    where = {t: divmod(i, cols) for i, t in enumerate(goal)}

    def nullHeuristic(state, problem=None):
        return 0

    def manhattanHeuristic(state, problem=None):
        d = 0
        for i, t in enumerate(state):
            if t != 0:
                r, c = divmod(i, cols)
                gr, gc = where[t]
                d += abs(r - gr) + abs(c - gc)
        return d

    def misplacedHeuristic(state, problem=None):
        return sum(1 for i, t in enumerate(state) if t != 0 and goal[i] != t)

    return {"null": nullHeuristic, "manhattan": manhattanHeuristic, "misplaced": misplacedHeuristic}[name]


def main():
    target, puzzle, answer = sys.argv[1:4]
    heuristic = sys.argv[4] if len(sys.argv) > 4 else None
    module_name, _, function_name = target.partition(":")
    rows = read_rows(puzzle)
    height, width = len(rows), len(rows[0])
    start = [c for row in rows for c in row]
    if len(start) > len(DIGITS):
        sys.exit("kpuzzle: a board of %d cells; the harness records boards of up to %d" % (len(start), len(DIGITS)))
    goal_text = os.environ.get("KPUZZLE_GOAL", "")
    goal = [int(x) for x in goal_text.split()] if goal_text.strip() else list(range(1, len(start))) + [0]
    try:
        module = importlib.import_module(module_name)
    except Exception:
        traceback.print_exc()
        sys.exit("kpuzzle: could not import the module %s (run.function %s)" % (module_name, target))
    function = getattr(module, function_name, None)
    if not callable(function):
        sys.exit("kpuzzle: the module %s has no function %s (run.function %s)" % (module_name, function_name, target))
    problem = PuzzleSearchProblem(start, goal, height, width)
    if heuristic is None:
        result = function(problem)
    else:
        result = function(problem, heuristic_named(heuristic, goal, width))
    with open(answer + ".expanded", "w") as out:
        out.write(problem.record())
    if result is None:
        result = []
    if isinstance(result, (str, bytes)) or not isinstance(result, (list, tuple)):
        sys.exit("kpuzzle: the function returned %s; expected a list of actions ('up', 'down', 'left', 'right')" % type(result).__name__)
    if not all(isinstance(a, str) for a in result):
        sys.exit("kpuzzle: the function returned a list of %s; expected actions ('up', 'down', 'left', 'right')" %
                 ", ".join(sorted({type(a).__name__ for a in result})))
    with open(answer, "w") as out:
        if not result and tuple(start) != tuple(goal):
            out.write("UNSOLVABLE\n")
        else:
            out.write("".join(a.strip() + "\n" for a in result))


if __name__ == "__main__":
    main()
