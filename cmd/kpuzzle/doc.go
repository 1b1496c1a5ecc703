// Command kpuzzle grades sliding-tile puzzle assignments (8-, 15-,
// 24-puzzle and rectangular boards), solves puzzles with every algorithm
// and heuristic an introductory AI course teaches, audits heuristic
// claims, and generates puzzle sets with answer keys.
//
// Usage:
//
//	kpuzzle solvable PUZZLE
//	kpuzzle show PUZZLE
//	kpuzzle apply PUZZLE ANSWER
//	kpuzzle gen --shape 3x3 --count 10 --seed 1 --out DIR
//	kpuzzle sets
//
// Every command takes --json for one machine-readable JSON object on
// stdout. Exit codes: 0 success, 1 the check ran and found a problem, 2 bad
// invocation or unreadable input (with a one-line error on stderr naming
// the file and line).
//
// Settings come from flags, then KPUZZLE_* environment variables, then a
// kpuzzle.yaml in the working directory (or the file named by --config).
// A key applies to every command ("goal: blank-first") or to one command
// ("solve: {timeout: 10s}"); see docs/configuration.md.
//
// This package is the only one that knows about cobra, viper, colour,
// standard streams and exit codes; the libraries it calls return values
// and errors.
package main
