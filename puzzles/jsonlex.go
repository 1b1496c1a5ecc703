package puzzles

import (
	"errors"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// A JSON board is read token by token by this lexer rather than by
// encoding/json, whose reflection is a fifth of the browser checker's
// WebAssembly module, which reads puzzles too. It accepts exactly the
// JSON that encoding/json accepts (FuzzJSONLexer holds them to it),
// token by token as json.Decoder.Token gives them.

// jsonKind is the kind of a JSON token.
type jsonKind byte

// The kinds of JSON tokens: the four delimiters, and the scalars.
const (
	jsonOpenList    jsonKind = '['
	jsonCloseList   jsonKind = ']'
	jsonOpenObject  jsonKind = '{'
	jsonCloseObject jsonKind = '}'
	jsonString      jsonKind = '"'
	jsonNumber      jsonKind = '0'
	jsonTrue        jsonKind = 't'
	jsonFalse       jsonKind = 'f'
	jsonNull        jsonKind = 'n'
)

// jsonToken is one token: a delimiter or a scalar, with where it starts.
type jsonToken struct {
	kind jsonKind
	// text is a string's value or a number as written.
	text string
	// off is the offset of the token's first byte.
	off int
}

// describe names the token for a message: `"["`, a string's quoted
// value, a number, true, false or null.
func (t jsonToken) describe() string {
	switch t.kind {
	case jsonString:
		return t.text
	case jsonNumber:
		return t.text
	case jsonTrue:
		return "true"
	case jsonFalse:
		return "false"
	case jsonNull:
		return "null"
	}
	return strconv.Quote(string(rune(t.kind)))
}

// errJSONEnd is the end of the data before the value is complete (or
// before any value).
var errJSONEnd = errors.New("the JSON ends early")

// jsonSyntaxError is a byte that cannot stand where it is.
type jsonSyntaxError struct{ off int }

func (e *jsonSyntaxError) Error() string { return "invalid JSON at offset " + strconv.Itoa(e.off) }

// jsonState is what the lexer expects next.
type jsonState uint8

const (
	expectValue       jsonState = iota // a value (at the top, after ':' or after ',' in a list)
	expectListValue                    // a value or ']' (after '[')
	expectListComma                    // ',' or ']' (after a value in a list)
	expectObjectKey                    // a key or '}' (after '{')
	expectObjectColon                  // ':' (after a key)
	expectObjectComma                  // ',' or '}' (after a value in an object)
	expectKey                          // a key (after ',' in an object)
	expectNothing                      // the top value is complete
)

// jsonLexer reads the tokens of one JSON value.
type jsonLexer struct {
	data  []byte
	off   int
	state jsonState
	// open holds the lists and objects not yet closed, innermost last.
	open []jsonKind
}

// offset is where the next token would start: after white space.
func (l *jsonLexer) offset() int {
	l.skipSpace()
	return l.off
}

func (l *jsonLexer) skipSpace() {
	for l.off < len(l.data) {
		switch l.data[l.off] {
		case ' ', '\t', '\r', '\n':
			l.off++
		default:
			return
		}
	}
}

// done reports whether the top value is complete.
func (l *jsonLexer) done() bool { return l.state == expectNothing }

// next returns the next token; the commas and colons between them are
// read and checked, not returned. After the top value it returns
// errJSONEnd.
func (l *jsonLexer) next() (jsonToken, error) {
	for {
		l.skipSpace()
		if l.state == expectNothing || l.off >= len(l.data) {
			return jsonToken{off: l.off}, errJSONEnd
		}
		c := l.data[l.off]
		switch l.state {
		case expectListComma, expectObjectComma:
			closer := jsonCloseList
			if l.state == expectObjectComma {
				closer = jsonCloseObject
			}
			switch {
			case c == ',':
				l.off++
				l.state = expectValue
				if closer == jsonCloseObject {
					l.state = expectKey
				}
				continue
			case jsonKind(c) == closer:
				return l.close()
			}
			return jsonToken{}, &jsonSyntaxError{l.off}
		case expectObjectColon:
			if c != ':' {
				return jsonToken{}, &jsonSyntaxError{l.off}
			}
			l.off++
			l.state = expectValue
			continue
		case expectObjectKey, expectKey:
			if c == '}' && l.state == expectObjectKey {
				return l.close()
			}
			if c != '"' {
				return jsonToken{}, &jsonSyntaxError{l.off}
			}
			t, err := l.string()
			if err != nil {
				return jsonToken{}, err
			}
			l.state = expectObjectColon
			return t, nil
		case expectListValue:
			if c == ']' {
				return l.close()
			}
		}
		return l.value(c)
	}
}

// close reads the ']' or '}' that closes the innermost list or object.
func (l *jsonLexer) close() (jsonToken, error) {
	t := jsonToken{kind: jsonKind(l.data[l.off]), off: l.off}
	l.off++
	l.open = l.open[:len(l.open)-1]
	l.afterValue()
	return t, nil
}

// afterValue sets what may follow a complete value.
func (l *jsonLexer) afterValue() {
	switch {
	case len(l.open) == 0:
		l.state = expectNothing
	case l.open[len(l.open)-1] == jsonOpenList:
		l.state = expectListComma
	default:
		l.state = expectObjectComma
	}
}

// value reads the value that starts with byte c.
func (l *jsonLexer) value(c byte) (jsonToken, error) {
	start := l.off
	switch {
	case c == '[' || c == '{':
		l.off++
		l.open = append(l.open, jsonKind(c))
		l.state = expectListValue
		if c == '{' {
			l.state = expectObjectKey
		}
		return jsonToken{kind: jsonKind(c), off: start}, nil
	case c == '"':
		t, err := l.string()
		if err == nil {
			l.afterValue()
		}
		return t, err
	case c == '-' || (c >= '0' && c <= '9'):
		if err := l.number(); err != nil {
			return jsonToken{}, err
		}
		l.afterValue()
		return jsonToken{kind: jsonNumber, text: string(l.data[start:l.off]), off: start}, nil
	}
	for _, lit := range [...]struct {
		word string
		kind jsonKind
	}{{"true", jsonTrue}, {"false", jsonFalse}, {"null", jsonNull}} {
		if c != lit.word[0] {
			continue
		}
		for i := 1; i < len(lit.word); i++ {
			switch {
			case l.off+i >= len(l.data):
				return jsonToken{}, errJSONEnd
			case l.data[l.off+i] != lit.word[i]:
				return jsonToken{}, &jsonSyntaxError{l.off + i}
			}
		}
		l.off += len(lit.word)
		l.afterValue()
		return jsonToken{kind: lit.kind, off: start}, nil
	}
	return jsonToken{}, &jsonSyntaxError{l.off}
}

// number reads a number: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
func (l *jsonLexer) number() error {
	d := l.data
	i := l.off
	digits := func() error {
		switch {
		case i >= len(d):
			return errJSONEnd
		case d[i] < '0' || d[i] > '9':
			return &jsonSyntaxError{i}
		}
		for i < len(d) && d[i] >= '0' && d[i] <= '9' {
			i++
		}
		return nil
	}
	if d[i] == '-' {
		i++
	}
	switch {
	case i >= len(d):
		return errJSONEnd
	case d[i] == '0':
		i++
	default:
		if err := digits(); err != nil {
			return err
		}
	}
	if i < len(d) && d[i] == '.' {
		i++
		if err := digits(); err != nil {
			return err
		}
	}
	if i < len(d) && (d[i] == 'e' || d[i] == 'E') {
		i++
		if i < len(d) && (d[i] == '+' || d[i] == '-') {
			i++
		}
		if err := digits(); err != nil {
			return err
		}
	}
	l.off = i
	return nil
}

// string reads a string whose '"' is at the offset, as encoding/json
// decodes it: escapes resolved, invalid UTF-8 and lone surrogates made
// U+FFFD.
func (l *jsonLexer) string() (jsonToken, error) {
	d := l.data
	start := l.off
	var out []byte
	for i := start + 1; ; {
		if i >= len(d) {
			return jsonToken{}, errJSONEnd
		}
		c := d[i]
		switch {
		case c == '"':
			l.off = i + 1
			return jsonToken{kind: jsonString, text: string(out), off: start}, nil
		case c < 0x20:
			return jsonToken{}, &jsonSyntaxError{i}
		case c == '\\':
			if i+1 >= len(d) {
				return jsonToken{}, errJSONEnd
			}
			e := d[i+1]
			if simple, ok := jsonEscapes[e]; ok {
				out = append(out, simple)
				i += 2
				continue
			}
			if e != 'u' {
				return jsonToken{}, &jsonSyntaxError{i + 1}
			}
			r, n, err := hex4(d, i+2)
			if err != nil {
				return jsonToken{}, err
			}
			i = n
			if utf16.IsSurrogate(r) {
				// A pair is two escapes; anything else leaves the
				// surrogate alone, and alone it is U+FFFD.
				r2, n2, err2 := rune(-1), 0, error(nil)
				if i+1 < len(d) && d[i] == '\\' && d[i+1] == 'u' {
					r2, n2, err2 = hex4(d, i+2)
				}
				if err2 == nil && n2 > 0 {
					if pair := utf16.DecodeRune(r, r2); pair != utf8.RuneError {
						r, i = pair, n2
					} else {
						r = utf8.RuneError
					}
				} else {
					r = utf8.RuneError
				}
			}
			out = utf8.AppendRune(out, r)
		default:
			r, size := utf8.DecodeRune(d[i:])
			if r == utf8.RuneError && size == 1 {
				out = utf8.AppendRune(out, utf8.RuneError)
			} else {
				out = append(out, d[i:i+size]...)
			}
			i += size
		}
	}
}

// jsonEscapes are the escapes of one character.
var jsonEscapes = map[byte]byte{'"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t'}

// hex4 reads the four hex digits of a \u escape at d[i:], returning the
// code and the offset after them.
func hex4(d []byte, i int) (rune, int, error) {
	var r rune
	for k := range 4 {
		if i+k >= len(d) {
			return 0, 0, errJSONEnd
		}
		c := d[i+k]
		var v byte
		switch {
		case c >= '0' && c <= '9':
			v = c - '0'
		case c >= 'a' && c <= 'f':
			v = c - 'a' + 10
		case c >= 'A' && c <= 'F':
			v = c - 'A' + 10
		default:
			return 0, 0, &jsonSyntaxError{i + k}
		}
		r = r<<4 | rune(v)
	}
	return r, i + 4, nil
}

// skipValue reads the rest of a value whose first token is t: nothing
// more for a scalar, the whole list or object for a delimiter.
func (l *jsonLexer) skipValue(t jsonToken) error {
	if t.kind != jsonOpenList && t.kind != jsonOpenObject {
		return nil
	}
	depth := len(l.open)
	for len(l.open) >= depth {
		if _, err := l.next(); err != nil {
			return err
		}
	}
	return nil
}
