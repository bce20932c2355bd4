"""bare_stream.py - Durstenfeld's shuffle walking the exec protocol's
streamed walk by hand, for make bench-audit: what the Python harness's
streamed walk is measured against (tests/examples/exec/fisher_yates.py is
its plain and batched twin).  It offers the walk on its first line and,
taken, walks the fixed bounds n, n-1, ..., 2 as a mixed-radix counter,
then answers the auditor's replays, offered as plans (its hello says
"stream 1 plan"), or over the plain protocol."""
import struct
import sys

out = sys.stdout.buffer
inp = sys.stdin


def repeats(done, every, floor):
    """How many times run DONE + 1 is run again (the auditor's rule)."""
    k = done + 1
    least = (floor + k - 1) // k
    base = 1 if done % every == 0 else 0
    return least if k <= floor and least > base else base


def walk(n, part, parts, depth, most, every, floor):
    """The streamed walk "walk N PART PARTS DEPTH MAX EVERY FLOOR"."""
    if 0 < depth < n - 1:
        sys.exit(2)  # no cut here
    m = max(n - 1, 0)
    v = [0] * m
    buf = bytearray()
    item = struct.Struct("<cII").pack
    head = struct.Struct("<ccI").pack
    dhead = bytes((68, n))

    def run(start):
        nonlocal buf
        buf += head(b"R", b"K", start)
        for d in range(start, m):
            buf += item(b"v", n - d - 1, v[d])
        deck = list(range(n))
        for i in range(n - 1, 0, -1):
            j = v[n - 1 - i]
            deck[i], deck[j] = deck[j], deck[i]
        buf += dhead
        buf += bytes(deck)
        if len(buf) > 1 << 15:
            out.write(buf)
            out.flush()
            buf = bytearray()

    start = done = 0
    while True:
        skip = parts > 1 and (v[0] if m else 0) % parts != part
        run(start)
        if not skip:
            for _ in range(repeats(done, every, floor) if every else 0):
                run(m)
            done += 1
        k = min(m, 1) if skip else m
        while not skip and k and v[k - 1] + 1 == n - (k - 1):
            k -= 1
        if k == 0:
            break
        if k == 1:
            x = v[0] + 1
            while x % parts != part and x < n:
                x += 1
            if x >= n:
                break
            v[0] = x
        else:
            v[k - 1] += 1
        for d in range(k, m):
            v[d] = 0
        start = k - 1
    out.write(buf + b"E\0\0\0\0\0\0")
    out.flush()


def plain(line):
    """One run: "shuffle N", its draws taken from the plan while their
    bounds fit ("shuffle N plan K:V ...", said back by "asked"), the rest
    asked a line at a time."""
    words = line.split()
    n = int(words[1])
    plan = [tuple(map(int, w.split(":"))) for w in words[3:]]
    taken = []
    told = words[2:3] != ["plan"]
    deck = list(range(n))

    def tell():
        """The plan's draws taken, said once, before any other line."""
        out.write(" ".join(["asked"] + taken).encode() + b"\n")
        return True

    for i in range(n - 1, 0, -1):
        if not told and len(taken) < len(plan) and plan[len(taken)][0] == i + 1:
            j = plan[len(taken)][1]
            taken.append(str(i + 1))
        else:
            told = told or tell()
            out.write(b"draw %d\n" % (i + 1))
            out.flush()
            j = int(inp.readline())
        deck[i], deck[j] = deck[j], deck[i]
    told = told or tell()
    out.write(b"deck " + " ".join(map(str, deck)).encode() + b"\n")
    out.flush()


first = inp.readline()
out.write(b"stream 1 plan\n")
out.flush()
answer = inp.readline().split()
if answer[:1] == ["walk"]:
    walk(*map(int, answer[1:]))
    first = inp.readline()
while first:
    plain(first)
    first = inp.readline()
