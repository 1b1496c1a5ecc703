package bench

import "math"

// EffectiveBranching is the effective branching factor b* of a search that
// generated n nodes to find a solution at depth d: the branching factor of
// the uniform tree of depth d that holds n+1 nodes,
//
//	n + 1 = 1 + b* + b*^2 + ... + b*^d,
//
// solved numerically (to about 1e-12). It reports false when b* is not
// defined: d < 1, or n < d (no tree of depth d is that small; a search
// that went straight to the goal generates at least d nodes, and then
// b* = 1).
func EffectiveBranching(n int64, d int) (float64, bool) {
	if d < 1 || n < int64(d) {
		return 0, false
	}
	if n == int64(d) {
		return 1, true
	}
	target := float64(n) + 1
	// sum(b) = 1 + b + ... + b^d grows with b; sum(1) = d+1 <= target, and
	// b = n^(1/d) gives b^d = n, so sum >= n+1 = target there.
	lo, hi := 1.0, math.Max(1, math.Pow(float64(n), 1/float64(d)))
	for range 200 {
		mid := (lo + hi) / 2
		if treeSize(mid, d, target) < target {
			lo = mid
		} else {
			hi = mid
		}
		if hi-lo <= 1e-12*hi {
			break
		}
	}
	return (lo + hi) / 2, true
}

// treeSize is 1 + b + ... + b^d, or a value above limit as soon as the sum
// passes it.
func treeSize(b float64, d int, limit float64) float64 {
	sum, term := 1.0, 1.0
	for range d {
		term *= b
		sum += term
		if sum > limit {
			return sum
		}
	}
	return sum
}
