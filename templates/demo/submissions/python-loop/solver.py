"""An uninformed search that never ends: it loops forever."""
import sys

count = 0
while True:
    count += 1
