package main

import (
	"fmt"
	"os"

	"github.com/schollz/progressbar/v3"
)

// progressBar is the one progress reporter of the commands: a bar on
// stderr when stderr is a terminal and the output is not JSON, nothing
// otherwise (a CI log, a batch job's output file, --json). grade, bench,
// gen, sets prove and the pattern-database builds draw with it.
type progressBar struct {
	w     *os.File // nil: draw nothing
	opts  []progressbar.Option
	bar   *progressbar.ProgressBar
	total int64
	desc  string
	// newline ends the finished bar's line instead of clearing it.
	newline bool
}

// newProgressBar returns the reporter for a's stderr; opts are added to
// every bar it draws (the count is always shown).
func newProgressBar(a *app, opts ...progressbar.Option) *progressBar {
	p := &progressBar{opts: opts}
	if f, ok := a.errOut.(*os.File); ok && isTerminal(f) && !a.json {
		p.w = f
	}
	return p
}

// drawing reports whether bars are drawn.
func (p *progressBar) drawing() bool { return p.w != nil }

// set shows done of total, described by desc. The first call, and a call
// with another total, starts a new bar.
func (p *progressBar) set(desc string, done, total int64) {
	if p.w == nil {
		return
	}
	if p.bar == nil || total != p.total {
		p.clear()
		p.total = total
		opts := append([]progressbar.Option{progressbar.OptionSetWriter(p.w), progressbar.OptionShowCount()}, p.opts...)
		p.bar = progressbar.NewOptions64(total, opts...)
		p.desc = ""
	}
	if desc != p.desc {
		p.bar.Describe(desc)
		p.desc = desc
	}
	_ = p.bar.Set64(done)
}

// clear takes the bar off the screen (before a warning is printed); the
// next set draws it again.
func (p *progressBar) clear() {
	if p.bar != nil {
		_ = p.bar.Clear()
	}
}

// restart makes the next set start a new bar.
func (p *progressBar) restart() {
	p.clear()
	p.bar = nil
}

// finish completes the bar being drawn, if any.
func (p *progressBar) finish() {
	if p.bar == nil {
		return
	}
	_ = p.bar.Finish()
	if p.newline {
		fmt.Fprintln(p.w)
	}
	p.bar = nil
}
