// Package oracletest holds what the tests of the reference solver share
// to check heuristics and searches against the truth: exact distance
// tables built once per goal and shared by parallel tests, the boards one
// move away from a board, and fixed boards a few moves from the goal
// (Walk). It is imported by tests only.
package oracletest
