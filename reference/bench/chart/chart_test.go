package chart_test

import (
	"bytes"
	"context"
	"encoding/xml"
	"image"
	"image/color"
	"image/png"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/bench"
	"github.com/kpuzzle/kpuzzle/reference/bench/chart"
	"github.com/kpuzzle/kpuzzle/reference/exact"
	xfont "golang.org/x/image/font"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
)

// report runs a small comparison once: 8-puzzles at depths 4 to 16, five
// combinations, iterative deepening stopped on the deepest by a node
// budget.
var report = sync.OnceValues(func() (bench.Report, error) {
	g := puzzles.DefaultGoal(puzzles.Shape{Rows: 3, Cols: 3})
	tab, err := exact.Build(context.Background(), g, exact.Options{})
	if err != nil {
		return bench.Report{}, err
	}
	rng := puzzles.NewRand(5)
	var insts []bench.Instance
	for d := 4; d <= 16; d += 4 {
		for _, b := range tab.SampleAt(rng, d, 2) {
			insts = append(insts, bench.Instance{Name: b.String(), Board: b, Goal: g, Optimal: d})
		}
	}
	var combos []bench.Combo
	for _, s := range []string{"bfs", "ids", "astar:misplaced", "astar:manhattan", "idastar:linear-conflict"} {
		c, err := bench.ParseCombo(s)
		if err != nil {
			return bench.Report{}, err
		}
		combos = append(combos, c)
	}
	return bench.Run(context.Background(), bench.Config{Combos: combos, Instances: insts, Limits: bench.Limits{MaxNodes: 3000}})
})

func render(t *testing.T, rep bench.Report, k chart.Kind, f chart.Format, o chart.Options) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := chart.Write(&buf, rep, k, f, o); err != nil {
		t.Fatalf("%s %s: %v", k, f, err)
	}
	return buf.Bytes()
}

// svgTexts parses an SVG document as XML and returns its <svg> root's
// name and the text of every <text> element.
func svgTexts(t *testing.T, data []byte) (root string, texts []string) {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(data))
	var inText bool
	var cur strings.Builder
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v", err)
		}
		switch el := tok.(type) {
		case xml.StartElement:
			if root == "" {
				root = el.Name.Local
			}
			if el.Name.Local == "text" {
				inText = true
				cur.Reset()
			}
		case xml.CharData:
			if inText {
				cur.Write(el)
			}
		case xml.EndElement:
			if el.Name.Local == "text" {
				inText = false
				texts = append(texts, cur.String())
			}
		}
	}
	return root, texts
}

func TestSVGHasEverySeriesInItsLegend(t *testing.T) {
	rep, err := report()
	if err != nil {
		t.Fatal(err)
	}
	ids := rep.Combos[1]
	if ids.Combo.String() != "ids" || ids.Summary.Unfinished == 0 {
		t.Fatalf("the fixture should stop ids on some boards: %+v", ids.Summary)
	}
	for _, k := range chart.Kinds() {
		data := render(t, rep, k, chart.SVG, chart.Options{Subtitle: "8-puzzle <fixture>"})
		root, texts := svgTexts(t, data)
		if root != "svg" {
			t.Errorf("%s: root element %q, want svg", k, root)
		}
		want := []string{k.Title() + " — 8-puzzle <fixture>", "optimal solution length (moves)"}
		for _, c := range rep.Combos {
			label := c.Combo.String()
			if s := c.Summary; s.Unfinished > 0 {
				label += " (" + strconv.Itoa(s.Solved) + " of " + strconv.Itoa(s.Solvable) + " solved)"
			}
			want = append(want, label)
		}
		for _, w := range want {
			if !contains(texts, w) {
				t.Errorf("%s: no text %q among %q", k, w, texts)
			}
		}
		if k != chart.Branching && !contains(texts, "1k") {
			t.Errorf("%s: the logarithmic axis has no 1k label: %q", k, texts)
		}
		if again := render(t, rep, k, chart.SVG, chart.Options{Subtitle: "8-puzzle <fixture>"}); !bytes.Equal(data, again) {
			t.Errorf("%s: two renderings differ", k)
		}
		for _, c := range []string{"#000000", "#E69F00", "#56B4E9", "#009E73", "#0072B2"} {
			if !bytes.Contains(bytes.ToUpper(data), []byte("STROKE:"+c)) {
				t.Errorf("%s: no line in %s", k, c)
			}
		}
	}
}

func TestPNGDecodesWithEverySeriesColour(t *testing.T) {
	rep, err := report()
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range chart.Kinds() {
		data := render(t, rep, k, chart.PNG, chart.Options{Width: 576, Height: 324, DPI: 100})
		img, err := png.Decode(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%s: not a PNG: %v", k, err)
		}
		if diff := cmp.Diff(image.Rect(0, 0, 800, 450), img.Bounds()); diff != "" {
			t.Errorf("%s: size (-want +got):\n%s", k, diff)
		}
		for i := range rep.Combos {
			if !hasColour(img, chart.SeriesColor(i)) {
				t.Errorf("%s: no pixel in the colour of %s", k, rep.Combos[i].Combo)
			}
		}
	}
}

func TestEmptyReport(t *testing.T) {
	rep, err := report()
	if err != nil {
		t.Fatal(err)
	}
	// Keep only the runs a limit stopped: nothing is left to draw.
	empty := bench.Report{Instances: rep.Instances, Depths: rep.Depths}
	stopped := rep.Combos[1]
	for i, r := range stopped.Results {
		if r.Status == bench.StatusSolved {
			stopped.Results[i] = bench.Result{Status: bench.StatusTimeout, Length: -1}
		}
	}
	empty.Combos = []bench.ComboResult{stopped}
	for _, k := range chart.Kinds() {
		_, texts := svgTexts(t, render(t, empty, k, chart.SVG, chart.Options{}))
		if !contains(texts, k.Title()+" (no run solved)") {
			t.Errorf("%s: %q", k, texts)
		}
		render(t, empty, k, chart.PNG, chart.Options{Width: 288, Height: 162, DPI: 72})
	}
}

func TestFormats(t *testing.T) {
	for in, want := range map[string]chart.Format{"svg": chart.SVG, "PNG": chart.PNG, "": chart.SVG} {
		if got, err := chart.ParseFormat(in); err != nil || got != want {
			t.Errorf("ParseFormat(%q) = %v, %v", in, got, err)
		}
	}
	if _, err := chart.ParseFormat("gif"); err == nil {
		t.Error("gif accepted")
	}
	var names []string
	for _, k := range chart.Kinds() {
		names = append(names, chart.FileName(k, chart.PNG))
	}
	if diff := cmp.Diff([]string{"nodes.png", "frontier.png", "branching.png"}, names); diff != "" {
		t.Errorf("file names (-want +got):\n%s", diff)
	}
}

func hasColour(img image.Image, c color.RGBA) bool {
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, a := img.At(x, y).RGBA()
			if r>>8 == uint32(c.R) && g>>8 == uint32(c.G) && bl>>8 == uint32(c.B) && a>>8 == 0xff {
				return true
			}
		}
	}
	return false
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// svgText is a <text> element: its text, x, font size and style.
type svgText struct {
	text  string
	x     float64
	size  float64
	style string
}

// svgTextElements returns the width of an SVG document's viewBox and
// its <text> elements.
func svgTextElements(t *testing.T, data []byte) (float64, []svgText) {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(data))
	var width float64
	var out []svgText
	var cur *svgText
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v", err)
		}
		switch el := tok.(type) {
		case xml.StartElement:
			attr := map[string]string{}
			for _, a := range el.Attr {
				attr[a.Name.Local] = a.Value
			}
			switch el.Name.Local {
			case "svg":
				if f := strings.Fields(attr["viewBox"]); len(f) == 4 {
					width, _ = strconv.ParseFloat(f[2], 64)
				}
			case "text":
				x, _ := strconv.ParseFloat(attr["x"], 64)
				cur = &svgText{x: x, style: attr["style"]}
				for _, decl := range strings.Split(attr["style"], ";") {
					if v, ok := strings.CutPrefix(decl, "font-size:"); ok {
						cur.size, _ = strconv.ParseFloat(strings.TrimSuffix(v, "px"), 64)
					}
				}
			}
		case xml.CharData:
			if cur != nil {
				cur.text += string(el)
			}
		case xml.EndElement:
			if el.Name.Local == "text" && cur != nil {
				out = append(out, *cur)
				cur = nil
			}
		}
	}
	if width == 0 {
		t.Fatal("the SVG has no viewBox width")
	}
	return width, out
}

// textWidth measures s in the font data at size points.
func textWidth(t *testing.T, data []byte, s string, size float64) float64 {
	t.Helper()
	f, err := opentype.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: xfont.HintingNone})
	if err != nil {
		t.Fatal(err)
	}
	defer face.Close()
	return float64(xfont.MeasureString(face, s)) / 64
}

// TestSVGLegendFitsInOtherFonts checks the plots for a viewer without
// Liberation Sans: the SVG names fonts of the same metrics and then any
// sans-serif, and every legend label still ends inside the image when
// drawn in the wider fonts a viewer may fall back to (DejaVu Sans, when
// installed here, and Go's own sans-serif), even labels too long for the
// legend's usual font size.
func TestSVGLegendFitsInOtherFonts(t *testing.T) {
	fonts := map[string][]byte{"Go Regular": goregular.TTF}
	if data, err := os.ReadFile("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"); err == nil {
		fonts["DejaVu Sans"] = data
	} else {
		t.Log("DejaVu Sans is not installed here; measuring with Go Regular only")
	}
	base, err := report()
	if err != nil {
		t.Fatal(err)
	}
	long := base
	long.Combos = append([]bench.ComboResult(nil), base.Combos...)
	long.Combos[4].Combo.Heuristic = "pdb:1-2-3-4/5-6-7-8/9-10-11-12/13-14-15-16-17-18-19-20-21-22-23-24"
	for name, rep := range map[string]bench.Report{"fixture": base, "long label": long} {
		data := render(t, rep, chart.Nodes, chart.SVG, chart.Options{})
		width, texts := svgTextElements(t, data)
		labels := map[string]bool{}
		for _, c := range rep.Combos {
			labels[c.Combo.String()] = true
		}
		found := 0
		for _, tx := range texts {
			if !strings.Contains(tx.style, "font-family:'Liberation Sans',Arimo,Arial,Helvetica,sans-serif;") {
				t.Errorf("%s: text %q has style %q; want Liberation Sans with fallbacks", name, tx.text, tx.style)
			}
			label, _, _ := strings.Cut(tx.text, " (")
			if !labels[label] {
				continue
			}
			found++
			if tx.size < 6 {
				t.Errorf("%s: legend text %q at %vpx", name, tx.text, tx.size)
			}
			for fname, f := range fonts {
				if end := tx.x + textWidth(t, f, tx.text, tx.size); end > width {
					t.Errorf("%s: legend text %q ends at %.1f in %s, past the image's width %.0f", name, tx.text, end, fname, width)
				}
			}
		}
		if found != len(rep.Combos) {
			t.Errorf("%s: %d legend labels found, want %d", name, found, len(rep.Combos))
		}
	}
}
