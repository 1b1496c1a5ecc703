package chart_test

import (
	"io"
	"testing"

	"github.com/kpuzzle/kpuzzle/reference/bench/chart"
)

// BenchmarkWrite draws the three plots of the small fixture comparison
// (five combinations, four depths) in each format.
func BenchmarkWrite(b *testing.B) {
	rep, err := report()
	if err != nil {
		b.Fatal(err)
	}
	for _, f := range []chart.Format{chart.SVG, chart.PNG} {
		b.Run(f.String(), func(b *testing.B) {
			for b.Loop() {
				for _, k := range chart.Kinds() {
					if err := chart.Write(io.Discard, rep, k, f, chart.Options{}); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}
