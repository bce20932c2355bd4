#!/bin/sh
# tests/docs.sh BINARY
#
# The documentation matches the code:
#   - the man page is clean under mandoc -Tlint;
#   - every example in the man page's EXAMPLES and in README.md (lines
#     "$ shuffle-audit ...") is a case in tests/cli/cases, so it is run,
#     with its output compared, by tests/cli.sh;
#   - every command and every long option that --help lists is in the
#     man page;
#   - .ci/run runs the README's test command word for word.

set -u
bin=$1
top=$(cd "$(dirname "$0")/.." && pwd)
man=$top/man/shuffle-audit.1
readme=$top/README.md
cases=$top/tests/cli/cases
passed=0
failed=0

check() {
	if [ "$1" = ok ]; then
		passed=$((passed + 1))
	else
		failed=$((failed + 1))
		echo "FAIL: $2"
	fi
}

if command -v mandoc >/dev/null 2>&1; then
	out=$(mandoc -Tlint -Wwarning "$man" 2>&1)
	[ -z "$out" ] && check ok || check no "mandoc -Tlint: $out"
else
	check no "mandoc is not installed (apt-get install mandoc)"
fi

# The rendered page shows no macro as a word (a macro called on a text
# line, or parsed where it should not be), and keeps the quotes of the
# JSON example; by mandoc and, where it is installed, by man-db's groff.
rendered_check() {
	name=$1
	text=$2
	leaked=$(printf '%s\n' "$text" | grep -nE \
	    '(^|[[:space:](])(Ns|Ar|Fl|Pq|Ql|Cm|No|Xr|Dq|Op|Ev|Pa|Nm|Sx|Em) [^ ]' |
	    head -3)
	[ -z "$leaked" ] && check ok ||
		check no "$name: macro names in the rendered page: $leaked"
	printf '%s\n' "$text" | grep -qF '{"ordering": "0123", "runs": 10}' &&
		check ok || check no "$name: the JSON example lost its quotes"
	printf '%s\n' "$text" | grep -qF 'and) rarest' &&
		check no "$name: a parenthesis closes early ('and) rarest')" ||
		check ok
}
bs=$(printf '\b')
if command -v mandoc >/dev/null 2>&1; then
	rendered_check mandoc "$(mandoc -Tascii "$man" | sed "s/.$bs//g")"
fi
if command -v man >/dev/null 2>&1 && command -v groff >/dev/null 2>&1; then
	rendered_check man-db "$(MANWIDTH=80 man -l "$man" 2>/dev/null |
	    sed "s/.$bs//g")"
fi

# The commands of the cases file, one per line.
commands=$(sed -n 's/^[^#][^|]* | [0-9]* | [^|]* | //p' "$cases")

examples() {
	sed -n '/^\.Sh EXAMPLES/,/^\.Sh /s/^\.Dl \$ //p' "$man"
	sed -n 's/^\$ \(shuffle-audit .*\)/\1/p' "$readme"
}
n=0
examples > "${TMPDIR:-/tmp}/docs.$$"
while IFS= read -r ex; do
	n=$((n + 1))
	if printf '%s\n' "$commands" | grep -qxF -- "$ex"; then
		check ok
	else
		check no "example not in tests/cli/cases: $ex"
	fi
done < "${TMPDIR:-/tmp}/docs.$$"
rm -f "${TMPDIR:-/tmp}/docs.$$"
[ "$n" -ge 5 ] && check ok || check no "found only $n examples"

for cmd in $("$bin" --help | sed -n 's/^  \([a-z-]*\)  .*/\1/p'); do
	grep -q "^\.Cm $cmd\$" "$man" && grep -q "^\.Ss $cmd\$" "$man" &&
		check ok || check no "command '$cmd' has no section in the man page"
	grep -q "shuffle-audit $cmd" "$readme" &&
		check ok || check no "command '$cmd' is not in README.md"
	for opt in $("$bin" "$cmd" --help | grep -o -- '--[a-z-]*' | sort -u); do
		grep -q "Fl ${opt#-}" "$man" && check ok ||
			check no "option $opt of '$cmd' is not in the man page"
	done
done

want=$(sed -n '/^Install what the tests need/,/^```$/p' "$readme" |
	sed -n '/^```sh$/,/^```$/p' | grep -v '^```')
grep -qxF -- "$want" "$top/.ci/run" && check ok ||
	check no ".ci/run does not run the README's test command: $want"

echo "docs: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
