"""Searches that solve the puzzle but expand states in another order
than CS188's, for kpuzzle's tests: breadth-first search tests for the
goal when it pushes a successor (it stops before the goal's layer is
expanded), depth-first search pushes the successors in reverse."""
from collections import deque


def breadthFirstSearch(problem):
    start = problem.getStartState()
    if problem.isGoalState(start):
        return []
    visited = {start}
    queue = deque([(start, [])])
    while queue:
        state, actions = queue.popleft()
        for successor, action, _ in problem.getSuccessors(state):
            if successor in visited:
                continue
            if problem.isGoalState(successor):
                return actions + [action]
            visited.add(successor)
            queue.append((successor, actions + [action]))
    return []


def depthFirstSearch(problem):
    stack = [(problem.getStartState(), None)]
    closed = set()
    while stack:
        state, path = stack.pop()
        if problem.isGoalState(state):
            out = []
            while path is not None:
                action, path = path
                out.append(action)
            return out[::-1]
        if state in closed:
            continue
        closed.add(state)
        for successor, action, _ in reversed(problem.getSuccessors(state)):
            stack.append((successor, (action, path)))
    return []
