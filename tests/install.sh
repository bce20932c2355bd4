#!/bin/sh
# tests/install.sh - make install and make uninstall, as a packager runs
# them (DESTDIR) and as a user without root does (PREFIX=$HOME/.local):
#
#   - the staged install holds exactly the files listed below (no
#     record of its own), its shuffle-audit.pc no rpath for /usr/lib, and
#     make uninstall leaves the stage empty, directories too;
#   - under a PREFIX: tests/examples/library.c builds through
#     pkg-config, once against the shared library (which must be the one
#     it loads, by its soname, found by the rpath the .pc gives) and
#     once statically, and both print what
#     tests/examples/library.out holds; the shared library exports sa_
#     names only; pkg-config's version is the binary's;
#   - the installed completions answer as a user's TAB would: bash, and
#     zsh and fish where installed (CI installs both), for
#     "shuffle-audit cen", "census -a " (the names 'algorithms' lists),
#     "census --re", "harness " (the names 'harness' lists) and
#     "census --reduce le" (the reductions, with widths to start from);
#   - make uninstall removes every file and the directories it made.
#
# Run by make check-install, which passes MAKE.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
make=${MAKE:-make}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0 skip=0

suite=install
. "$top/tests/check.sh"

# --- as a packager: DESTDIR, PREFIX=/usr --------------------------------
stage=$tmp/stage
"$make" -s -C "$top" install DESTDIR="$stage" PREFIX=/usr >/dev/null
(cd "$stage" && find . -type f -o -type l | sort) > "$tmp/files"
cat > "$tmp/want" <<'EOF'
./usr/bin/shuffle-audit
./usr/include/shuffle_audit.h
./usr/include/shuffle_audit_audit.h
./usr/include/shuffle_audit_plugin.h
./usr/lib/libshuffleaudit.a
./usr/lib/libshuffleaudit.so
./usr/lib/libshuffleaudit.so.0
./usr/lib/libshuffleaudit.so.VERSION
./usr/lib/pkgconfig/shuffle-audit.pc
./usr/share/bash-completion/completions/shuffle-audit
./usr/share/fish/vendor_completions.d/shuffle-audit.fish
./usr/share/man/man1/shuffle-audit.1
./usr/share/shuffle-audit/harness/SaHarness.cs
./usr/share/shuffle-audit/harness/SaHarness.java
./usr/share/shuffle-audit/harness/sa_harness.go
./usr/share/shuffle-audit/harness/sa_harness.h
./usr/share/shuffle-audit/harness/sa_harness.js
./usr/share/shuffle-audit/harness/sa_harness.py
./usr/share/shuffle-audit/harness/sa_harness.rs
./usr/share/zsh/site-functions/_shuffle-audit
EOF
version=$("$stage/usr/bin/shuffle-audit" --version | sed 's/^shuffle-audit //')
sed -i "s/VERSION\$/$version/" "$tmp/want"
diff -u "$tmp/want" "$tmp/files" >&2 && check ok ||
	check no "the staged install's files differ from the list (diff above)"
grep -qx "prefix=/usr\|libdir=/usr/lib" \
    "$stage/usr/lib/pkgconfig/shuffle-audit.pc" && check ok ||
	check no "shuffle-audit.pc does not name /usr/lib"
grep -q rpath "$stage/usr/lib/pkgconfig/shuffle-audit.pc" &&
	check no "shuffle-audit.pc gives an rpath for /usr/lib" || check ok
"$make" -s -C "$top" uninstall DESTDIR="$stage" PREFIX=/usr >/dev/null
left=$(cd "$stage" && find . -mindepth 1)
[ -z "$left" ] && check ok ||
	check no "make uninstall left in the stage: $left"

# --- paths with spaces: a DESTDIR and a PREFIX, each beside a file named
# by the path's first word (which an unquoted rm would take) -------------
spaced=$tmp/"spaced x"
mkdir -p "$spaced"
echo keep > "$tmp/spaced"
mkdir -p "$spaced/opt"
echo keep > "$spaced/opt/victim"
"$make" -s -C "$top" install DESTDIR="$spaced" PREFIX="/opt/victim x" \
    >/dev/null 2>&1
(cd "$spaced/opt/victim x" 2>/dev/null && find . -type f -o -type l |
	sort) > "$tmp/files-spaced"
sed 's|^\./usr/|./|' "$tmp/want" > "$tmp/want-spaced"
diff -u "$tmp/want-spaced" "$tmp/files-spaced" >&2 && check ok ||
	check no "install with spaces in DESTDIR and PREFIX: files differ"
"$make" -s -C "$top" uninstall DESTDIR="$spaced" PREFIX="/opt/victim x" \
    >/dev/null 2>&1
left=$(cd "$spaced" && find . -mindepth 1 | sort | tr '\n' ' ')
[ "$left" = "./opt ./opt/victim " ] && [ -f "$tmp/spaced" ] && check ok ||
	check no "uninstall with spaces left '$left' or took \$tmp/spaced"
rm -rf "$spaced" "$tmp/spaced"

# --- as a user: PREFIX=$HOME/.local -------------------------------------
home=$tmp/home
mkdir "$home"
prefix=$home/.local
"$make" -s -C "$top" install PREFIX="$prefix" >/dev/null
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
pc_version=$(pkg-config --modversion shuffle-audit 2>&1)
[ "$pc_version" = "$version" ] && check ok ||
	check no "pkg-config --modversion says '$pc_version', the binary $version"

# Shared: the binary needs libshuffleaudit.so.0, and finds it by the rpath
# that shuffle-audit.pc gives for a libdir outside the system's.
libdir=$(pkg-config --variable=libdir shuffle-audit)
# shellcheck disable=SC2046
${CC:-cc} -std=c11 -o "$tmp/shared" "$top/tests/examples/library.c" \
    $(pkg-config --cflags --libs shuffle-audit) &&
	"$tmp/shared" | cmp -s - "$top/tests/examples/library.out" &&
	check ok || check no "the example linked against the shared library"
readelf -d "$tmp/shared" | grep -q 'NEEDED.*\[libshuffleaudit\.so\.0\]' &&
	check ok || check no "the shared example does not need libshuffleaudit.so.0"
readelf -d "$libdir/libshuffleaudit.so" |
    grep -q 'SONAME.*\[libshuffleaudit\.so\.0\]' && check ok ||
	check no "libshuffleaudit.so's soname is not libshuffleaudit.so.0"
others=$(nm -D --defined-only "$libdir/libshuffleaudit.so" |
	awk 'NF == 3 && $2 != "A" && $3 !~ /^sa_/ { print $3 }')
[ -z "$others" ] && check ok ||
	check no "libshuffleaudit.so exports names without sa_: $others"
unversioned=$(nm -D --defined-only "$libdir/libshuffleaudit.so" |
	awk 'NF == 3 && $2 != "A" && $3 !~ /@@SHUFFLE_AUDIT_0$/ { print $3 }')
[ -z "$unversioned" ] && check ok ||
	check no "libshuffleaudit.so exports names outside SHUFFLE_AUDIT_0: $unversioned"

# Static: pkg-config --static adds Libs.private (libm, pthreads).
# shellcheck disable=SC2046
${CC:-cc} -std=c11 -static -o "$tmp/static" \
    "$top/tests/examples/library.c" \
    $(pkg-config --static --cflags --libs shuffle-audit) &&
	"$tmp/static" | cmp -s - "$top/tests/examples/library.out" &&
	check ok || check no "the example linked statically"
readelf -d "$tmp/static" 2>&1 | grep -q NEEDED &&
	check no "the static example still needs shared libraries" ||
	check ok

# The completions, from where each shell looks under the prefix.
PATH=$prefix/bin:$PATH
export PATH
bin=$prefix/bin/shuffle-audit
{
	echo "== shuffle-audit cen"; echo census
	echo "== shuffle-audit census -a "
	"$bin" algorithms -f tsv | sed 1d | cut -f1 | sort
	echo "== shuffle-audit census --re"
	printf '%s\n' --real-cells --reduce --remainder --repeat
	echo "== shuffle-audit harness "
	"$bin" harness -f tsv | sed 1d | cut -f1 | sort
	echo "== shuffle-audit census --reduce le"
	printf '%s\n' lemire:16 lemire:32 lemire:8
} > "$tmp/want-comp"
set -- "shuffle-audit cen" "shuffle-audit census -a " \
    "shuffle-audit census --re" "shuffle-audit harness " \
    "shuffle-audit census --reduce le"

bash "$top/tests/completions/bash_complete.bash" \
    "$prefix/share/bash-completion/completions/shuffle-audit" "$@" \
    > "$tmp/bash" 2>&1
diff -u "$tmp/want-comp" "$tmp/bash" >&2 && check ok ||
	check no "bash's completions differ (diff above)"

if command -v zsh >/dev/null 2>&1; then
	: > "$tmp/zsh-raw"
	zsh -f "$top/tests/completions/zsh_complete.zsh" \
	    "$prefix/share/zsh/site-functions" "$tmp/zsh-raw" "$@" >/dev/null
	# Each line's words, sorted, once each (zsh offers some twice).
	: > "$tmp/words"
	while IFS= read -r l; do
		case $l in
		'== '*)	sort -u "$tmp/words"; : > "$tmp/words"; echo "$l" ;;
		*)	echo "$l" >> "$tmp/words" ;;
		esac
	done < "$tmp/zsh-raw" > "$tmp/zsh"
	sort -u "$tmp/words" >> "$tmp/zsh"
	diff -u "$tmp/want-comp" "$tmp/zsh" >&2 && check ok ||
		check no "zsh's completions differ (diff above)"
else
	echo "SKIP: install: zsh is not installed"
	skip=$((skip + 1))
fi

if command -v fish >/dev/null 2>&1; then
	for line in "$@"; do
		echo "== $line"
		HOME=$tmp XDG_CONFIG_HOME=$tmp/config XDG_DATA_HOME=$tmp/data \
		    XDG_DATA_DIRS=$prefix/share fish -c \
		    "complete -C '$line'" | cut -f1 | sort
	done > "$tmp/fish" 2>&1
	diff -u "$tmp/want-comp" "$tmp/fish" >&2 && check ok ||
		check no "fish's completions differ (diff above)"
else
	echo "SKIP: install: fish is not installed"
	skip=$((skip + 1))
fi

"$make" -s -C "$top" uninstall PREFIX="$prefix" >/dev/null
left=$(cd "$home" && find . -mindepth 1)
[ -z "$left" ] && check ok || check no "make uninstall left: $left"

echo "install: $pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
