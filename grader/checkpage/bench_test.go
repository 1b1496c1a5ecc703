package checkpage_test

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/kpuzzle/kpuzzle/grader/checkpage"
)

// BenchmarkTimeToVerdict opens the page from file:// on a link and
// reports, per opening, the milliseconds until the checker is ready
// (the module decoded, compiled and started in its worker) and from then
// to the verdict: on the 8-puzzle (exact table built in the page) and on
// Korf's instance 11 (depth 50, IDA* with pdb:555 built in the page).
//
//	go test -run '^$' -bench TimeToVerdict -benchtime 5x ./grader/checkpage/
func BenchmarkTimeToVerdict(b *testing.B) {
	for _, c := range []struct{ name, fragment, verdict string }{
		{"3x3", "p=8,6,7,2,5,4,3,0,1&a=UNSOLVABLE", "unsolvable-wrong"},
		{"4x4-depth-50", "p=" + korf11Cells + "&a=" + korf11Moves + "&goal=blank-first", "optimal"},
	} {
		b.Run(c.name, func(b *testing.B) {
			bctx := startBrowser(b)
			url := writePage(b, checkpage.Options{})
			var ready, verdict time.Duration
			for b.Loop() {
				ctx, cancel := chromedp.NewContext(bctx)
				var r, v float64
				err := chromedp.Do(ctx,
					chromedp.Navigate(url+"#"+c.fragment),
					chromedp.Poll[chromedp.Void](`(() => { const s = document.getElementById("verdict").dataset.state; if (!window.readyAt && s !== "loading") { window.readyAt = performance.now(); } return s === "done" || s === "error"; })()`,
						chromedp.WithPollingInterval(5*time.Millisecond), chromedp.WithPollingTimeout(5*time.Minute)),
				)
				if err == nil {
					r, err = chromedp.Run(ctx, chromedp.Evaluate[float64](`window.readyAt`))
				}
				if err == nil {
					v, err = chromedp.Run(ctx, chromedp.Evaluate[float64](`performance.now()`))
				}
				got := ""
				if err == nil {
					got, err = chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("verdict").dataset.verdict`))
				}
				cancel()
				if err != nil {
					b.Fatal(err)
				}
				if got != c.verdict {
					b.Fatalf("verdict %q, want %q", got, c.verdict)
				}
				ready += time.Duration(r * float64(time.Millisecond))
				verdict += time.Duration((v - r) * float64(time.Millisecond))
			}
			b.ReportMetric(float64(ready.Milliseconds())/float64(b.N), "ms-to-ready")
			b.ReportMetric(float64(verdict.Milliseconds())/float64(b.N), "ms-ready-to-verdict")
		})
	}
}
