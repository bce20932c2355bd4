#!/bin/sh
# tests/cli/procs-property.sh SEEDS - the property test of the process
# handling, run by a CLI case from its directory (where the adversary
# and the binary on PATH are).  For each seed, the adversary's script
# mode plays a random program against an exec audit (tests/examples/
# exec/adversary.c: fair runs, stalls, exits, children left in its group
# or moved into the auditor's, moves of its own, a closed output, lines
# of garbage, a refusal to exit), with one copy or two.  The invariants,
# whatever it does: the audit ends within its bound (--timeout 1, and a
# generous 60 s that only a hang can pass), its exit status is one of 0
# to 3, and nothing of the program is left running.  The seeds are fixed,
# so a failure can be replayed with its seed.
. "$TOP/tests/cli/procs.sh"

fails=0
seed=1
while [ "$seed" -le "$1" ]; do
	copies=$((seed % 3 == 0 ? 2 : 1))
	started
	timeout 300 shuffle-audit census --exec "exec ./adversary script $seed" \
	    -n 3 --summary --timeout 1 --instances $copies > prop-out 2> prop-err
	st=$?
	took=$(in_time 60)
	case $st in
	0 | 1 | 2 | 3) ;;
	*)
		echo "seed $seed: exit status $st"
		fails=$((fails + 1))
		;;
	esac
	if [ "$took" != "in time" ]; then
		echo "seed $seed: $took"
		fails=$((fails + 1))
	fi
	left=$(running "adversary script $seed")
	if [ "$left" -ne 0 ]; then
		echo "seed $seed: $left processes left running"
		fails=$((fails + 1))
	fi
	seed=$((seed + 1))
done
echo "$1 seeds, $fails broken invariants"
