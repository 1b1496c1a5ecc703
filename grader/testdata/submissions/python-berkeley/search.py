"""Generic graph searches written the CS188 way, for kpuzzle's tests:
the goal test when a state leaves the fringe, each state expanded at
most once, successors pushed in the order getSuccessors gives them."""
import heapq


class Stack:
    def __init__(self):
        self.items = []

    def push(self, item):
        self.items.append(item)

    def pop(self):
        return self.items.pop()

    def isEmpty(self):
        return not self.items


class Queue:
    def __init__(self):
        self.items = []
        self.head = 0

    def push(self, item):
        self.items.append(item)

    def pop(self):
        item = self.items[self.head]
        self.head += 1
        return item

    def isEmpty(self):
        return self.head == len(self.items)


class PriorityQueue:
    """A heap of (priority, count, item): equal priorities leave in the
    order they came."""

    def __init__(self, priority):
        self.heap = []
        self.count = 0
        self.priority = priority

    def push(self, item):
        heapq.heappush(self.heap, (self.priority(item), self.count, item))
        self.count += 1

    def pop(self):
        return heapq.heappop(self.heap)[2]

    def isEmpty(self):
        return not self.heap


def actions_of(path):
    out = []
    while path is not None:
        action, path = path
        out.append(action)
    out.reverse()
    return out


def graphSearch(problem, fringe):
    # A fringe item is (state, path, cost); a path is (action, parent path).
    fringe.push((problem.getStartState(), None, 0))
    closed = set()
    while not fringe.isEmpty():
        state, path, cost = fringe.pop()
        if problem.isGoalState(state):
            return actions_of(path)
        if state in closed:
            continue
        closed.add(state)
        for successor, action, step in problem.getSuccessors(state):
            fringe.push((successor, (action, path), cost + step))
    return []


def depthFirstSearch(problem):
    return graphSearch(problem, Stack())


def breadthFirstSearch(problem):
    return graphSearch(problem, Queue())


def uniformCostSearch(problem):
    return graphSearch(problem, PriorityQueue(lambda item: item[2]))


def nullHeuristic(state, problem=None):
    return 0


def aStarSearch(problem, heuristic=nullHeuristic):
    return graphSearch(problem, PriorityQueue(lambda item: item[2] + heuristic(item[0], problem)))


dfs = depthFirstSearch
bfs = breadthFirstSearch
ucs = uniformCostSearch
astar = aStarSearch
