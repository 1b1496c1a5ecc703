"""Leaves a Unix socket bound at the output path, so that reading the
answer fails in the grader (opening a socket gives ENXIO): a student could
turn a low score into "the autograder failed". It must be this test's
malformed verdict, never a grader error, never a hang."""
import socket
import sys

s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
s.bind(sys.argv[2])
