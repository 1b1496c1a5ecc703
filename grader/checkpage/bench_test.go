package checkpage_test

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/kpuzzle/kpuzzle/grader/checkpage"
	"github.com/kpuzzle/kpuzzle/grader/internal/browsertest"
	"github.com/kpuzzle/kpuzzle/grader/webcheck"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference"
)

// openToVerdict opens url in a new tab and returns the time from the
// navigation to the checker being ready (the module decoded, compiled and
// started in its worker) and from then to the verdict, which must be
// want.
func openToVerdict(b *testing.B, bctx context.Context, url, want string) (ready, verdict time.Duration) {
	b.Helper()
	ctx, cancel := chromedp.NewContext(bctx)
	defer cancel()
	var r, v float64
	got := ""
	err := chromedp.Do(ctx,
		chromedp.Navigate(url),
		chromedp.Poll[chromedp.Void](`(() => { const s = document.getElementById("verdict").dataset.state; if (!window.readyAt && s !== "loading") { window.readyAt = performance.now(); } return s === "done" || s === "error"; })()`,
			chromedp.WithPollingInterval(5*time.Millisecond), chromedp.WithPollingTimeout(5*time.Minute)),
	)
	if err == nil {
		r, err = chromedp.Run(ctx, chromedp.Evaluate[float64](`window.readyAt`))
	}
	if err == nil {
		v, err = chromedp.Run(ctx, chromedp.Evaluate[float64](`performance.now()`))
	}
	if err == nil {
		got, err = chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("verdict").dataset.verdict`))
	}
	if err != nil {
		b.Fatal(err)
	}
	if got != want {
		b.Fatalf("%s: verdict %q, want %q", url, got, want)
	}
	ms := func(x float64) time.Duration { return time.Duration(x * float64(time.Millisecond)) }
	return ms(r), ms(v - r)
}

// BenchmarkTimeToVerdict opens the page from file:// on links and
// reports the milliseconds to the checker being ready and from then to the
// verdict: on the 8-puzzle (the exact table built in the page), on
// Korf's instance 8 (depth 50, IDA* with pdb:555 built in the page), and
// once on each of Korf's instances of depth 49 to 51 (the mean and the
// slowest).
//
//	go test -run '^$' -bench TimeToVerdict -benchtime 5x ./grader/checkpage/
func BenchmarkTimeToVerdict(b *testing.B) {
	for _, c := range []struct{ name, fragment, verdict string }{
		{"3x3", "p=8,6,7,2,5,4,3,0,1&a=UNSOLVABLE", "unsolvable-wrong"},
		{"4x4-depth-50", "p=" + korf8Cells + "&a=" + korf8Moves + "&goal=blank-first", "optimal"},
	} {
		b.Run(c.name, func(b *testing.B) {
			bctx := browsertest.Start(b)
			url := writePage(b, checkpage.Options{})
			var ready, verdict time.Duration
			for b.Loop() {
				r, v := openToVerdict(b, bctx, url+"#"+c.fragment, c.verdict)
				ready += r
				verdict += v
			}
			b.ReportMetric(float64(ready.Milliseconds())/float64(b.N), "ms-to-ready")
			b.ReportMetric(float64(verdict.Milliseconds())/float64(b.N), "ms-ready-to-verdict")
		})
	}
	b.Run("4x4-depth-49-51", func(b *testing.B) {
		set, err := puzzles.LoadSet("korf100")
		if err != nil {
			b.Fatal(err)
		}
		// Optimal answers, found here by the same prover natively.
		prover := &reference.Prover{Heuristics: webcheck.Heuristics()}
		var links []string
		for _, inst := range set.Instances {
			if inst.Optimal < 49 || inst.Optimal > 51 {
				continue
			}
			g := set.Goal(inst)
			proof, err := prover.Prove(context.Background(), inst.Board, g)
			if err != nil {
				b.Fatal(err)
			}
			frag := webcheck.Fragment{Cells: inst.Board.Cells(), Goal: g.Name()}
			for _, d := range puzzles.AnswerFromPath(proof.Path, puzzles.TileMoves).Tokens {
				frag.Answer = append(frag.Answer, d.String()[:1])
			}
			links = append(links, frag.String())
		}
		bctx := browsertest.Start(b)
		url := writePage(b, checkpage.Options{})
		var total, slowest time.Duration
		n := 0
		for b.Loop() {
			for _, l := range links {
				_, v := openToVerdict(b, bctx, url+"#"+l, "optimal")
				total += v
				slowest = max(slowest, v)
				n++
			}
		}
		b.ReportMetric(float64(len(links)), "instances")
		b.ReportMetric(float64(total.Milliseconds())/float64(n), "ms-ready-to-verdict-mean")
		b.ReportMetric(float64(slowest.Milliseconds()), "ms-ready-to-verdict-max")
	})
}
