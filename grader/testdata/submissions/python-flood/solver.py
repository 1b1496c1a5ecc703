"""Prints 1 GB of text on stdout and never writes an answer."""
import sys

line = ("x" * 1023 + "\n").encode()
chunk = line * 1024  # 1 MiB
for _ in range(1024):
    sys.stdout.buffer.write(chunk)
