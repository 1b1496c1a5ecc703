// Package replay holds the replay page's template, stylesheet and script
// (grader/replay renders them), in a package of its own so that the
// browser checker's module, which renders replay pages, carries these
// three files and not every embedded template.
package replay

import "embed"

// FS holds page.html.tmpl, page.css and page.js.
//
//go:embed page.html.tmpl page.css page.js
var FS embed.FS
