// Package suggest finds, among the names a user may type (commands,
// algorithms, heuristics, sets, goals, configuration keys), the one they
// most likely meant, for "did you mean ...?" in error messages, and lists
// the choices a message offers ("a, b or c").
package suggest
