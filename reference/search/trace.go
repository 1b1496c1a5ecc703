package search

import (
	"bufio"
	"io"
	"strconv"
)

// tracer writes one line per expansion to the Options.Trace writer:
//
//	depth <TAB> g <TAB> h <TAB> state
//
// with h written "-" for uninformed searches and the state as its cells in
// row-major order separated by spaces. A nil *tracer traces nothing.
type tracer struct {
	w   *bufio.Writer
	buf []byte
	err error
}

func newTracer(w io.Writer, algo, heuristic string) *tracer {
	if w == nil {
		return nil
	}
	t := &tracer{w: bufio.NewWriter(w)}
	header := "# " + algo
	if heuristic != "" {
		header += " with " + heuristic
	}
	t.write(header + "\n# depth\tg\th\tstate\n")
	return t
}

func (t *tracer) write(s string) {
	if t.err == nil {
		_, t.err = t.w.WriteString(s)
	}
}

// expand records one expansion; h < 0 means no heuristic.
func (t *tracer) expand(depth, g, h int, cells []uint8) {
	if t.err != nil {
		return
	}
	b := t.buf[:0]
	b = strconv.AppendInt(b, int64(depth), 10)
	b = append(b, '\t')
	b = strconv.AppendInt(b, int64(g), 10)
	b = append(b, '\t')
	if h < 0 {
		b = append(b, '-')
	} else {
		b = strconv.AppendInt(b, int64(h), 10)
	}
	b = append(b, '\t')
	for i, c := range cells {
		if i > 0 {
			b = append(b, ' ')
		}
		b = strconv.AppendInt(b, int64(c), 10)
	}
	b = append(b, '\n')
	t.buf = b
	_, t.err = t.w.Write(b)
}

// note writes a comment line, e.g. the start of an IDA* iteration.
func (t *tracer) note(s string) {
	t.write("# " + s + "\n")
}

// close flushes the trace and returns the first write error.
func (t *tracer) close() error {
	if t == nil {
		return nil
	}
	if err := t.w.Flush(); t.err == nil {
		t.err = err
	}
	return t.err
}
