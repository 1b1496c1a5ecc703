package checkpage

import (
	"bufio"
	"bytes"
	"compress/gzip"
	_ "embed"
	"fmt"
	"html/template"
	"io"
	"sync"

	"github.com/kpuzzle/kpuzzle/grader/webcheck"
	"github.com/kpuzzle/kpuzzle/puzzles"
)

var (
	//go:embed checker.wasm.gz
	wasmGz []byte
	//go:embed wasm_exec.js
	wasmExecJS string
	//go:embed assets/page.html.tmpl
	pageTemplate string
	//go:embed assets/page.css
	pageCSS string
	//go:embed assets/page.js
	pageJS string
)

// WasmGz is the gzipped WebAssembly checker the page embeds.
func WasmGz() []byte { return bytes.Clone(wasmGz) }

// ModuleText is the checker's module exactly as a page written by this
// build of kpuzzle embeds it (gzipped, seven bits a character: see
// text.go): what a course's own page, handed out to students, holds.
func ModuleText() string { return moduleText() }

// wasmExecText is wasm_exec.js gzipped as the page holds it, made once:
// a third of its size.
var wasmExecText = sync.OnceValue(func() string {
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	zw.Write([]byte(wasmExecJS))
	zw.Close()
	return encodeText(gz.Bytes())
})

// moduleText is ModuleText, made once.
var moduleText = sync.OnceValue(func() string { return encodeText(wasmGz) })

// WasmExecJS is the Go toolchain's wasm_exec.js the page embeds.
func WasmExecJS() string { return wasmExecJS }

// Options are what a page holds besides the checker.
type Options = webcheck.Config

// view is what the template sees.
type view struct {
	Title      string
	Convention string
	Goal       string
	GoalChoice bool
	GoalName   string
	SetName    string
	Set        []webcheck.Puzzle
	Budget     int
	Config     webcheck.Config
	WasmSize   string
	WasmExec   template.HTML
	WasmGz     template.HTML
	CSS        template.CSS
	JS         template.JS
}

var parseTemplate = sync.OnceValues(func() (*template.Template, error) {
	return template.New("page").Parse(pageTemplate)
})

// Write writes the checker page with options o on w. It fails for
// options the checker refuses (see webcheck.New) and for an error of w.
func Write(w io.Writer, o Options) error {
	if _, err := webcheck.New(o); err != nil {
		return err
	}
	t, err := parseTemplate()
	if err != nil {
		return fmt.Errorf("checker page template: %w", err)
	}
	if o.Title == "" {
		o.Title = "kpuzzle checker"
	}
	if o.Convention == "" {
		o.Convention = "tile"
	}
	if o.BudgetSeconds <= 0 {
		o.BudgetSeconds = webcheck.DefaultBudgetSeconds
	}
	for i := range o.Set {
		if o.Set[i].Text == "" {
			o.Set[i].Text = puzzleText(o.Set[i])
		}
	}
	v := view{
		Title: o.Title, Convention: o.Convention, SetName: o.SetName, Set: o.Set, Budget: o.BudgetSeconds,
		Config:   o,
		WasmSize: fmt.Sprintf("%.1f MB", float64(len(wasmGz))/(1<<20)),
		WasmExec: template.HTML(wasmExecText()),
		WasmGz:   template.HTML(moduleText()),
		CSS:      template.CSS(pageCSS),
		JS:       template.JS(pageJS),
	}
	switch o.Goal {
	case "", puzzles.GoalDefault:
		v.Goal, v.GoalChoice = puzzles.GoalDefault, true
	case puzzles.GoalBlankFirst:
		v.Goal, v.GoalChoice = puzzles.GoalBlankFirst, true
	default:
		v.GoalName = o.Goal
	}
	bw := bufio.NewWriter(w)
	if err := t.Execute(bw, v); err != nil {
		return fmt.Errorf("checker page: %w", err)
	}
	return bw.Flush()
}

// puzzleText writes a set puzzle's cells as rows.
func puzzleText(p webcheck.Puzzle) string {
	s, err := puzzles.ParseShape(p.Shape)
	if err != nil {
		return p.Cells
	}
	b, err := puzzles.ParseCells(p.Cells, s)
	if err != nil {
		return p.Cells
	}
	return b.Format(puzzles.FormatRows)
}
