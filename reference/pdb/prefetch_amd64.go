package pdb

// prefetch asks the processor to bring the cache line holding *p closer
// (PREFETCHT0) and returns at once: the searches name the table entries
// of a node's children before they search the first child, so that the
// others' cache misses overlap its subtree instead of each stalling in
// turn. It is only a hint; it never faults.
//
//go:noescape
func prefetch(p *byte)
