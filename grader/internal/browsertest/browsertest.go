package browsertest

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// The environment variables the package reads.
const (
	// EnvRequire set to 1 turns a missing browser into a failure.
	EnvRequire = "KPUZZLE_REQUIRE_BROWSER"
	// EnvChromium names the browser binary.
	EnvChromium = "KPUZZLE_CHROMIUM"
)

// DefaultTimeout bounds one Do or Eval: generous, for a busy machine.
const DefaultTimeout = 2 * time.Minute

// ChromiumPath finds the browser, or skips the test (fails it under
// KPUZZLE_REQUIRE_BROWSER=1).
func ChromiumPath(t testing.TB) string {
	t.Helper()
	if p := os.Getenv(EnvChromium); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "headless-shell"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	msg := "no Chromium found on PATH (install the Debian package chromium, or set " + EnvChromium + " to the browser binary)"
	if os.Getenv(EnvRequire) == "1" {
		t.Fatalf("%s; %s=1 requires the browser test to run", msg, EnvRequire)
	}
	t.Skipf("browser test skipped: %s; set %s=1 to make this a failure", msg, EnvRequire)
	return ""
}

// Start starts one headless Chromium for the test, with flags that keep
// it off the network and its rendering reproducible, and returns its
// context; the browser is stopped when the test ends.
func Start(t testing.TB) context.Context {
	t.Helper()
	path := ChromiumPath(t)
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("force-device-scale-factor", "1"),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1100, 900),
	)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	bctx, cancelBrowser := chromedp.NewContext(actx)
	t.Cleanup(func() {
		cancelBrowser()
		cancelAlloc()
	})
	if err := chromedp.Do(bctx); err != nil {
		t.Fatalf("start %s: %v", path, err)
	}
	return bctx
}

// Options say how Open opens a page.
type Options struct {
	// Width and Height are the viewport, 1100x900 when zero.
	Width, Height int64
	// Ready is a CSS selector Open waits to see before it returns.
	Ready string
	// Allowed reports whether the page may request a URL other than its
	// own; nil allows none.
	Allowed func(url string) bool
	// Timeout bounds each Do and Eval; DefaultTimeout when zero.
	Timeout time.Duration
}

// Tab is one page open in the browser. It records uncaught script errors
// and the requests the page makes other than for itself; when the test
// ends, each is an error of the test.
type Tab struct {
	T       *testing.T
	Ctx     context.Context
	URL     string
	timeout time.Duration
	mu      sync.Mutex
	errs    []string
	reqs    []string
}

// Open opens url (a file:// URL, perhaps with a #fragment) in a new tab of
// the browser bctx and waits for o.Ready.
func Open(t *testing.T, bctx context.Context, url string, o Options) *Tab {
	t.Helper()
	if o.Width == 0 || o.Height == 0 {
		o.Width, o.Height = 1100, 900
	}
	if o.Timeout == 0 {
		o.Timeout = DefaultTimeout
	}
	ctx, cancel := chromedp.NewContext(bctx)
	t.Cleanup(cancel)
	base, _, _ := strings.Cut(url, "#")
	tb := &Tab{T: t, Ctx: ctx, URL: base, timeout: o.Timeout}
	err := chromedp.Listen(ctx, func(ev any) {
		tb.mu.Lock()
		defer tb.mu.Unlock()
		switch ev := ev.(type) {
		case *runtime.EventExceptionThrown:
			d := ev.ExceptionDetails
			msg := d.Text
			if d.Exception != nil && d.Exception.Description != "" {
				msg = d.Exception.Description
			}
			tb.errs = append(tb.errs, fmt.Sprintf("line %d: %s", d.LineNumber+1, msg))
		case *network.EventRequestWillBeSent:
			u := ev.Request.URL
			if u != tb.URL && !strings.HasPrefix(u, tb.URL+"#") && (o.Allowed == nil || !o.Allowed(u)) {
				tb.reqs = append(tb.reqs, u)
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	steps := []chromedp.Action[chromedp.Void]{
		chromedp.Func(func(ctx context.Context, target *chromedp.Target) error {
			if _, err := cdp.Call(ctx, target, runtime.Enable, cdp.Empty{}); err != nil {
				return err
			}
			_, err := cdp.Call(ctx, target, network.Enable, network.EnableParams{})
			return err
		}),
		chromedp.EmulateViewport(o.Width, o.Height),
		chromedp.Navigate(url),
	}
	if o.Ready != "" {
		steps = append(steps, chromedp.WaitVisible(chromedp.CSS(o.Ready)))
	}
	tb.Do(steps...)
	t.Cleanup(tb.checkClean)
	return tb
}

// checkClean fails the test if the page threw or fetched anything.
func (tb *Tab) checkClean() {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	for _, e := range tb.errs {
		tb.T.Errorf("uncaught script error in the page: %s", e)
	}
	for _, r := range tb.reqs {
		tb.T.Errorf("the page requested %s; it must load nothing", r)
	}
}

// Do runs browser actions in the tab, failing the test on an error.
func (tb *Tab) Do(steps ...chromedp.Action[chromedp.Void]) {
	tb.T.Helper()
	ctx, cancel := context.WithTimeout(tb.Ctx, tb.timeout)
	defer cancel()
	if err := chromedp.Do(ctx, steps...); err != nil {
		tb.T.Fatal(err)
	}
}

// Eval evaluates a JavaScript expression in the page and returns its
// value, failing the test on an error.
func Eval[T any](tb *Tab, js string) T {
	tb.T.Helper()
	ctx, cancel := context.WithTimeout(tb.Ctx, tb.timeout)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js))
	if err != nil {
		tb.T.Fatalf("evaluate %s: %v", js, err)
	}
	return v
}
