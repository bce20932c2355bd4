#!/bin/sh
# tests/layout.sh - src/README.md's Layout names every file of include/, src/lib/,
# src/run/, src/cli/ and src/harness/, and no file that is not there: a new contributor finds
# where a feature lives from it.  The public header's table of contents
# names every file of src/lib/.
top=$(cd "$(dirname "$0")/.." && pwd)
listed=$(awk '/^## Layout/ { on = 1 } on && /^```/ { n++; if (n == 2) exit; next }
    on && n == 1 && $1 ~ /^[A-Za-z_]+\.(c|h|py|js|java|go|rs|cs)$/ { print $1 }' \
    "$top/src/README.md" | sort)
present=$(cd "$top" && ls include src/lib src/run src/cli src/harness |
    grep -E '^[A-Za-z_]+\.(c|h|py|js|java|go|rs|cs)$' | sort)
missing=
for f in $present; do
	printf '%s\n' "$listed" | grep -qxF "$f" || missing="$missing $f"
done
stale=
for f in $listed; do
	printf '%s\n' "$present" | grep -qxF "$f" || stale="$stale $f"
done
# The header's table of contents names the file of every section.
toc=$(sed -n '1,/^#ifndef/p' "$top/include/shuffle_audit.h")
untold=
for f in $(cd "$top" && ls src/lib | grep -E '^[a-z_]+\.c$'); do
	printf '%s\n' "$toc" | grep -qF "$f" || untold="$untold $f"
done
[ -n "$untold" ] && echo "shuffle_audit.h's contents miss:$untold"
if [ -n "$missing$stale$untold" ]; then
	[ -n "$missing" ] && echo "src/README.md Layout misses:$missing"
	[ -n "$stale" ] && echo "src/README.md Layout names what is not there:$stale"
	exit 1
fi
echo "layout: 1 passed, 0 failed"
