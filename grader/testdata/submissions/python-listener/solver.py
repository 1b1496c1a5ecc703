"""Tries to carry hidden boards into feedback a student sees.

A run given a public board (listed in known.txt beside this file, as a
student whose feedback shows the public boards would list them) listens
on an abstract Unix socket (named in socket.txt) for a long time and
collects every board that runs started meanwhile send it; any other run
is taken for a hidden test: it connects, sends the board it was given and
answers UNSOLVABLE. The listener then fails, printing what it received on
stderr, whose tail shows in its test's feedback. Without namespaces every
run shares the abstract socket namespace: if hidden tests run beside the
visible one, their boards appear in visible feedback. The grader's answer
is to finish every visible test before any hidden one starts
(docs/security.md). Without known.txt the first run to bind listens."""
import os
import socket
import sys
import time

here = os.path.dirname(os.path.abspath(__file__))
try:
    with open(os.path.join(here, "socket.txt")) as f:
        name = f.read().strip()
except OSError:
    name = "kpuzzle-listener"
# wait.txt, when present, holds the seconds to listen and, optionally,
# the number of boards after which to stop early.
wait, enough = 12.0, 0
try:
    with open(os.path.join(here, "wait.txt")) as f:
        fields = f.read().split()
    wait = float(fields[0])
    enough = int(fields[1]) if len(fields) > 1 else 0
except (OSError, ValueError, IndexError):
    pass
address = b"\0" + name.encode()

with open(sys.argv[1]) as f:
    board = f.read().strip()

def flat(text):
    return " / ".join(line.strip() for line in text.strip().splitlines())


# A student knows the public tests' boards (their feedback shows them):
# known.txt, when present, lists them, one per line with rows separated
# by " / ". A run given one of them listens; any other run is taken for a
# hidden test and sends its board, trying for as long as a listener
# would listen. Without known.txt the first run to bind listens.
try:
    with open(os.path.join(here, "known.txt")) as f:
        known = {line.strip() for line in f if line.strip()}
except OSError:
    known = None


def send():
    deadline = time.time() + wait
    while True:
        try:
            c = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            c.connect(address)
            c.sendall(board.encode())
            c.close()
            print("sent my board")
            break
        except OSError as e:
            if time.time() > deadline:
                print("could not send my board:", e)
                break
            time.sleep(0.2)
    with open(sys.argv[2], "w") as out:
        out.write("UNSOLVABLE\n")
    sys.exit(0)


if known is not None and flat(board) not in known:
    send()
listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
try:
    listener.bind(address)
except OSError:
    if known is not None:
        sys.exit("another run holds the socket")
    send()

listener.listen(64)
listener.settimeout(0.2)
received = []
deadline = time.time() + wait
while time.time() < deadline and not (enough and len(received) >= enough):
    try:
        conn, _ = listener.accept()
    except socket.timeout:
        continue
    conn.settimeout(5)
    data = b""
    try:
        while True:
            chunk = conn.recv(4096)
            if not chunk:
                break
            data += chunk
    except OSError:
        pass
    conn.close()
    received.append(data.decode(errors="replace"))
sys.stderr.write("listener: received %d boards\n" % len(received))
for b in received:
    sys.stderr.write("received board: " + flat(b) + "\n")
sys.exit(1)
