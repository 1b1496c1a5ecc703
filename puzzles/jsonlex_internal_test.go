package puzzles

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// lexAll reads every token of data's top value with the lexer, and
// whether it read the whole of data.
func lexAll(data []byte) ([]jsonToken, bool, error) {
	l := &jsonLexer{data: data}
	var out []jsonToken
	for !l.done() {
		t, err := l.next()
		if err != nil {
			return out, false, err
		}
		t.off = 0 // not compared
		out = append(out, t)
	}
	return out, l.offset() == len(data), nil
}

// decodeAll reads the tokens of data's first value with json.Decoder, in
// the lexer's terms.
func decodeAll(t *testing.T, data []byte) []jsonToken {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var out []jsonToken
	depth := 0
	for {
		tok, err := dec.Token()
		if err != nil {
			t.Fatalf("json.Decoder.Token on valid JSON: %v", err)
		}
		var k jsonToken
		switch v := tok.(type) {
		case json.Delim:
			k.kind = jsonKind(v)
			if v == '[' || v == '{' {
				depth++
			} else {
				depth--
			}
		case string:
			k = jsonToken{kind: jsonString, text: v}
		case json.Number:
			k = jsonToken{kind: jsonNumber, text: string(v)}
		case bool:
			k.kind = jsonFalse
			if v {
				k.kind = jsonTrue
			}
		case nil:
			k.kind = jsonNull
		}
		out = append(out, k)
		if depth == 0 {
			return out
		}
	}
}

// FuzzJSONLexer holds the board reader's JSON lexer to encoding/json:
// it accepts exactly the documents json.Valid accepts, with the tokens
// json.Decoder gives.
func FuzzJSONLexer(f *testing.F) {
	for _, seed := range []string{
		`[[1,2,3],[4,5,6],[7,8,0]]`, `{"shape":"2x3","board":[1,2,3,4,0,5],"x":{"y":[true,false,null,-1.5e3]}}`,
		`["\u00e9\ud83d\ude00\ud800x","\"\\\/\b\f\n\r\t"]`, `[1,]`, `{"a" 1}`, `[01]`, `[1 2]`, `tru`, `"abc`, `[-]`, `[1.]`, `[1e+]`,
		"[\"\x01\"]", "[\"\xff\"]", ` [ ] `, `{}`, `{"a":}`, `{,}`, `[]]`, `{"a":1,}`, `"\u12"`, `"\ud800\u0041"`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		got, whole, err := lexAll(data)
		if !json.Valid(data) {
			if err == nil && whole {
				t.Fatalf("the lexer accepts %q, which is not valid JSON", data)
			}
			return
		}
		if err != nil || !whole {
			t.Fatalf("the lexer refuses valid JSON %q: %v (whole: %v)", data, err, whole)
		}
		if diff := cmp.Diff(decodeAll(t, data), got, cmp.AllowUnexported(jsonToken{})); diff != "" {
			t.Fatalf("tokens of %q (-json +lexer):\n%s", data, diff)
		}
	})
}

// TestJSONLexerErrors places a syntax error at the byte that cannot
// stand there, and tells a document that ends early.
func TestJSONLexerErrors(t *testing.T) {
	for _, tc := range []struct {
		in  string
		off int // -1: ends early
	}{
		{`[3 0]`, 3}, {`[1,]`, 3}, {`{"a" 1}`, 5}, {`[tru]`, 4}, {`["a` + "\x01" + `"]`, 3}, {`["\q"]`, 3},
		{`[1`, -1}, {`"abc`, -1}, {`[1.`, -1}, {`{"a":`, -1}, {``, -1},
	} {
		_, _, err := lexAll([]byte(tc.in))
		var se *jsonSyntaxError
		switch {
		case tc.off < 0 && !errors.Is(err, errJSONEnd):
			t.Errorf("%q: %v, want the end of the data", tc.in, err)
		case tc.off >= 0 && (!errors.As(err, &se) || se.off != tc.off):
			t.Errorf("%q: %v, want a syntax error at offset %d", tc.in, err, tc.off)
		}
	}
}
