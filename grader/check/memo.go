package check

import (
	"context"
	"sync"

	"github.com/kpuzzle/kpuzzle/puzzles"
)

// NewMemoOracle wraps o so that a length it proved once is given again at
// once: the searches for the first move off every optimal path of a
// class's answers to one puzzle ask about many of the same boards. It
// keeps at most capacity lengths (0 means DefaultMemoCapacity), forgetting
// all of them when full, and never keeps a failure. It is safe for
// concurrent use when o is.
func NewMemoOracle(o Oracle, capacity int) Oracle {
	if capacity <= 0 {
		capacity = DefaultMemoCapacity
	}
	return &memoOracle{o: o, capacity: capacity, known: map[string]memoEntry{}}
}

// DefaultMemoCapacity is NewMemoOracle's capacity when none is given: at
// about 100 bytes an entry, some 10 MB.
const DefaultMemoCapacity = 100_000

type memoOracle struct {
	o        Oracle
	capacity int
	mu       sync.Mutex
	known    map[string]memoEntry
}

type memoEntry struct {
	length int
	method string
}

// Optimal returns the remembered length of b, or asks the oracle.
func (m *memoOracle) Optimal(ctx context.Context, b puzzles.Board, g puzzles.Goal) (int, string, error) {
	key := string(g.Board().Bytes()) + "|" + string(b.Bytes())
	m.mu.Lock()
	e, ok := m.known[key]
	m.mu.Unlock()
	if ok {
		return e.length, e.method, nil
	}
	n, method, err := m.o.Optimal(ctx, b, g)
	if err != nil {
		return n, method, err
	}
	m.mu.Lock()
	if len(m.known) >= m.capacity {
		clear(m.known)
	}
	m.known[key] = memoEntry{n, method}
	m.mu.Unlock()
	return n, method, nil
}
