package search

// Heuristic estimates how many moves separate a state from the goal it was
// built for. A Heuristic is built for one goal on one shape (the
// constructors in package reference/heuristics and reference/pdb take the
// goal); it is meaningless for any other goal or shape.
//
// Estimate receives the state's tiles in row-major order, 0 for the blank,
// exactly as many as the shape has cells. It returns a value ≥ 0, and 0
// for the goal. It must not modify cells, nor retain the slice after it
// returns (searches reuse the backing array).
//
// Estimate must be safe for concurrent use by several goroutines: a
// Heuristic is built once (tables filled in its constructor) and then
// only read, so that parallel searches can share it.
//
// Admissibility (never above the true distance) and consistency (never
// changing by more than 1 across one move; for unit move costs this is
// the monotone condition h(s) ≤ 1 + h(s')) are properties of each
// implementation and are documented on it. The optimal algorithms (A*,
// IDA*, RBFS) return optimal paths only with admissible heuristics; A*
// graph search reopens states when a heuristic is admissible but not
// consistent, so it stays optimal then too. A Heuristic is taken to be
// admissible unless it implements [Admissibility] and says otherwise.
type Heuristic interface {
	// Name identifies the heuristic in results and reports, e.g.
	// "manhattan" or "pdb:663".
	Name() string
	// Estimate is the heuristic value of the state cells.
	Estimate(cells []uint8) int
}

// RealValued is implemented by a heuristic whose true value is a real
// number (Euclidean distance) and whose Estimate rounds it. AStarBand uses
// it to count exactly the states A* with the real-valued heuristic must
// and may expand.
type RealValued interface {
	// Ceil is the exact ceiling of the real value.
	Ceil(cells []uint8) int
	// Integral reports whether the real value is a whole number.
	Integral(cells []uint8) bool
}

// Admissibility is implemented by a Heuristic that knows whether it is
// admissible. Searches mark a result optimal only when the heuristic is
// admissible; a Heuristic without this method is taken to be admissible.
type Admissibility interface {
	Admissible() bool
}

// Incremental is a Heuristic that can update its estimate after one move
// faster than it can estimate from scratch. IDA* and RBFS use it.
//
// Update returns the estimate of cells, the state after one move in which
// the tile now on cell to came from cell from (so the blank is now on
// from), given h, the estimate of the state before the move. It must equal
// Estimate(cells) exactly. Like Estimate, it must not modify or retain
// cells and must be safe for concurrent use.
type Incremental interface {
	Heuristic
	Update(cells []uint8, h int, from, to int) int
}

// TileCoster is a Heuristic that is a sum of independent per-tile costs,
// such as Manhattan distance or misplaced tiles: the estimate of a state is
// the sum, over every tile t ≥ 1 on cell c, of costs[t*n+c], where n is
// the number of cells. IDA* recognises such heuristics and runs a
// specialised inner loop on the table, with no call per node.
//
// TileCosts returns the table, n*n entries; the caller must not modify
// it. Entries for tile 0 (the blank) are ignored.
type TileCoster interface {
	Heuristic
	TileCosts() []uint8
}

// admissible reports whether h is to be trusted for optimality.
func admissible(h Heuristic) bool {
	if a, ok := h.(Admissibility); ok {
		return a.Admissible()
	}
	return true
}
