#!/bin/sh
# tests/layout.sh - README's Layout names every file of include/, src/lib/
# and src/cli/, and no file that is not there: a new contributor finds
# where a feature lives from it.
top=$(cd "$(dirname "$0")/.." && pwd)
listed=$(awk '/^## Layout/ { on = 1 } on && /^```/ { n++; if (n == 2) exit; next }
    on && n == 1 && $1 ~ /^[a-z_]+\.[ch]$/ { print $1 }' "$top/README.md" | sort)
present=$(cd "$top" && ls include src/lib src/cli | grep -E '^[a-z_]+\.[ch]$' | sort)
missing=
for f in $present; do
	printf '%s\n' "$listed" | grep -qxF "$f" || missing="$missing $f"
done
stale=
for f in $listed; do
	printf '%s\n' "$present" | grep -qxF "$f" || stale="$stale $f"
done
if [ -n "$missing$stale" ]; then
	[ -n "$missing" ] && echo "README Layout misses:$missing"
	[ -n "$stale" ] && echo "README Layout names what is not there:$stale"
	exit 1
fi
echo "layout: 1 passed, 0 failed"
