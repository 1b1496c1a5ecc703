package main

import (
	"encoding/json"
	"io"
	"os"

	"github.com/fatih/color"
	"github.com/kpuzzle/kpuzzle/grader/check"
	"github.com/kpuzzle/kpuzzle/reference/textstyle"
	"github.com/mattn/go-isatty"
)

func isTerminal(f *os.File) bool {
	return isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd())
}

// palette colours human output; with colour off every function returns
// its text unchanged.
type palette struct {
	good, bad, warn, dim, bold func(a ...any) string
}

func newPalette(enabled bool) palette {
	mk := func(attrs ...color.Attribute) func(a ...any) string {
		c := color.New(attrs...)
		if enabled {
			c.EnableColor()
		} else {
			c.DisableColor()
		}
		return c.SprintFunc()
	}
	return palette{
		good: mk(color.FgGreen, color.Bold),
		bad:  mk(color.FgRed, color.Bold),
		warn: mk(color.FgYellow),
		dim:  mk(color.Faint),
		bold: mk(color.Bold),
	}
}

// style is the palette as the report packages take it.
func (p palette) style() textstyle.Style {
	return textstyle.Style{Good: p.good, Bad: p.bad, Warn: p.warn, Dim: p.dim, Bold: p.bold}
}

// verdict colours a verdict's text by its tone (check.Verdict.Tone), as
// every page and report colours it.
func (p palette) verdict(v check.Verdict, text string) string {
	switch v.Tone() {
	case check.ToneGood:
		return p.good(text)
	case check.ToneWarn:
		return p.warn(text)
	}
	return p.bad(text)
}

// writeJSON writes v as one indented JSON object.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
