package chart

import (
	"bytes"
	"fmt"
	"image/color"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"

	xfont "golang.org/x/image/font"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"

	"github.com/kpuzzle/kpuzzle/puzzles/atomicfile"
	"github.com/kpuzzle/kpuzzle/reference/bench"
)

// Kind is one of the plots of a comparison.
type Kind int

// The plots.
const (
	// Nodes is mean nodes expanded by optimal depth (logarithmic).
	Nodes Kind = iota
	// Frontier is mean largest frontier by optimal depth (logarithmic).
	Frontier
	// Branching is mean effective branching factor by optimal depth.
	Branching
)

// Kinds lists every plot, in the order a report shows them.
func Kinds() []Kind { return []Kind{Nodes, Frontier, Branching} }

// String is the plot's file stem: "nodes", "frontier" or "branching".
func (k Kind) String() string {
	switch k {
	case Nodes:
		return "nodes"
	case Frontier:
		return "frontier"
	case Branching:
		return "branching"
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

// Title is the plot's heading.
func (k Kind) Title() string {
	switch k {
	case Nodes:
		return "Nodes expanded by optimal solution length"
	case Frontier:
		return "Largest frontier by optimal solution length"
	case Branching:
		return "Effective branching factor by optimal solution length"
	}
	return k.String()
}

func (k Kind) metric() bench.Metric {
	switch k {
	case Frontier:
		return bench.MaxFrontier
	case Branching:
		return bench.Branching
	}
	return bench.Expanded
}

func (k Kind) yLabel() string {
	switch k {
	case Frontier:
		return "largest frontier (mean, log scale)"
	case Branching:
		return "effective branching factor b* (mean)"
	}
	return "nodes expanded (mean, log scale)"
}

func (k Kind) logScale() bool { return k != Branching }

// Format is an image format.
type Format int

// The formats.
const (
	SVG Format = iota
	PNG
)

// ParseFormat reads "svg" or "png", case-insensitively.
func ParseFormat(s string) (Format, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "svg", "":
		return SVG, nil
	case "png":
		return PNG, nil
	}
	return 0, fmt.Errorf("plot format %q: expected svg or png", s)
}

// String is "svg" or "png".
func (f Format) String() string {
	if f == PNG {
		return "png"
	}
	return "svg"
}

// FileName is the conventional file name of plot k in format f, such as
// "nodes.svg".
func FileName(k Kind, f Format) string { return k.String() + "." + f.String() }

// Options size and label a plot. The zero Options is ready to use.
type Options struct {
	// Width and Height are the plot's size in points (1/72 inch); 0
	// means 576 x 324 (8 x 4.5 inches).
	Width, Height float64
	// DPI is the resolution of a PNG; 0 means 150.
	DPI int
	// Subtitle, when set, is added to the title (for example the set's
	// name).
	Subtitle string
}

// Write draws plot k of the report on w in format f.
func Write(w io.Writer, rep bench.Report, k Kind, f Format, o Options) error {
	width, height := vg.Length(o.Width), vg.Length(o.Height)
	if width <= 0 {
		width = 8 * vg.Inch
	}
	if height <= 0 {
		height = 4.5 * vg.Inch
	}
	switch f {
	case SVG:
		c := vgsvg.New(width, height)
		if err := render(draw.New(c), rep, k, o); err != nil {
			return err
		}
		var buf bytes.Buffer
		if _, err := c.WriteTo(&buf); err != nil {
			return err
		}
		_, err := w.Write(bytes.ReplaceAll(buf.Bytes(), []byte("font-family:"+sansFamily+";"), []byte("font-family:"+sansFallbacks+";")))
		return err
	case PNG:
		dpi := o.DPI
		if dpi <= 0 {
			dpi = 150
		}
		c := vgimg.NewWith(vgimg.UseWH(width, height), vgimg.UseDPI(dpi))
		if err := render(draw.New(c), rep, k, o); err != nil {
			return err
		}
		_, err := vgimg.PngCanvas{Canvas: c}.WriteTo(w)
		return err
	}
	return fmt.Errorf("plot format %d: expected SVG or PNG", int(f))
}

// WriteFiles writes every plot of the report into dir (made when
// missing) in format f, named by FileName, and returns their paths in
// the order of Kinds. Each file is written whole or not at all.
func WriteFiles(dir string, rep bench.Report, f Format, o Options) ([]string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	var paths []string
	for _, k := range Kinds() {
		var buf bytes.Buffer
		if err := Write(&buf, rep, k, f, o); err != nil {
			return nil, fmt.Errorf("plot %s: %w", k, err)
		}
		path := filepath.Join(dir, FileName(k, f))
		if err := atomicfile.WriteBytes(path, 0o644, buf.Bytes()); err != nil {
			return nil, err
		}
		paths = append(paths, path)
	}
	return paths, nil
}

// The Okabe–Ito palette (black first), distinct for colour-blind readers;
// yellow is left out, too pale on white.
var palette = []color.RGBA{
	{0x00, 0x00, 0x00, 0xff},
	{0xe6, 0x9f, 0x00, 0xff},
	{0x56, 0xb4, 0xe9, 0xff},
	{0x00, 0x9e, 0x73, 0xff},
	{0x00, 0x72, 0xb2, 0xff},
	{0xd5, 0x5e, 0x00, 0xff},
	{0xcc, 0x79, 0xa7, 0xff},
	{0x99, 0x99, 0x99, 0xff},
}

// SeriesColor is the colour of the series of the combination at index i.
func SeriesColor(i int) color.RGBA { return palette[i%len(palette)] }

var glyphs = []draw.GlyphDrawer{
	draw.CircleGlyph{}, draw.BoxGlyph{}, draw.TriangleGlyph{}, draw.PyramidGlyph{},
	draw.RingGlyph{}, draw.SquareGlyph{}, draw.CrossGlyph{}, draw.PlusGlyph{},
}

// dashes varies the line of series that share a colour.
var dashes = [][]vg.Length{nil, {vg.Points(6), vg.Points(3)}, {vg.Points(2), vg.Points(2)}}

var (
	sans     = font.Font{Typeface: "Liberation", Variant: "Sans"}
	sansBold = font.Font{Typeface: "Liberation", Variant: "Sans", Weight: xfont.WeightBold}
)

// sansFamily is the family gonum's SVG canvas names for sans, whose
// metrics place every text; sansFallbacks is what the SVG names instead,
// so that a viewer without it takes a font of the same metrics (Arimo,
// Arial, Helvetica) before its own sans-serif.
const (
	sansFamily    = "Liberation Sans"
	sansFallbacks = "'Liberation Sans',Arimo,Arial,Helvetica,sans-serif"
)

// legendSlack is the room the legend leaves beyond its text as Liberation
// Sans measures it, for a viewer that draws it in a wider sans-serif: DejaVu
// Sans, the usual last resort on Linux, is 13 to 25% wider (25% on a run
// of i's), and text that runs past the image's edge is cut.
const legendSlack = 1.25

// legendWidth is the width the legend's column needs: thumbnail, a space
// and the longest label with legendSlack.
func legendWidth(l plot.Legend, labels []string) vg.Length {
	var text vg.Length
	for _, s := range labels {
		text = max(text, l.TextStyle.Width(s))
	}
	return l.ThumbnailWidth + l.TextStyle.Rectangle(" ").Max.X + text*legendSlack
}

// render draws the plot and its legend on c.
func render(c draw.Canvas, rep bench.Report, k Kind, o Options) error {
	p := plot.New()
	p.Title.Text = k.Title()
	if o.Subtitle != "" {
		p.Title.Text += " — " + o.Subtitle
	}
	p.Title.TextStyle.Font = font.From(sansBold, 12)
	p.Title.Padding = vg.Points(8)
	p.X.Label.Text = "optimal solution length (moves)"
	p.Y.Label.Text = k.yLabel()
	for _, ax := range []*plot.Axis{&p.X, &p.Y} {
		ax.Label.TextStyle.Font = font.From(sans, 10)
		ax.Tick.Label.Font = font.From(sans, 9)
	}
	p.X.Tick.Marker = plot.TickerFunc(integerTicks)
	p.Add(plotter.NewGrid())

	legend := plot.NewLegend()
	legend.TextStyle.Font = font.From(sans, 9)
	legend.Top, legend.Left = true, true
	legend.ThumbnailWidth = vg.Points(24)

	log := k.logScale()
	xmin, xmax, ymin, ymax := math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	var labels []string
	for i, cr := range rep.Combos {
		var pts plotter.XYs
		for _, dp := range rep.ByDepth(i, k.metric()) {
			y := dp.Mean
			if log {
				// A logarithmic axis is drawn as a linear axis of log10 with
				// ticks labelled by powers of ten (gonum's LogScale places a
				// centred axis label by the arithmetic mean of the range,
				// which pushes the plot down).
				if y <= 0 {
					continue
				}
				y = math.Log10(y)
			}
			pts = append(pts, plotter.XY{X: float64(dp.Depth), Y: y})
			xmin, xmax = math.Min(xmin, float64(dp.Depth)), math.Max(xmax, float64(dp.Depth))
			ymin, ymax = math.Min(ymin, y), math.Max(ymax, y)
		}
		col := SeriesColor(i)
		line := &plotter.Line{XYs: pts}
		line.LineStyle = draw.LineStyle{Color: col, Width: vg.Points(1.5), Dashes: dashes[(i/len(palette))%len(dashes)]}
		dots := &plotter.Scatter{XYs: pts}
		dots.GlyphStyle = draw.GlyphStyle{Color: col, Radius: vg.Points(2.8), Shape: glyphs[i%len(glyphs)]}
		if len(pts) > 0 {
			p.Add(line, dots)
		}
		labels = append(labels, seriesLabel(cr))
		legend.Add(labels[i], line, dots)
	}
	if math.IsInf(xmin, 1) { // nothing solved: an empty frame
		xmin, xmax, ymin, ymax = 0, 1, 0, 1
		p.Title.Text += " (no run solved)"
	}
	if xmin == xmax {
		xmin, xmax = xmin-1, xmax+1
	}
	p.X.Min, p.X.Max = xmin-0.5, xmax+0.5
	if log {
		p.Y.Tick.Marker = plot.TickerFunc(logTicks)
		p.Y.Min, p.Y.Max = math.Floor(ymin), math.Ceil(ymax)
		if p.Y.Max <= p.Y.Min {
			p.Y.Max = p.Y.Min + 1
		}
	} else {
		lo, hi := math.Min(1, ymin), ymax
		if hi <= lo {
			hi = lo + 1
		}
		pad := (hi - lo) * 0.05
		p.Y.Min, p.Y.Max = math.Max(0, lo-pad), hi+pad
	}

	// The legend stands to the right of the plot, out of the data's way,
	// in a column 8 points from the plot and 6 from the edge. Labels too
	// long for half the width get a smaller font rather than be cut.
	lw := legendWidth(legend, labels) + vg.Points(14)
	for lw > c.Size().X/2 && legend.TextStyle.Font.Size > vg.Points(6) {
		legend.TextStyle.Font.Size -= vg.Points(0.5)
		lw = legendWidth(legend, labels) + vg.Points(14)
	}
	p.Draw(draw.Crop(c, 0, -lw, 0, 0))
	lc := draw.Crop(c, c.Size().X-lw+vg.Points(8), 0, 0, 0)
	legend.YOffs = -p.Title.TextStyle.Height(p.Title.Text) - 2*p.Title.Padding
	legend.Draw(lc)
	return nil
}

// seriesLabel names a combination, with its solved count when a limit
// stopped some of its runs.
func seriesLabel(cr bench.ComboResult) string {
	s := cr.Summary
	if s.Unfinished == 0 {
		return cr.Combo.String()
	}
	return fmt.Sprintf("%s (%d of %d solved)", cr.Combo.String(), s.Solved, s.Solvable)
}

// integerTicks labels whole depths, about ten of them at most, with a
// minor mark at every depth in between when there is room.
func integerTicks(lo, hi float64) []plot.Tick {
	a, b := int(math.Ceil(lo)), int(math.Floor(hi))
	if b < a {
		return nil
	}
	step := 1
	for _, s := range []int{1, 2, 5, 10, 20, 25, 50, 100, 200, 500, 1000} {
		step = s
		if (b-a)/s <= 10 {
			break
		}
	}
	var ticks []plot.Tick
	for v := a; v <= b; v++ {
		switch {
		case v%step == 0:
			ticks = append(ticks, plot.Tick{Value: float64(v), Label: fmt.Sprint(v)})
		case b-a <= 60:
			ticks = append(ticks, plot.Tick{Value: float64(v)})
		}
	}
	return ticks
}

// logTicks marks an axis of log10 values: the powers of ten labelled (1,
// 10, 100, 1k, 10k, ... 1G), minor marks at 2 to 9 times each.
func logTicks(lo, hi float64) []plot.Tick {
	if hi < lo {
		return nil
	}
	var ticks []plot.Tick
	for e := math.Floor(lo); e <= math.Ceil(hi); e++ {
		for m := 1.0; m < 10; m++ {
			v := e + math.Log10(m)
			if v < lo-1e-9 || v > hi+1e-9 {
				continue
			}
			t := plot.Tick{Value: v}
			if m == 1 {
				t.Label = shortNumber(math.Pow(10, e))
			}
			ticks = append(ticks, t)
		}
	}
	return ticks
}

// shortNumber writes a power of ten as 1, 10, 100, 1k ... 100k, 1M ... 1G,
// 1T, and anything else in Go's shortest form.
func shortNumber(v float64) string {
	for _, u := range []struct {
		div    float64
		suffix string
	}{{1e12, "T"}, {1e9, "G"}, {1e6, "M"}, {1e3, "k"}} {
		if v >= u.div {
			return fmt.Sprintf("%g%s", v/u.div, u.suffix)
		}
	}
	return fmt.Sprintf("%g", v)
}
