// Package movefsm builds the finite-state machine that prunes duplicate
// move sequences from a depth-first search of a sliding-tile board
// (Taylor and Korf, "Pruning duplicate nodes in depth-first search",
// AAAI 1993).
//
// A depth-first search such as IDA* keeps no record of the states it has
// seen, so it reaches a state once by every path that leads to it. Two
// sequences of blank moves that start on the same cell and leave the
// board in the same state are duplicates: a search needs only one of
// them. Build enumerates, from every cell of the board, the sequences of
// up to Depth moves in order of length and then of moves (up, down,
// left, right), and marks as forbidden each sequence that reaches a state
// an earlier sequence from the same cell reaches; the machine reads the
// moves of a path and refuses a move that completes a forbidden sequence
// anywhere in it (an Aho-Corasick automaton over the forbidden sequences,
// each tagged with its starting cell).
//
// Pruning keeps every state reachable by a shortest path: among the
// shortest paths from a start to a state, the first in that order
// contains no forbidden sequence (replacing a forbidden sequence by its
// earlier twin would give an earlier path), so an IDA* search with an
// admissible heuristic still finds an optimal solution. It generates
// fewer nodes than a search that only refuses the inverse of the last
// move; with Depth 2 the machine is exactly that rule.
//
// A twin is checked move by move before its sequence is forbidden, so
// the hashing that finds duplicates can never forbid a sequence wrongly.
package movefsm
