#!/bin/sh
# tests/lengths.sh FILE... - fails when a function runs past LIMIT lines
# (110: "about 100", the house limit; tables are data, not functions).
# A function is a name at column 0 followed by "(", its body the lines
# between a "{" and a "}" at column 0, as this code base writes them.
LIMIT=${LIMIT:-110}
awk -v limit="$LIMIT" '
FNR == 1 { infn = 0 }
/^[A-Za-z_][A-Za-z0-9_]*\(/ { name = $0; sub(/\(.*/, "", name) }
/^\{/ { start = FNR; infn = 1 }
/^\}/ {
	if (infn && FNR - start - 1 > limit) {
		printf "%s:%d: %s is %d lines (at most %d)\n", FILENAME, start,
		    name, FNR - start - 1, limit
		bad++
	}
	infn = 0
}
END {
	if (bad) exit 1
	print "lengths: 1 passed, 0 failed"
}' "$@"
