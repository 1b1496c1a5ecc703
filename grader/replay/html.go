package replay

import (
	"bufio"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The page's markup is written here, without a template engine: Go's
// templates look methods up by name, which keeps every exported method of
// a program in it, and the browser checker's WebAssembly module, which
// renders replay pages, would be twice its size with them. Every string
// that does not come from this file goes through text (element content
// and double-quoted attribute values) or the JSON writer (the data
// block); TestEscaping and FuzzWrite hold the page to that.

// markup writes a page's HTML.
type markup struct{ w *bufio.Writer }

// raw writes the page's own markup.
func (m markup) raw(parts ...string) {
	for _, s := range parts {
		m.w.WriteString(s)
	}
}

// textEscaper escapes text for element content and double-quoted
// attribute values, as html/template does.
var textEscaper = strings.NewReplacer(
	"\x00", "\uFFFD", `"`, "&#34;", "&", "&amp;", "'", "&#39;", "+", "&#43;", "<", "&lt;", ">", "&gt;",
)

// text writes s escaped.
func (m markup) text(s string) { textEscaper.WriteString(m.w, s) }

// int writes n.
func (m markup) int(n int) { m.w.WriteString(strconv.Itoa(n)) }

// cells writes a board's cells as the board's children.
func (m markup) cells(cs []cellView) {
	for _, c := range cs {
		m.raw(`<div class="`, c.Class, `">`)
		m.text(c.Text)
		m.raw(`</div>`)
	}
}

// boardStyle writes the style attribute's value of a board drawn with
// tiles of px pixels.
func (m markup) boardStyle(v view, px int) {
	m.raw(`--rows: `)
	m.int(v.Rows)
	m.raw(`; --cols: `)
	m.int(v.Cols)
	m.raw(`; --tile: `)
	m.int(px)
	m.raw(`px`)
}

// writePage writes the page of v, its stylesheet css and script js
// inlined (they are this package's own files, never user input).
func writePage(w *bufio.Writer, v view, css, js string) {
	m := markup{w}
	m.raw("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n",
		"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n",
		"<meta name=\"generator\" content=\"kpuzzle replay\">\n<title>")
	m.text(v.Title)
	m.raw(" — kpuzzle replay</title>\n<style>", css, "</style>\n</head>\n<body>\n",
		"<a class=\"skip\" href=\"#controls\">Skip to the replay controls</a>\n",
		"<header class=\"top\">\n  <h1>")
	m.text(v.Title)
	m.raw("</h1>\n  <p class=\"subtitle\">")
	m.text(v.Subtitle)
	m.raw(". ")
	m.text(v.ConventionHelp)
	m.raw("</p>\n</header>\n<main class=\"layout\">\n",
		"  <section class=\"stage\" aria-labelledby=\"stage-title\">\n",
		"    <h2 id=\"stage-title\" class=\"visually-hidden\">Board</h2>\n",
		"    <div class=\"boards\">\n      <figure class=\"board-figure\">\n",
		"        <div id=\"board\" class=\"board\" role=\"group\" aria-label=\"Board, ")
	m.int(v.Rows)
	m.raw(" rows by ")
	m.int(v.Cols)
	m.raw(" columns\" style=\"")
	m.boardStyle(v, v.TilePx)
	m.raw("\">")
	m.cells(v.Start)
	m.raw("</div>\n        <figcaption id=\"position\" class=\"position\">Start</figcaption>\n",
		"      </figure>\n      <figure class=\"goal-figure\">\n",
		"        <div class=\"board goal\" role=\"img\" aria-label=\"Goal board\" style=\"")
	m.boardStyle(v, v.GoalTilePx)
	m.raw("\">")
	m.cells(v.Goal)
	m.raw("</div>\n        <figcaption>Goal</figcaption>\n      </figure>\n    </div>")
	if ill := v.Illegal; ill != nil {
		m.raw("\n    <p id=\"illegal-marker\" class=\"illegal-marker\" hidden>\n",
			"      <span class=\"mark\" aria-hidden=\"true\">✕</span>\n",
			"      <span><strong>Illegal move ")
		m.int(ill.Move)
		m.line(ill.Line)
		m.raw(": ")
		m.text(ill.Token)
		m.raw("</strong> — <span class=\"reason\">")
		m.text(ill.Reason)
		m.raw(".</span> The replay stops here.</span>\n    </p>")
	}
	if off := v.OffPath; off != nil {
		m.raw("\n    <p id=\"offpath-marker\" class=\"offpath-marker\" hidden>\n",
			"      <span class=\"mark\" aria-hidden=\"true\">↯</span>\n",
			"      <span><strong>Move ")
		m.int(off.Move)
		m.line(off.Line)
		m.raw(", ")
		m.text(off.Played)
		m.raw(", leaves every optimal path.</strong> <span id=\"offpath-text\"></span></span>\n    </p>")
	}
	m.raw(controls)
	m.int(v.Last)
	m.raw("\" value=\"0\" step=\"1\" aria-valuetext=\"Start\">\n",
		"      <output id=\"slider-value\" for=\"slider\">0 / ")
	m.int(v.Last)
	m.raw("</output>\n", speed, "    <p id=\"status\" class=\"status\" aria-live=\"polite\">")
	m.text(v.StartStatus)
	m.raw("</p>\n", keys)
	m.verdictCard(v)
	m.raw("    <section class=\"card moves-card\" aria-labelledby=\"moves-title\">\n",
		"      <h2 id=\"moves-title\">Moves</h2>\n",
		"      <p id=\"moves-window\" class=\"moves-window\" hidden></p>\n",
		"      <ol id=\"moves\" class=\"moves\"></ol>")
	if v.Length == 0 {
		m.raw("\n      <p class=\"empty\">")
		switch {
		case v.Unsolvable:
			m.raw("The answer is the single word UNSOLVABLE.")
		case v.AnswerError != "":
			m.raw("No moves could be read.")
		default:
			m.raw("The answer has no moves.")
		}
		m.raw("</p>")
	}
	m.raw("\n    </section>\n  </aside>\n</main>\n",
		"<footer class=\"foot\">Made by kpuzzle replay. This page is self-contained: it loads nothing from the network.</footer>\n",
		"<script type=\"application/json\" id=\"", DataElementID, "\">")
	writeData(w, v.Data)
	m.raw("</script>\n<script>", js, "</script>\n</body>\n</html>\n")
}

// line writes " (line N)" when line is known.
func (m markup) line(line int) {
	if line > 0 {
		m.raw(" (line ")
		m.int(line)
		m.raw(")")
	}
}

// verdictCard writes the side column's verdict card.
func (m markup) verdictCard(v view) {
	tone := v.Tone
	if tone == "" {
		tone = "neutral"
	}
	m.raw("  <aside class=\"side\">\n    <section class=\"card verdict tone-")
	m.text(tone)
	m.raw("\" aria-labelledby=\"verdict-title\">\n      <h2 id=\"verdict-title\">Verdict</h2>\n",
		"      <p class=\"badge\" id=\"verdict\">")
	m.text(v.Verdict)
	m.raw("</p>\n      <p class=\"summary\" id=\"summary\">")
	m.text(v.Summary)
	m.raw("</p>\n      <dl class=\"facts\">\n        <div><dt>Moves in the answer</dt><dd id=\"length\">")
	switch {
	case v.Unsolvable:
		m.raw("UNSOLVABLE")
	case v.AnswerError != "":
		m.raw("unreadable")
	default:
		m.int(v.Length)
	}
	m.raw("</dd></div>\n        <div><dt>Optimal length</dt><dd id=\"optimal\">")
	if v.OptimalLength != nil {
		m.int(*v.OptimalLength)
	} else {
		m.raw("not known")
	}
	if v.OptimalSource != "" {
		m.raw(" <span class=\"source\">(")
		m.text(v.OptimalSource)
		m.raw(")</span>")
	}
	m.raw("</dd></div>")
	if v.Illegal != nil {
		m.raw("\n        <div><dt>Played before the illegal move</dt><dd>")
		m.int(v.Played)
		m.raw("</dd></div>")
	}
	if off := v.OffPath; off != nil {
		m.raw("\n        <div><dt>Off the optimal paths</dt><dd id=\"offpath\">move ")
		m.int(off.Move)
		m.raw(", ")
		m.text(off.Played)
		m.raw("</dd></div>\n        <div><dt>Goal distance there</dt><dd>")
		m.int(off.DistanceBefore)
		m.raw(" → ")
		m.int(off.DistanceAfter)
		m.raw("</dd></div>")
		if off.Better != "" {
			m.raw("\n        <div><dt>Optimal there</dt><dd id=\"offpath-better\">")
			m.text(off.Better)
			m.raw("</dd></div>")
		}
	}
	if v.Remaining != nil {
		m.raw("\n        <div><dt>Moves still needed from the last board</dt><dd id=\"remaining\">")
		m.int(*v.Remaining)
		m.raw("</dd></div>")
	}
	if v.Cut {
		m.raw("\n        <div><dt>Moves in this page</dt><dd id=\"shown\">the first ")
		m.int(v.Shown)
		m.raw("</dd></div>")
	}
	m.raw("\n      </dl>")
	if v.Cut {
		m.raw("\n      <p class=\"note cut\" id=\"cut\"><strong>The answer is too long for one page.</strong> ")
		m.text(v.CutNote)
		m.raw("</p>\n      <figure class=\"final-figure\">\n        <div class=\"board goal\" role=\"img\" aria-label=\"")
		m.text(v.FinalCaption)
		m.raw("\" style=\"")
		m.boardStyle(v, v.GoalTilePx)
		m.raw("\">")
		m.cells(v.Final)
		m.raw("</div>\n        <figcaption>")
		m.text(v.FinalCaption)
		m.raw("</figcaption>\n      </figure>")
	}
	if v.AnswerError != "" {
		m.raw("\n      <p class=\"answer-error\" id=\"answer-error\"><span class=\"mark\" aria-hidden=\"true\">✕</span> The answer file cannot be read: ")
		m.text(v.AnswerError)
		m.raw(".</p>")
	}
	if v.Note != "" {
		m.raw("\n      <p class=\"note\"><strong>Note:</strong> ")
		m.text(v.Note)
		m.raw("</p>")
	}
	if v.OffPath != nil && v.OffPath.Unknown != "" {
		m.raw("\n      <p class=\"note\">")
		m.text(v.OffPath.Unknown)
		m.raw(".</p>")
	}
	m.raw("\n    </section>\n")
}

// The fixed parts of the page: the replay's controls up to the slider's
// maximum, the speed menu, and the keys' help up to the side column.
const (
	controls = `
    <div id="controls" class="controls" role="toolbar" aria-label="Replay controls" tabindex="-1">
      <button type="button" id="first" title="Back to the start (Home)">
        <svg aria-hidden="true" viewBox="0 0 24 24"><path d="M6 5h2v14H6zM19 5v14L9 12z"/></svg><span>Start</span>
      </button>
      <button type="button" id="back" title="Step back (←)">
        <svg aria-hidden="true" viewBox="0 0 24 24"><path d="M17 5v14L6 12z"/></svg><span>Back</span>
      </button>
      <button type="button" id="play" class="primary" title="Play or pause (Space)" aria-pressed="false">
        <svg class="icon-play" aria-hidden="true" viewBox="0 0 24 24"><path d="M7 5v14l12-7z"/></svg><svg class="icon-pause" aria-hidden="true" viewBox="0 0 24 24"><path d="M6 5h4v14H6zM14 5h4v14h-4z"/></svg><span id="play-label">Play</span>
      </button>
      <button type="button" id="forward" title="Step forward (→)">
        <span>Next</span><svg aria-hidden="true" viewBox="0 0 24 24"><path d="M7 5v14l11-7z"/></svg>
      </button>
      <button type="button" id="last" title="To the end (End)">
        <span>End</span><svg aria-hidden="true" viewBox="0 0 24 24"><path d="M5 5v14l10-7zM16 5h2v14h-2z"/></svg>
      </button>
    </div>
    <div class="slider-row">
      <label for="slider">Position</label>
      <input type="range" id="slider" min="0" max="`
	speed = `      <label class="speed" for="speed">Speed
        <select id="speed">
          <option value="1">1 move/s</option>
          <option value="2" selected>2 moves/s</option>
          <option value="5">5 moves/s</option>
          <option value="10">10 moves/s</option>
          <option value="30">30 moves/s</option>
          <option value="100">100 moves/s</option>
        </select>
      </label>
    </div>
`
	keys = `    <p class="keys">Keys: <kbd>←</kbd> <kbd>→</kbd> step · <kbd>Space</kbd> play/pause · <kbd>Home</kbd> <kbd>End</kbd> jump to the ends</p>
    <noscript><p class="noscript">JavaScript is off, so the page shows the start position only.</p></noscript>
  </section>
`
)

// writeData writes the page's data as JSON, as encoding/json writes
// pageData (ReadData in the tests decodes it with encoding/json): written
// here for the same reason as the markup, encoding/json's reflection.
func writeData(w *bufio.Writer, d pageData) {
	j := jsonWriter{w}
	j.raw(`{"rows":`)
	j.int(d.Rows)
	j.raw(`,"cols":`)
	j.int(d.Cols)
	j.raw(`,"goal":`)
	j.ints(d.Goal)
	j.raw(`,"convention":`)
	j.string(d.Convention)
	j.raw(`,"moves":`)
	j.string(d.Moves)
	if len(d.Lines) > 0 {
		j.raw(`,"lines":`)
		j.ints(d.Lines)
	}
	j.raw(`,"blanks":`)
	j.ints(d.Blanks)
	j.raw(`,"keyEvery":`)
	j.int(d.KeyEvery)
	j.raw(`,"keyframes":`)
	if d.Keyframes == nil {
		j.raw("null")
	} else {
		j.raw("[")
		for i, k := range d.Keyframes {
			if i > 0 {
				j.raw(",")
			}
			j.ints(k)
		}
		j.raw("]")
	}
	if ill := d.Illegal; ill != nil {
		j.raw(`,"illegal":{"index":`)
		j.int(ill.Index)
		j.raw(`,"line":`)
		j.int(ill.Line)
		j.raw(`,"token":`)
		j.string(ill.Token)
		j.raw(`,"reason":`)
		j.string(ill.Reason)
		j.raw(`,"blankDir":`)
		j.string(ill.BlankDir)
		j.raw("}")
	}
	j.raw(`,"solved":`)
	j.bool(d.Solved)
	if d.Total != 0 {
		j.raw(`,"total":`)
		j.int(d.Total)
	}
	if d.Unsolvable {
		j.raw(`,"unsolvable":true`)
	}
	if d.Malformed {
		j.raw(`,"malformed":true`)
	}
	if off := d.OffPath; off != nil {
		j.raw(`,"offPath":{"index":`)
		j.int(off.Index)
		j.raw(`,"played":`)
		j.int(off.Played)
		j.raw(`,"better":`)
		j.ints(off.Better)
		j.raw(`,"text":`)
		j.string(off.Text)
		j.raw(`,"status":`)
		j.string(off.Status)
		j.raw("}")
	}
	if d.Open != 0 {
		j.raw(`,"open":`)
		j.int(d.Open)
	}
	j.raw("}")
}

// jsonWriter writes JSON values.
type jsonWriter struct{ w *bufio.Writer }

func (j jsonWriter) raw(s string) { j.w.WriteString(s) }

func (j jsonWriter) int(n int) { j.w.WriteString(strconv.Itoa(n)) }

func (j jsonWriter) bool(b bool) { j.w.WriteString(strconv.FormatBool(b)) }

// ints writes a list of numbers; nil is null.
func (j jsonWriter) ints(ns []int) {
	if ns == nil {
		j.raw("null")
		return
	}
	j.w.WriteByte('[')
	for i, n := range ns {
		if i > 0 {
			j.w.WriteByte(',')
		}
		j.int(n)
	}
	j.w.WriteByte(']')
}

// string writes s as a JSON string as encoding/json does, HTML's special
// characters escaped too, so that the text of a <script> element never
// holds "</script" or "<!--".
func (j jsonWriter) string(s string) {
	const hex = "0123456789abcdef"
	j.w.WriteByte('"')
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		switch {
		case r == utf8.RuneError && size == 1:
			j.raw(`\ufffd`)
		case r == '"' || r == '\\':
			j.w.WriteByte('\\')
			j.w.WriteRune(r)
		case r == '\n':
			j.raw(`\n`)
		case r == '\r':
			j.raw(`\r`)
		case r == '\t':
			j.raw(`\t`)
		case r == '\b':
			j.raw(`\b`)
		case r == '\f':
			j.raw(`\f`)
		case r < 0x20 || r == '<' || r == '>' || r == '&' || r == '\u2028' || r == '\u2029':
			j.raw(`\u`)
			for shift := 12; shift >= 0; shift -= 4 {
				j.w.WriteByte(hex[(r>>shift)&0xf])
			}
		default:
			j.w.WriteRune(r)
		}
	}
	j.w.WriteByte('"')
}
