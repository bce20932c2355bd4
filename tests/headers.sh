#!/bin/sh
# tests/headers.sh - the public headers, as a program meets them
# (make check-headers):
#   - each header of include/ and include/shuffle_audit/ compiles by
#     itself, included twice, as C11 with the build's warnings and as C++
#     (CXX; skipped, saying so, without a C++ compiler), every warning an
#     error: a module that leans on another it does not include, a guard
#     that does not guard, or C that C++ refuses fails here;
#   - a module includes only the system's headers and its sibling
#     modules, by their own names, never a file of src/;
#   - the umbrella, shuffle_audit.h, includes every module and its table
#     of contents names each, so a program that includes it has them all
#     and a reader finds each there.
# Run by make check-headers, which passes CC, CXX and the C warnings.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
suite=headers pass=0 fail=0 skip=0
. "$top/tests/check.sh"
cc=${CC:-cc}
cxx=${CXX:-c++}
cwarn=${CWARN:--std=c11 -Wall -Wextra -Wpedantic}
cxxwarn='-std=c++11 -Wall -Wextra -Wpedantic -Wshadow -Wundef'
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

have_cxx=yes
command -v "$cxx" >/dev/null 2>&1 || have_cxx=

cd "$top/include" || exit 2
for h in shuffle_audit.h shuffle_audit_*.h shuffle_audit/*.h; do
	printf '#include "%s"\n#include "%s"\nint sa_headers_check;\n' \
	    "$h" "$h" > "$tmp/use.c"
	# shellcheck disable=SC2086
	if $cc -I. $cwarn -Werror -fsyntax-only -x c "$tmp/use.c" \
	    > "$tmp/out" 2>&1; then
		check ok
	else
		sed 5q "$tmp/out"
		check no "$h does not compile by itself as C11"
	fi
	if [ -z "$have_cxx" ]; then
		skip=$((skip + 1))
		continue
	fi
	# shellcheck disable=SC2086
	if $cxx -I. $cxxwarn -Werror -fsyntax-only -x c++ "$tmp/use.c" \
	    > "$tmp/out" 2>&1; then
		check ok
	else
		sed 5q "$tmp/out"
		check no "$h does not compile by itself as C++"
	fi
done
[ -n "$have_cxx" ] ||
	echo "headers: C++ skipped ($cxx not found: apt-get install g++)"

# A module's includes: <...> of the system's (no path), or a sibling.
for h in shuffle_audit/*.h; do
	bad=$(sed -n 's/^#[[:space:]]*include[[:space:]]*//p' "$h" |
	    while read -r inc; do
		case $inc in
		'<'*/*'>') echo "$inc" ;;
		'<'*'>') ;;
		'"'*'"')
			name=${inc#\"} name=${name%\"}
			[ -f "shuffle_audit/$name" ] || echo "$inc" ;;
		*) echo "$inc" ;;
		esac
	    done | tr '\n' ' ')
	[ -z "$bad" ] && check ok ||
		check no "$h includes what is not a sibling module: $bad"
done

# The umbrella includes each module and names it in its contents.
toc=$(sed -n '1,/^#ifndef/p' shuffle_audit.h)
for h in shuffle_audit/*.h; do
	grep -qx "#include \"$h\"" shuffle_audit.h && check ok ||
		check no "shuffle_audit.h does not include $h"
	printf '%s\n' "$toc" | grep -q "^ \*  *${h#shuffle_audit/} " &&
		check ok || check no "shuffle_audit.h's contents do not name $h"
done
echo "headers: $pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
