//go:build !linux

package pdb

// adviseHugePages is a no-op outside Linux.
func adviseHugePages([]byte) {}
