package search

import (
	"runtime/metrics"
	"time"
)

// meter measures the wall time and heap allocation of one search.
type meter struct {
	start  time.Time
	alloc0 uint64
}

const allocMetric = "/gc/heap/allocs:bytes"

func heapAllocated() uint64 {
	s := []metrics.Sample{{Name: allocMetric}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return s[0].Value.Uint64()
}

func startMeter() meter {
	return meter{start: time.Now(), alloc0: heapAllocated()}
}

// stop fills the time and allocation figures of st.
func (m meter) stop(st *Stats) {
	st.Elapsed = time.Since(m.start)
	if a := heapAllocated(); a >= m.alloc0 {
		st.AllocBytes = a - m.alloc0
	}
}

// countAt adds one to counts[i], growing the slice as needed.
func countAt(counts []int64, i int) []int64 {
	if i < 0 {
		return counts
	}
	for len(counts) <= i {
		counts = append(counts, 0)
	}
	counts[i]++
	return counts
}
