# tests/cli/parts.sh - sourced by CLI cases: a run shared out with
# --part and merged again is the whole run.
#
#   parts P COMMAND...   runs COMMAND whole, then as P parts (the last
#                        first, so that order does not matter), merges
#                        them, and prints "same, exit S" when the merged
#                        report and exit status are the whole run's, or
#                        the difference.  The runs made again by copies
#                        with raw words placed otherwise ('raw placed',
#                        raw_placed_sequences) are held back: each part's
#                        walk places its own kept runs, as an instance's
#                        does, so the merged report adds them up; so are
#                        the reals placed over plans, and the cells a
#                        whole audit searched ('real cells', shown only
#                        where it searched: a part counts at the cells
#                        given, or lcm(1..n)).
#   reseal FILE          makes FILE's checksum line right again after
#                        an edit (FNV-1a, 64 bits, of what comes before
#                        it), so that what merge says of the edit is
#                        heard, not the checksum.
#   widen FILE LIMBS     makes the denominator of the first layer of
#                        FILE (a layers part) LIMBS limbs long, all 1,
#                        and reseals FILE: a small file whose big number
#                        once took merge minutes to read.
#   poke FILE WORD VALUE sets the 64-bit word WORD (from 0) of FILE's
#                        data to VALUE (a machine-order word, as the
#                        part holds it) and reseals FILE: a forged part
#                        whose checksum is right.
_rawless() {
	awk '/^(raw placed|reals placed|real cells) /{ skip = 1; next }
	    skip && /^ /{ next }
	    /"raw_placed_sequences"|^raw_placed_sequences[\t,]/{ next }
	    { skip = 0; print }'
}

parts() {
	_p=$1
	shift
	shuffle-audit "$@" > whole.out 2> whole.err
	_want=$?
	_i=$_p
	_files=
	while [ "$_i" -ge 1 ]; do
		shuffle-audit "$@" --part "$_i/$_p" > "part$_i" ||
			{ echo "part $_i/$_p failed: $?"; return 1; }
		_files="$_files part$_i"
		_i=$((_i - 1))
	done
	# shellcheck disable=SC2086
	shuffle-audit merge $_files > merged.out
	_got=$?
	_rawless < whole.out > whole.cmp
	_rawless < merged.out > merged.cmp
	if [ "$_got" = "$_want" ] && cmp -s whole.cmp merged.cmp; then
		echo "same, exit $_got"
	else
		echo "whole exit $_want, merged exit $_got"
		diff whole.cmp merged.cmp | head -20
	fi
}

reseal() {
	python3 - "$1" <<'PY'
import sys
t = open(sys.argv[1], "rb").read()
t = t[:t.rindex(b"checksum ")]
h = 14695981039346656037
for b in t:
    h = ((h ^ b) * 1099511628211) % 2**64
open(sys.argv[1], "wb").write(t + b"checksum %016x\n" % h)
PY
}

poke() {
	python3 - "$@" <<'PY'
import sys
name, word, value = sys.argv[1], int(sys.argv[2]), int(sys.argv[3], 0)
lines = open(name, "rb").read().split(b"\n")
at = next(i for i, l in enumerate(lines) if l.startswith(b"data "))
end = next(i for i, l in enumerate(lines) if l.startswith(b"checksum "))
data = bytearray(bytes.fromhex(b"".join(lines[at + 1:end]).decode()))
data[8 * word:8 * word + 8] = value.to_bytes(8, sys.byteorder)
hexed = data.hex().encode()
lines[at + 1:end] = [hexed[i:i + 64] for i in range(0, len(hexed), 64)]
open(name, "wb").write(b"\n".join(lines))
PY
	reseal "$1"
}

widen() {
	python3 - "$@" <<'PY'
import sys
name, limbs = sys.argv[1], int(sys.argv[2])
lines = open(name, "rb").read().split(b"\n")
at = next(i for i, l in enumerate(lines) if l.startswith(b"data "))
end = next(i for i, l in enumerate(lines) if l.startswith(b"checksum "))
data = bytes.fromhex(b"".join(lines[at + 1:end]).decode())
w = [int.from_bytes(data[i:i + 8], sys.byteorder) for i in range(0, len(data), 8)]
old = w[15]
w = w[:15] + [limbs] + [1] * limbs + w[16 + old:]
data = b"".join(v.to_bytes(8, sys.byteorder) for v in w)
kind = lines[at].split(b" ")[1]
lines[at] = b"data " + kind + b" %d" % len(data)
hexed = data.hex().encode()
lines[at + 1:end] = [hexed[i:i + 64] for i in range(0, len(hexed), 64)]
open(name, "wb").write(b"\n".join(lines))
PY
	reseal "$1"
}
