#!/usr/bin/env python3
"""Programs that break the exec protocol, one per argument, for the tests.

  garbage   answers with a line that is not a request
  quit      exits in the middle of its second run
  silent    stops answering (shuffle-audit's --timeout)
  huge      asks for a draw below 2^40
  short     ends a run with too few cards
  dup       ends a run with a card twice
  noisy     fair, but writes to stderr on every run
  linger    fair, but does not exit when its input closes
  endless   draws below 2 for ever, whatever it is answered
  offplan   (--batch) says it used a draw the plan did not offer
  noasked   (--batch) asks for a draw before saying what it used
  unflushed asks for its draws without flushing (run it with
            PYTHONUNBUFFERED unset): its output sits in a buffer
  partial   writes "draw 3" with no newline, and waits
  dawdle    asks 25 draws below 1 a run, each 0.2 s after the last:
            every line well within --timeout 2, a run (5 s) past it
"""
import sys
import time

mode = sys.argv[1]
runs = 0


def draw(k):
    print("draw", k, flush=True)
    return int(sys.stdin.readline())


for line in sys.stdin:
    runs += 1
    n = int(line.split()[1])
    deck = list(range(n))
    if mode == "garbage":
        print("hello", flush=True)
        time.sleep(3600)
    if mode == "quit" and runs == 2:
        sys.exit(4)
    if mode == "silent" and runs == 2:
        time.sleep(3600)
    if mode == "huge":
        draw(2 ** 40)
    if mode == "noisy":
        print("run", runs, file=sys.stderr, flush=True)
    if mode == "endless":
        while True:
            draw(2)
    if mode == "offplan":
        print("asked 99", flush=True)
    if mode == "noasked":
        draw(2)
    if mode == "unflushed":
        print("draw", 2)
        sys.stdin.readline()
    if mode == "dawdle":
        for _ in range(25):
            time.sleep(0.2)
            draw(1)
    if mode == "partial":
        sys.stdout.write("draw 3")
        sys.stdout.flush()
        sys.stdin.readline()
    for i in range(n - 1, 0, -1):
        j = draw(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    if mode == "short":
        deck = deck[:-1]
    if mode == "dup":
        deck[0] = deck[-1]
    print("deck", *deck, flush=True)
if mode == "linger":
    time.sleep(3600)
