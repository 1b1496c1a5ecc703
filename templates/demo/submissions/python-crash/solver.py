# Python 2 code, as some real submissions are: under Python 3 the print
# statement is a syntax error and the program dies before doing anything.
import sys

print "solving", sys.argv[1]
