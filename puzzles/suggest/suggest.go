package suggest

import (
	"strings"
)

// Closest returns the option nearest to name: the one with the fewest
// single-character edits (insertions, deletions, substitutions,
// transpositions of neighbours), ignoring case, if that is at most a third
// of name's length (and at least 1); otherwise an option that name is a
// prefix of. It reports false when nothing is close.
func Closest(name string, options []string) (string, bool) {
	n := strings.ToLower(strings.TrimSpace(name))
	if n == "" {
		return "", false
	}
	best, bestD := "", -1
	for _, o := range options {
		d := distance(n, strings.ToLower(o))
		if bestD < 0 || d < bestD {
			best, bestD = o, d
		}
	}
	if bestD >= 0 && bestD <= max(1, len([]rune(n))/3) {
		return best, true
	}
	for _, o := range options {
		if strings.HasPrefix(strings.ToLower(o), n) {
			return o, true
		}
	}
	return "", false
}

// Phrase is "; did you mean X?" for the closest option, or "".
func Phrase(name string, options []string) string {
	if o, ok := Closest(name, options); ok && !strings.EqualFold(o, name) {
		return "; did you mean " + o + "?"
	}
	return ""
}

// distance is the optimal string alignment distance between a and b.
func distance(a, b string) int {
	x, y := []rune(a), []rune(b)
	d := make([][]int, len(x)+1)
	for i := range d {
		d[i] = make([]int, len(y)+1)
		d[i][0] = i
	}
	for j := range y {
		d[0][j+1] = j + 1
	}
	for i := 1; i <= len(x); i++ {
		for j := 1; j <= len(y); j++ {
			cost := 1
			if x[i-1] == y[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && x[i-1] == y[j-2] && x[i-2] == y[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(x)][len(y)]
}

// List joins names as a message lists the choices a user has: "a",
// "a or b", "a, b or c" (conj is "or", "and", "and/or").
func List(names []string, conj string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " " + conj + " " + names[len(names)-1]
}
