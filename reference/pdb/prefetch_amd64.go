package pdb

// prefetch2 asks the processor to bring the cache lines holding *a and
// *b closer (PREFETCHT0) and returns at once: the searches name the
// table entries of a node's children, direct and reflected, before they
// search the first child, so that the others' cache misses overlap its
// subtree instead of each stalling in turn. It is only a hint; it never
// faults. One call for both entries, since a call to assembly costs more
// than the prefetches.
//
//go:noescape
func prefetch2(a, b *byte)
