//go:build !amd64

package pdb

// prefetch2 is a no-op where kpuzzle has no prefetch instruction for it
// (see prefetch_amd64.go).
func prefetch2(a, b *byte) {}
