package notation

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kpuzzle/kpuzzle/puzzles"
)

// wrap is how many moves Format writes on a line in the notations that
// take several, so that no line comes near the line-length cap.
const wrap = 40

// Format writes an answer in notation n. Tokens are read under
// convention c; tiles and boards replay them from start, so they need it
// and every move must be legal. An answer with an Illegal move cannot be
// written. Auto writes lines.
func Format(a puzzles.Answer, n Notation, start puzzles.Board, c puzzles.Convention) (string, error) {
	if a.Illegal != nil {
		return "", fmt.Errorf("format answer: move %d is illegal", a.Illegal.Index+1)
	}
	if a.Unsolvable {
		if n == List {
			return `["UNSOLVABLE"]` + "\n", nil
		}
		return puzzles.UnsolvableToken + "\n", nil
	}
	var sb strings.Builder
	sepAt := func(i int, sep string) {
		switch {
		case i == 0:
		case i%wrap == 0:
			sb.WriteString(strings.TrimRight(sep, " ") + "\n")
		default:
			sb.WriteString(sep)
		}
	}
	switch n {
	case Auto, Lines:
		return a.Format(), nil
	case Letters:
		for i, t := range a.Tokens {
			sepAt(i, "")
			sb.WriteString(t.Letter())
		}
	case Words:
		for i, t := range a.Tokens {
			sepAt(i, ", ")
			sb.WriteString(t.String())
		}
	case List:
		sb.WriteString("[")
		for i, t := range a.Tokens {
			sepAt(i, ", ")
			fmt.Fprintf(&sb, "%q", t.String())
		}
		sb.WriteString("]")
	case Tiles, Boards:
		if start.IsZero() {
			return "", fmt.Errorf("format answer: the %s notation needs the start board", n)
		}
		cur := start
		if n == Boards {
			sb.WriteString(cur.Format(puzzles.FormatRows))
		}
		for i, d := range a.Path(c) {
			next, ok := cur.Move(d)
			if !ok {
				return "", fmt.Errorf("format answer: move %d (%s) is illegal", i+1, a.Tokens[i])
			}
			if n == Tiles {
				sepAt(i, " ")
				sb.WriteString(strconv.Itoa(cur.At(next.Blank())))
			} else {
				sb.WriteString("\n" + next.Format(puzzles.FormatRows))
			}
			cur = next
		}
		if n == Boards {
			return sb.String(), nil
		}
	default:
		return "", fmt.Errorf("format answer: unknown notation %v", n)
	}
	sb.WriteString("\n")
	return sb.String(), nil
}
