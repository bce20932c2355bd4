"""loop.py N - the bare loop of make bench-audit (issue 65): Fisher-Yates
written plainly in Python, its draws from an odometer rather than a
generator, over every run of N cards, no harness.  Each run's top card is
tallied and the tally checked even.  Prints "RUNS runs in SECS s", timed
inside the program; exit 1 if the tally is uneven."""
import sys
import time


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 8
    draw = [0] * n
    top = [0] * n
    runs = 0
    start = time.perf_counter()
    while True:
        deck = list(range(n))
        for i in range(n - 1, 0, -1):
            j = draw[i]
            deck[i], deck[j] = deck[j], deck[i]
        top[deck[0]] += 1
        runs += 1
        i = 1
        while i < n:
            draw[i] += 1
            if draw[i] <= i:
                break
            draw[i] = 0
            i += 1
        if i == n:
            break
    secs = time.perf_counter() - start
    if top.count(top[0]) != n:
        sys.exit(1)
    print("%d runs in %.6f s" % (runs, secs))


main()
