package webcheck_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/kpuzzle/kpuzzle/grader/webcheck"
)

// BenchmarkCheckLongAnswer checks a 3x3 answer of 10,001, 100,001 and
// 1,000,001 moves (the last a link's worth: a=LRLR...), as the page does
// when opened on a link: the fragment read, then the check with its
// replay page and share link. Time per move should not grow with the
// answer (issue 33: 100,000 moves took 6 s natively when the link was
// built one move at a time).
func BenchmarkCheckLongAnswer(b *testing.B) {
	c, err := webcheck.New(webcheck.Config{})
	if err != nil {
		b.Fatal(err)
	}
	for _, moves := range []int{10_001, 100_001, 999_999} {
		frag := "p=1,2,3,4,5,6,7,0,8&a=" + strings.Repeat("LR", moves/2) + "L"
		b.Run(strconv.Itoa(moves), func(b *testing.B) {
			for b.Loop() {
				f, err := webcheck.ParseFragment(frag)
				if err != nil {
					b.Fatal(err)
				}
				resp, err := c.Check(b.Context(), f.Request())
				if err != nil || resp.Verdict != "suboptimal" {
					b.Fatalf("verdict %s, err %v", resp.Verdict, err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(moves), "ns/move")
		})
	}
}
