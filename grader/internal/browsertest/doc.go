// Package browsertest drives kpuzzle's self-contained HTML pages (the
// replay page, the checker page) in a real headless Chromium for tests:
// it finds and starts the browser, opens a page in a tab, and fails the
// test when the page throws an uncaught script error or requests anything
// it must not (the pages load nothing).
//
// Without a Chromium the tests that need one are skipped, unless
// KPUZZLE_REQUIRE_BROWSER=1 (set by CI) makes that a failure.
// KPUZZLE_CHROMIUM names the browser binary when it is not on PATH.
package browsertest
