// Package split divides one iteration of IDA* among goroutines, for the
// parallel searches of reference/search (IDAStar with Options.Threads)
// and reference/pdb (Solve with Limits.Threads, and pdb/dynamic).
//
// An iteration that follows a small one (fewer than SerialBelow
// expansions) is not split: one worker searches it from the root. A larger
// iteration with f bound B is split in two. [Expand] walks the top of
// the tree level by level from the root, pruned exactly as the serial
// search prunes it (no move undoes the previous one; a node whose
// f = g + h exceeds B is generated but not expanded), until the level it
// has reached holds many more nodes than there are workers. Those nodes,
// in the order the serial depth-first search would meet them, are the
// frontier. [Run] then hands the frontier nodes to the workers one at a
// time from a shared queue: a worker that finishes a small subtree takes
// the next node, so no worker idles while nodes are left, however uneven
// the subtrees are. A worker that finds the goal below node i ends the
// iteration for the nodes after i (the others notice at their next look
// at their limits, every few thousand nodes) but not for those before i,
// which are searched to the end: the goal kept is the one below the least
// node that holds one, with the moves found below it, so the path is
// complete and, with an admissible heuristic, exactly the path the serial
// search returns. (An admissible heuristic puts every goal an iteration
// reaches at its bound; Expand meets the goals at one depth in the serial
// order, but with an inadmissible one it may meet a shallower goal that
// the serial search would reach later.)
//
// Each node of the tree is counted once: the nodes above the frontier by
// Expand, each frontier node and those below it by the worker that
// searches it. A complete iteration therefore counts exactly the nodes
// the serial search counts in it; only the iteration that finds the goal
// may differ, since the workers search in another order and stop at the
// first goal any of them reaches.
//
// [Budget] shares a node limit among the workers: each takes a few
// thousand nodes at a time and gives back what it did not use, so that
// together they never exceed the limit.
package split
