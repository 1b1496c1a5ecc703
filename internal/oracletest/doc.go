// Package oracletest holds what the tests of the reference solver share
// to check heuristics and searches against the truth: exact distance
// tables built once per goal and shared by parallel tests, and the boards
// one move away from a board. It is imported by tests only.
package oracletest
