// Package replay holds the replay page's stylesheet and script
// (grader/replay inlines them into the page it writes), in a package of
// its own so that the browser checker's module, which renders replay
// pages, carries these two files and not every embedded template.
package replay

import "embed"

// FS holds page.css and page.js.
//
//go:embed page.css page.js
var FS embed.FS
