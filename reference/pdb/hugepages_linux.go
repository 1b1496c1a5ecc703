package pdb

import (
	"syscall"
	"unsafe"
)

// adviseHugePages asks Linux to back a large table with transparent huge
// pages where the system allows it (the "madvise" setting), which cuts
// the TLB misses of random lookups; it is only advice, and errors are
// ignored.
func adviseHugePages(b []byte) {
	const pageSize = 4096
	if len(b) < 4<<20 {
		return
	}
	// madvise wants a page-aligned start; Go allocates large slices
	// page-aligned, but be safe and skip a misaligned one.
	if uintptrOf(b)%pageSize != 0 {
		return
	}
	_ = syscall.Madvise(b, 14) // MADV_HUGEPAGE
}

func uintptrOf(b []byte) uintptr { return uintptr(unsafe.Pointer(unsafe.SliceData(b))) }

// wordBytes is the memory of a slice of words, for adviseHugePages.
func wordBytes(w []uint64) []byte {
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(w))), len(w)*8)
}
