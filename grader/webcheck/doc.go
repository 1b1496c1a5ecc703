// Package webcheck is the checker of the browser checker page (`kpuzzle
// page`), as a plain Go library: it reads a puzzle and an answer as the
// page's text boxes hold them, judges the answer with check.Answer — the
// function behind `kpuzzle check` — and renders the replay with
// grader/replay. Nothing in the page decides a rule: the page's script
// hands strings to this package (compiled to WebAssembly by the main
// package in the wasm folder) and shows what comes back.
//
// A check runs in up to two stages, so that the page can show a verdict at
// once and still prove optimality on large boards:
//
//   - [StageQuick] decides everything but a missing optimal length of a
//     board above 9 cells: legality, the goal, the answer key of an
//     embedded course set, and the exact distance table
//     (reference/exact) for boards of up to 9 cells. A solved answer
//     whose optimum needs a search comes back [Response.Proving], with
//     the verdict valid, and so does a suboptimal or incomplete one whose
//     first move off every optimal path needs distances beyond a table.
//   - [StageProve] runs the reference prover (IDA* with the strongest
//     heuristic that fits, pattern database 5-5-5 built in memory on
//     4x4) and gives the final verdict, with the distances of the first
//     move off every optimal path proved within [DistanceNodes] each. The page runs it in a Web Worker
//     and ends it when its time budget runs out or the student presses
//     Cancel.
//   - [StageStopped] gives the verdict valid with the note saying why
//     optimality was not verified (cancelled, or over the budget).
//
// The URL fragment of a shared link (#p=1,2,3,4,5,6,0,7,8&a=LL&moves=tile)
// is read by [ParseFragment] and written by [Fragment.String].
package webcheck
