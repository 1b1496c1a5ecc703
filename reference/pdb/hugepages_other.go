//go:build !linux

package pdb

// adviseHugePages is a no-op outside Linux.
func adviseHugePages([]byte) {}

// wordBytes is only for adviseHugePages, a no-op here.
func wordBytes([]uint64) []byte { return nil }
