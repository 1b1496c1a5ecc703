package sandbox

import (
	"bytes"
	"errors"
	"io"
)

// tailSize is how much of the end of a stream capture keeps beside the
// capped head, so that a runtime's dying words can be recognised even when
// the head was truncated.
const tailSize = 4 << 10

// capture is an io.Writer that keeps the first limit bytes written to it
// and the last tailSize bytes, and discards the rest. Its memory use is
// bounded by limit + tailSize + one read buffer however much is written.
type capture struct {
	limit     int64
	head      []byte
	tail      []byte
	total     int64
	truncated bool
}

func newCapture(limit int64) *capture { return &capture{limit: limit} }

// Write never fails: a program's output is never the sandbox's error.
func (c *capture) Write(p []byte) (int, error) {
	c.total += int64(len(p))
	if room := c.limit - int64(len(c.head)); room > 0 {
		c.head = append(c.head, p[:min(room, int64(len(p)))]...)
		if room < int64(len(p)) {
			c.truncated = true
		}
	} else if len(p) > 0 {
		c.truncated = true
	}
	if len(p) >= tailSize {
		c.tail = append(c.tail[:0], p[len(p)-tailSize:]...)
	} else {
		c.tail = append(c.tail, p...)
		if len(c.tail) > tailSize {
			c.tail = append(c.tail[:0], c.tail[len(c.tail)-tailSize:]...)
		}
	}
	return len(p), nil
}

// readBufSize is the read size used by ReadFrom; larger than io.Copy's
// default so that a program printing without pause costs fewer wake-ups.
const readBufSize = 64 << 10

// ReadFrom copies r into c until EOF, reusing one buffer. os/exec's copy
// goroutine uses it through io.Copy.
func (c *capture) ReadFrom(r io.Reader) (int64, error) {
	buf := make([]byte, readBufSize)
	var n int64
	for {
		m, err := r.Read(buf)
		if m > 0 {
			n += int64(m)
			_, _ = c.Write(buf[:m])
		}
		if errors.Is(err, io.EOF) {
			return n, nil
		}
		if err != nil {
			return n, err
		}
	}
}

// bytes returns the captured head.
func (c *capture) bytes() []byte { return c.head }

// contains reports whether the head or the tail contains sub.
func (c *capture) contains(sub string) bool {
	return bytes.Contains(c.head, []byte(sub)) || bytes.Contains(c.tail, []byte(sub))
}

// oomMessages are the messages runtimes print when an allocation is
// refused. They are matched case-sensitively.
var oomMessages = []string{
	"MemoryError",                    // Python
	"bad_alloc",                      // C++ std::bad_alloc
	"OutOfMemoryError",               // Java
	"Could not reserve enough space", // JVM start-up under RLIMIT_AS
	"Could not allocate",             // JVM: "... compressed class space"
	"insufficient memory",            // JVM (on stdout)
	"Failed to reserve memory",       // JVM metaspace
	"out of memory",                  // Go runtime, glibc, node and many others
	"Out of memory",                  // Perl, shells
	"Cannot allocate memory",         // strerror(ENOMEM)
	"memory allocation failed",
	"memory allocation of", // Rust: "memory allocation of N bytes failed"
	"nable to allocate",    // NumPy "Unable to allocate"
	"memory exhausted",     // gcc, bison
}

// mentionsOOM reports whether c holds an out-of-memory message.
func (c *capture) mentionsOOM() bool {
	for _, m := range oomMessages {
		if c.contains(m) {
			return true
		}
	}
	return false
}
