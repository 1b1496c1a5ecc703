package notation

import (
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/kpuzzle/kpuzzle/puzzles"
)

// Vocabulary is a course's own words for the moves (Portuguese acima,
// abaixo, esquerda, direita), read beside UP, DOWN, LEFT, RIGHT and U, D,
// L, R, in any case, wherever a notation reads move words: one move per
// line, words on a line and lists. The zero Vocabulary has no words.
// Make one with NewVocabulary.
type Vocabulary struct {
	// words maps a word, in upper case, to its direction.
	words map[string]puzzles.Dir
	// byDir lists the words of each direction as given, for messages.
	byDir [4][]string
}

// NewVocabulary checks a course's words for each direction and makes the
// vocabulary. A word is one token: letters, digits, '-' or '_' (no
// spaces, commas, semicolons, brackets or quotes, which separate moves);
// it may not be UNSOLVABLE or another direction's word. A word that is a
// standard token of another direction takes the course's meaning (a
// course whose d is direita, right, and b baixo, down): the vocabulary
// is read before the standard words, and its one-letter words before
// the letters U, D, L, R. The error says which word and why, without
// naming a key: the caller adds where the words came from.
func NewVocabulary(words map[puzzles.Dir][]string) (Vocabulary, error) {
	v := Vocabulary{words: map[string]puzzles.Dir{}}
	for _, d := range puzzles.Dirs {
		for _, w := range words[d] {
			w = strings.TrimSpace(w)
			upper := strings.ToUpper(w)
			switch {
			case w == "":
				return Vocabulary{}, fmt.Errorf("%s: an empty word; expected a word for the move %s", dirKey(d), d)
			case strings.IndexFunc(w, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '-' && r != '_' }) >= 0:
				return Vocabulary{}, fmt.Errorf("%s: %q: expected one word of letters or digits (spaces, commas, semicolons, brackets and quotes separate moves)", dirKey(d), w)
			case upper == puzzles.UnsolvableToken:
				return Vocabulary{}, fmt.Errorf("%s: %q is the claim that the puzzle has no solution, not a move", dirKey(d), w)
			}
			if other, ok := v.words[upper]; ok && other != d {
				return Vocabulary{}, fmt.Errorf("%s: %q is also a word for %s", dirKey(d), w, other)
			}
			v.words[upper] = d
			v.byDir[d] = append(v.byDir[d], w)
		}
	}
	if len(v.words) == 0 {
		return Vocabulary{}, nil
	}
	return v, nil
}

// dirKey is a direction's key in a vocabulary's settings: up, down, left
// or right.
func dirKey(d puzzles.Dir) string { return strings.ToLower(d.String()) }

// IsZero reports whether the vocabulary has no words.
func (v Vocabulary) IsZero() bool { return len(v.words) == 0 }

// Words lists the vocabulary's words for direction d, as given.
func (v Vocabulary) Words(d puzzles.Dir) []string { return slices.Clone(v.byDir[d]) }

// String lists the words, direction by direction: "acima (UP), abaixo
// (DOWN), ..."; "" for the zero vocabulary.
func (v Vocabulary) String() string {
	var parts []string
	for _, d := range puzzles.Dirs {
		for _, w := range v.byDir[d] {
			parts = append(parts, fmt.Sprintf("%s (%s)", w, d))
		}
	}
	return strings.Join(parts, ", ")
}

// word reads a move word: one of the vocabulary's, which come first, or a
// standard one (see the function word).
func (p *parser) word(s string) (puzzles.Dir, bool) {
	if d, ok := p.vocab.words[strings.ToUpper(s)]; ok {
		return d, true
	}
	return word(s)
}

// letter reads a move letter: one of the vocabulary's one-letter words,
// which come first, or U, D, L, R.
func (p *parser) letter(r rune) (puzzles.Dir, bool) {
	if d, ok := p.vocab.words[strings.ToUpper(string(r))]; ok {
		return d, true
	}
	return puzzles.ParseDir(string(r))
}

// expectedWords says which words a notation of words reads, for its
// errors.
func (p *parser) expectedWords() string {
	if p.vocab.IsZero() {
		return "the words UP, DOWN, LEFT, RIGHT (or U, D, L, R)"
	}
	var own []string
	for _, d := range puzzles.Dirs {
		own = append(own, p.vocab.byDir[d]...)
	}
	return "the words UP, DOWN, LEFT, RIGHT (or U, D, L, R, or " + strings.Join(own, ", ") + ")"
}

// wordLines reads one move per line in the course's words as well as the
// standard ones: the lines notation when a vocabulary is given (without
// one, puzzles.ParseAnswer reads it as a stream).
func (p *parser) wordLines() (puzzles.Answer, error) {
	if line, ok := p.unsolvable(false); ok {
		return claim(line), nil
	}
	var a puzzles.Answer
	err := p.eachLine(func(no int, line string) error {
		toks := split(line, unicode.IsSpace)
		switch {
		case len(toks) == 0:
			return nil
		case len(toks) > 1:
			return p.errAt(no, toks[1].col, fmt.Errorf("%w: found %q after a move; expected one move per line", puzzles.ErrBadMove, clip(toks[1].text)))
		}
		d, ok := p.word(toks[0].text)
		if !ok {
			if strings.EqualFold(toks[0].text, puzzles.UnsolvableToken) {
				return p.errAt(no, toks[0].col, onlyToken())
			}
			return p.errAt(no, toks[0].col, fmt.Errorf("%w: found %q; expected %s, one per line", puzzles.ErrBadMove, clip(toks[0].text), p.expectedWords()))
		}
		return p.add(&a, d, no, toks[0].col)
	})
	if err != nil {
		return puzzles.Answer{}, err
	}
	return a, nil
}
