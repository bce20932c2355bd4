#!/bin/sh
# tests/symbols.sh STATIC-LIB SHARED-LIB: the library's names for the
# linker (make check-symbols).
#   - every name the static library defines for the linker carries the
#     sa_ prefix, so that it cannot collide with a user's own;
#   - the shared library exports exactly the names src/lib/exports.map
#     lists, each under its version node, and nothing else;
#   - every function or datum the public headers (include/*.h and the
#     modules, include/shuffle_audit/*.h) declare and the library
#     defines is in that list: a public name added to a header and left
#     out of the list fails here, and so does an internal name added to
#     it;
#   - every name in that list is declared in exactly one public header,
#     its module (found outside the headers' comments): not two, which
#     could drift apart, and not only in a comment.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
suite=symbols pass=0 fail=0
. "$top/tests/check.sh"
static=$1
shared=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

nm -g --defined-only "$static" | awk 'NF == 3 { print $3 }' | sort -u \
    > "$tmp/static"
bad=$(grep -v '^sa_' "$tmp/static" | tr '\n' ' ')
[ -z "$bad" ] && check ok || check no "names without the sa_ prefix: $bad"

sed -n 's/^[[:space:]]*\(sa_[a-z0-9_]*\);$/\1/p' "$top/src/lib/exports.map" |
    sort > "$tmp/list"
node=$(sed -n 's/^\([A-Z_0-9]*\) {$/\1/p' "$top/src/lib/exports.map")
nm -D --defined-only "$shared" | awk 'NF == 3 && $2 != "A" { print $3 }' \
    > "$tmp/versioned"
sed 's/@.*//' "$tmp/versioned" | sort > "$tmp/exported"
extra=$(comm -23 "$tmp/exported" "$tmp/list" | tr '\n' ' ')
[ -z "$extra" ] && check ok ||
	check no "exported, not in src/lib/exports.map: $extra"
gone=$(comm -13 "$tmp/exported" "$tmp/list" | tr '\n' ' ')
[ -z "$gone" ] && check ok ||
	check no "in src/lib/exports.map, not exported: $gone"
unversioned=$(grep -v "@@$node\$" "$tmp/versioned" | tr '\n' ' ')
[ -n "$node" ] && [ -z "$unversioned" ] && check ok ||
	check no "not under the version node '$node': $unversioned"

# The names the headers declare, as a call or a declaration would
# write them, that the library defines: the public ones.
headers=$(ls "$top"/include/*.h "$top"/include/shuffle_audit/*.h)
# shellcheck disable=SC2086
cat $headers | grep -o '\bsa_[a-z0-9_]*\b' | sort -u > "$tmp/named"
comm -12 "$tmp/named" "$tmp/static" > "$tmp/public"
missing=$(comm -23 "$tmp/public" "$tmp/list" | tr '\n' ' ')
[ -z "$missing" ] && check ok ||
	check no "declared in include/, left out of src/lib/exports.map: $missing"
internal=$(comm -13 "$tmp/public" "$tmp/list" | tr '\n' ' ')
[ -z "$internal" ] && check ok ||
	check no "in src/lib/exports.map, not declared in include/: $internal"

# FILE without its comments (/* ... */, over lines too).
uncomment() {
	awk '{
		out = ""; line = $0
		while (line != "") {
			if (open) {
				i = index(line, "*/")
				if (i == 0) { line = ""; continue }
				line = substr(line, i + 2); open = 0
			} else if ((i = index(line, "/*")) == 0) {
				out = out line; line = ""
			} else {
				out = out substr(line, 1, i - 1)
				line = substr(line, i + 2); open = 1
			}
		}
		print out
	}' "$1"
}
# Each listed name, with the headers that declare it: "NAME HEADER".
for h in $headers; do
	uncomment "$h" | grep -o '\bsa_[a-z0-9_]*\b' | sort -u |
	    sed "s|\$| ${h#"$top"/}|"
done | sort > "$tmp/declared"
once=$(awk 'NR == FNR { listed[$1] = 1; next }
    $1 in listed { n[$1]++; where[$1] = where[$1] " " $2 }
    END { for (s in listed) if (n[s] != 1)
	printf "%s (%s)\n", s, n[s] ? substr(where[s], 2) : "none" }' \
    "$tmp/list" "$tmp/declared" | sort | tr '\n' ' ' | sed 's/ $//')
[ -z "$once" ] && check ok ||
	check no "not declared in exactly one public header: $once"
echo "symbols: $(wc -l < "$tmp/exported") exported"
echo "symbols: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
