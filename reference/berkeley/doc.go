// Package berkeley reproduces the graph searches of UC Berkeley's CS188
// search project (search.py: depthFirstSearch, breadthFirstSearch,
// uniformCostSearch, aStarSearch) on the sliding-tile puzzle, state by
// state, so that a grader can compare the order in which a student's
// search expands states with the reference's, as CS188's autograder does.
//
// The rules reproduced (CS188's graph search, as its autograder expects
// it):
//
//   - A state is expanded when getSuccessors is called on it; the goal
//     test is made when a state is taken off the fringe, before it is
//     expanded, so the goal is never expanded.
//   - Graph search: a state taken off the fringe that was expanded
//     before is skipped, so each state is expanded at most once.
//   - Successors are pushed in the order getSuccessors returns them:
//     the blank moves up, down, left, right (eightpuzzle.py's order and
//     action names), each at cost 1.
//   - The fringe is util.Stack (depth-first: the last successor pushed is
//     expanded first), util.Queue (breadth-first) or util.PriorityQueue
//     (uniform cost: priority g; A*: g + h of the successor), a heap of
//     (priority, count, item) in which equal priorities come out in the
//     order they were pushed.
//
// [Search] returns the expanded states in order, capped at
// Options.MaxExpanded, and the actions found.
package berkeley
