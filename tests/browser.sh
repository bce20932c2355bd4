#!/bin/sh
# tests/browser.sh BINARY - the matrix's picture and the distance chart
# in a real browser.
#
# `matrix -f svg` for the naive shuffle of 8 cards is checked by xmllint,
# opened in headless Chromium and photographed; the photograph's pixels
# must show the picture: not blank (many colours, much of it not white),
# the hottest cell (from -f json) red and unlike a fair cell (card 0 is
# fair at every position), which is white.  Each cell's place is read
# from the SVG itself.  Skips, saying so, where Chromium or xmllint is
# absent; CI installs both.
set -u
bin=$1
for tool in chromium xmllint python3; do
	if ! command -v "$tool" >/dev/null 2>&1; then
		echo "SKIP: browser: $tool not found"
		echo "browser: 0 passed, 0 failed, 1 skipped"
		exit 0
	fi
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The photographs' reader, shared by both checks: 8-bit RGB or RGBA
# PNG, rows unfiltered (types 0-4), as Chromium writes them.
cat > "$tmp/png_rows.py" <<'PY'
import struct, zlib

def read_png(path):
    png = open(path, "rb").read()
    assert png[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    at, idat, w = 8, b"", 0
    while at < len(png):
        length, kind = struct.unpack(">I4s", png[at:at + 8])
        body = png[at + 8:at + 8 + length]
        if kind == b"IHDR":
            w, h, depth, ctype = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and ctype in (2, 6), "unexpected PNG format"
            bpp = 3 if ctype == 2 else 4
        elif kind == b"IDAT":
            idat += body
        at += 12 + length
    raw = zlib.decompress(idat)
    stride = w * bpp
    rows, prev = [], bytearray(stride)
    for y in range(h):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b, c = prev[x], prev[x - bpp] if x >= bpp else 0
            if f == 1: line[x] = (line[x] + a) & 255
            elif f == 2: line[x] = (line[x] + b) & 255
            elif f == 3: line[x] = (line[x] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    return w, h, bpp, rows
PY
suite=browser
pass=0 fail=0
. "$(dirname "$0")/check.sh"

"$bin" matrix -n 8 -f svg > "$tmp/m.svg" && check ok ||
	check no "matrix -f svg failed"
"$bin" matrix -n 8 -f json > "$tmp/m.json" || check no "matrix -f json failed"
out=$(xmllint --noout "$tmp/m.svg" 2>&1) && check ok ||
	check no "xmllint: $out"
size=$(sed -n 's/.*<svg [^>]* width="\([0-9]*\)" height="\([0-9]*\)".*/\1,\2/p' \
	"$tmp/m.svg" | head -1)
[ -n "$size" ] && check ok || check no "no width and height in the SVG"
# Chromium writes D-Bus complaints on stderr: not ours to judge.
chromium --headless=new --no-sandbox --disable-gpu --hide-scrollbars \
	--window-size="$size" --screenshot="$tmp/m.png" "file://$tmp/m.svg" \
	> "$tmp/chromium.log" 2>&1
[ -s "$tmp/m.png" ] && check ok ||
	check no "no screenshot: $(tail -3 "$tmp/chromium.log")"
out=$(python3 - "$tmp/m.svg" "$tmp/m.json" "$tmp/m.png" "$tmp" <<'PY'
import json, re, sys
sys.path.insert(0, sys.argv[4])
from png_rows import read_png

svg = open(sys.argv[1]).read()
fig = json.load(open(sys.argv[2]))
w, h, bpp, rows = read_png(sys.argv[3])

def pixel(x, y):
    return tuple(rows[y][x * bpp:x * bpp + 3])

# The cells: the rects of the crispEdges group, row by row.
group = svg.split('<g shape-rendering="crispEdges">')[1].split("</g>")[0]
cells = [tuple(int(v) for v in m) for m in
         re.findall(r'<rect x="(\d+)" y="(\d+)" width="(\d+)"', group)]
n = fig["cards"]
assert len(cells) == n * n, "%d cells, not %d" % (len(cells), n * n)

def centre(card, pos):
    x, y, s = cells[card * n + pos]
    return pixel(x + s // 2, y + s // 2)

hot = centre(fig["max_card"], fig["max_position"])
fair = centre(0, 0)
colours = {pixel(x, y) for y in range(0, h, 3) for x in range(0, w, 3)}
inked = sum(1 for y in range(0, h, 3) for x in range(0, w, 3)
            if pixel(x, y) != (255, 255, 255))
total = len(range(0, h, 3)) * len(range(0, w, 3))
problems = []
if hot == fair:
    problems.append("the hottest cell %s looks like a fair one" % (hot,))
if not (hot[0] > hot[2] + 60):
    problems.append("the hottest cell %s is not red" % (hot,))
if min(fair) < 240:
    problems.append("the fair cell %s is not white" % (fair,))
if len(colours) < 20 or inked < total // 20:
    problems.append("blank: %d colours, %d of %d pixels inked"
                    % (len(colours), inked, total))
print("; ".join(problems) if problems else "ok hot=%s fair=%s colours=%d"
      % (hot, fair, len(colours)))
PY
)
case $out in
ok*) check ok ;;
*) check no "$out" ;;
esac
# distance -f svg: the riffle's chart at 52 cards.  Each dot's centre,
# read from the SVG, must be its series' colour in the photograph: red
# for total variation, blue for separation (where the two dots do not
# share a place), and the dots must fall as the table's figures do.
"$bin" distance -f svg > "$tmp/d.svg" && check ok ||
	check no "distance -f svg failed"
out=$(xmllint --noout "$tmp/d.svg" 2>&1) && check ok ||
	check no "xmllint distance: $out"
chromium --headless=new --no-sandbox --disable-gpu --hide-scrollbars \
	--window-size=660,440 --screenshot="$tmp/d.png" "file://$tmp/d.svg" \
	> "$tmp/chromium.log" 2>&1
[ -s "$tmp/d.png" ] && check ok ||
	check no "no screenshot of the chart: $(tail -3 "$tmp/chromium.log")"
"$bin" distance -f tsv > "$tmp/d.tsv" || check no "distance -f tsv failed"
out=$(python3 - "$tmp/d.svg" "$tmp/d.tsv" "$tmp/d.png" "$tmp" <<'PY'
import re, sys
sys.path.insert(0, sys.argv[4])
from png_rows import read_png

svg = open(sys.argv[1]).read()
rows = [l.split("\t") for l in open(sys.argv[2]).read().split("\n")[1:] if l]
w, h, bpp, img = read_png(sys.argv[3])
def pixel(x, y):
    return tuple(img[y][x * bpp:x * bpp + 3])
dots = {k: [(int(x), int(y)) for x, y in re.findall(
    r'<circle class="%s" cx="(\d+)" cy="(\d+)"' % k, svg)]
    for k in ("tvd", "separation")}
problems = []
if len(dots["tvd"]) != len(rows):
    problems.append("%d dots for %d rows" % (len(dots["tvd"]), len(rows)))
tvd = [float(r[1]) for r in rows]
ys = [y for x, y in dots["tvd"]]
# a larger distance is drawn higher: y falls as tvd rises
for i in range(len(ys) - 1):
    if (tvd[i] > tvd[i + 1]) != (ys[i] < ys[i + 1]) and tvd[i] != tvd[i + 1]:
        problems.append("dots %d and %d out of order" % (i + 1, i + 2))
for (x, y) in dots["tvd"]:
    r, g, b = pixel(x, y)
    if not (r > b + 60):
        problems.append("tvd dot at %d,%d is %s, not red" % (x, y, (r, g, b)))
for (x, y) in dots["separation"]:
    if (x, y) in dots["tvd"]:
        continue
    r, g, b = pixel(x, y)
    if not (b > r + 60):
        problems.append("separation dot at %d,%d is %s, not blue"
                        % (x, y, (r, g, b)))
print("; ".join(problems) if problems else "ok")
PY
)
case $out in
ok*) check ok ;;
*) check no "distance chart: $out" ;;
esac
echo "browser: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
