package audit

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"
)

// parallel runs job(ctx, worker, i) for i in [0, jobs) on workers
// goroutines, each job once, and returns the first error; after an error
// the jobs not started are skipped and ctx passed to running ones is
// cancelled.
func parallel(ctx context.Context, workers, jobs int, job func(ctx context.Context, worker, i int) error) error {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = max(1, min(workers, jobs))
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var next atomic.Int64
	var once sync.Once
	var first error
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= jobs || ctx.Err() != nil {
					return
				}
				if err := job(ctx, w, i); err != nil {
					once.Do(func() { first = err; cancel() })
					return
				}
			}
		}()
	}
	wg.Wait()
	if first != nil {
		return first
	}
	return ctx.Err()
}
