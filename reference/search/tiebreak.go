package search

import (
	"fmt"
	"strings"
)

// GOrder is how a best-first search orders frontier states of equal f by
// their g.
type GOrder uint8

const (
	// HighG prefers the deepest state (highest g) — the default, which
	// in A* dives towards the goal inside the last f layer.
	HighG GOrder = iota
	// LowG prefers the shallowest state (lowest g).
	LowG
	// AnyG ignores g; only the insertion order breaks ties.
	AnyG
)

// Order is how a best-first search orders frontier states equal in f and
// in g.
type Order uint8

const (
	// LIFO takes the state inserted last — the default.
	LIFO Order = iota
	// FIFO takes the state inserted first.
	FIFO
)

// TieBreak orders frontier states of equal priority. The priority is f =
// g + h in A*, g + w·h in weighted A*, g in UCS and h in greedy search;
// among equal priorities G decides, then Order. The zero TieBreak is the
// default: lowest f, then highest g, then last in, first out.
//
// Expansion counts of A* depend on the tie-break (by a factor of three on
// the same instance), which is why every result reports it.
type TieBreak struct {
	G     GOrder
	Order Order
}

// DefaultTieBreak is lowest f, then highest g, then LIFO.
var DefaultTieBreak = TieBreak{HighG, LIFO}

// TieBreaks lists every tie-break, the default first.
func TieBreaks() []TieBreak {
	return []TieBreak{
		{HighG, LIFO}, {HighG, FIFO},
		{LowG, LIFO}, {LowG, FIFO},
		{AnyG, LIFO}, {AnyG, FIFO},
	}
}

// String is the tie-break's name as ParseTieBreak reads it, e.g.
// "high-g-lifo".
func (t TieBreak) String() string {
	g := map[GOrder]string{HighG: "high-g", LowG: "low-g", AnyG: "f"}[t.G]
	o := map[Order]string{LIFO: "lifo", FIFO: "fifo"}[t.Order]
	if g == "" || o == "" {
		return fmt.Sprintf("TieBreak(%d,%d)", t.G, t.Order)
	}
	return g + "-" + o
}

// Describe says the order in words, e.g. "lowest f, then highest g, then
// last in, first out".
func (t TieBreak) Describe() string {
	var sb strings.Builder
	sb.WriteString("lowest f")
	switch t.G {
	case HighG:
		sb.WriteString(", then highest g")
	case LowG:
		sb.WriteString(", then lowest g")
	}
	if t.Order == FIFO {
		sb.WriteString(", then first in, first out")
	} else {
		sb.WriteString(", then last in, first out")
	}
	return sb.String()
}

// ParseTieBreak reads a tie-break name: high-g-lifo (also "default" and
// "lifo"), high-g-fifo ("fifo"), low-g-lifo ("low-g"), low-g-fifo, f-lifo
// or f-fifo. The empty string is the default.
func ParseTieBreak(s string) (TieBreak, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "default", "lifo", "high-g-lifo":
		return TieBreak{HighG, LIFO}, nil
	case "fifo", "high-g-fifo":
		return TieBreak{HighG, FIFO}, nil
	case "low-g", "low-g-lifo":
		return TieBreak{LowG, LIFO}, nil
	case "low-g-fifo":
		return TieBreak{LowG, FIFO}, nil
	case "f-lifo":
		return TieBreak{AnyG, LIFO}, nil
	case "f-fifo":
		return TieBreak{AnyG, FIFO}, nil
	}
	return TieBreak{}, fmt.Errorf("tie-break %q: expected high-g-lifo (default), high-g-fifo, low-g-lifo, low-g-fifo, f-lifo or f-fifo", s)
}
