#!/bin/sh
# tests/cli/procs-property.sh SEEDS [plugin] - the property test of the
# process handling, run by a CLI case from its directory (where the
# adversary, the plugins and the binary on PATH are).  With "plugin",
# the script is misbehave.so:script's (tests/examples/plugins/
# misbehave.c: crashes, stalls, exits, raw forks, signals and F_SETOWN
# aimed at the auditor, a move into its group, a card twice, and quiet
# chatter, pidfd signals and writes into the report, and runs given up
# with statuses of its own: 1000, the time limit's, memory's), its seed
# and log in its environment, and the same invariants hold.  Otherwise, for
# each seed, the adversary's script
# mode plays a random program against an exec audit (tests/examples/
# exec/adversary.c: fair runs, stalls, exits, children left in its group
# or moved into the auditor's, moves of its own, a closed output, lines
# of garbage, chains of sessions, double forks, signals, F_SETOWN and
# pidfd signals aimed at the auditor, writes into its report, a refusal
# to exit, a kill through int 0x80, SIGIO set up to reach the auditor,
# tkill of its worker threads, limits and priority set on it), with one
# copy or two, and notes each misbehaviour in a log
# before it acts.  The invariants, whatever it does:
#   - the audit ends within its bound (--timeout 1, and a generous 60 s
#     that only a hang can pass);
#   - its exit status is 3 when the log names a breach, else 0 (a quiet
#     misbehaviour, such as a child left in its own group or a signal
#     the filter turns away, changes nothing);
#   - what it printed is its own report: the misbehaviour's for 3, the
#     census's for 0, and nothing the program wrote;
#   - nothing of the program is left running.
# The seeds are fixed, so a failure can be replayed with its seed.
. "$TOP/tests/cli/procs.sh"

kind=${2:-exec}
fails=0
breaches=0
seed=1
while [ "$seed" -le "$1" ]; do
	copies=$((seed % 3 == 0 ? 2 : 1))
	log=prop-log.$seed
	rm -f "$log"
	started
	if [ "$kind" = plugin ]; then
		name=misbehave.so
		what="$name shuffle of 3 cards"
		fair="$what: script() in"
		tail="misbehave.so:script -n 3 --summary --timeout 1"
		SA_SCRIPT_SEED=$seed SA_SCRIPT_LOG=$log timeout 300 \
		    shuffle-audit census --plugin ./$tail > prop-out 2> prop-err
	else
		name="exec ./adversary script $seed $log"
		what="$name shuffle of 3 cards"
		fair="$what: a program"
		tail="adversary script $seed $log"
		timeout 300 shuffle-audit census --exec "$name" -n 3 \
		    --summary --timeout 1 --instances $copies > prop-out 2> prop-err
	fi
	st=$?
	took=$(in_time 60)
	want=0
	if grep -q '^breach' "$log" 2>/dev/null; then
		want=3
		breaches=$((breaches + 1))
	fi
	if [ "$st" != "$want" ]; then
		echo "seed $seed: exit status $st, expected $want ($(tr '\n' ';' \
		    < "$log" 2>/dev/null))"
		fails=$((fails + 1))
	fi
	head=$(head -1 prop-out)
	case $st:$head in
	3:"The $what misbehaved"*) ;;
	0:"The $fair"*) ;;
	*)
		echo "seed $seed: report begins \"$head\""
		fails=$((fails + 1))
		;;
	esac
	if grep -q forged prop-out; then
		echo "seed $seed: the code wrote into the report"
		fails=$((fails + 1))
	fi
	if [ "$took" != "in time" ]; then
		echo "seed $seed: $took"
		fails=$((fails + 1))
	fi
	left=$(running "$tail")
	if [ "$left" -ne 0 ]; then
		echo "seed $seed: $left processes left running"
		fails=$((fails + 1))
	fi
	seed=$((seed + 1))
done
echo "$1 seeds, $fails broken invariants"
# Not a fixed count of breaches (that would test the script, not the
# audit), but some of each kind of ending.
[ "$breaches" -gt 0 ] && [ "$breaches" -lt "$1" ] &&
    echo "breaches and fair ends both played"
