#!/bin/sh
# tests/mpi.sh MPI-BINARY BINARY - the Open MPI build (make MPI=1) under
# mpirun -np P, for P = 1 to 4, against the single-process binary: the
# same report, byte for byte, and the same exit status.
#
#   - censuses of the step shuffles (naive, and Durstenfeld and forward
#     by --engine steps, as their proven formulas would not shard) at 6
#     to 10 cards, sharded by leading card, P dividing n and not, the
#     whole tally, the top by runs, the summary, JSON; and the whole
#     tally at 10 cards with P = 10 (one rank a leading card, the shape
#     of the 13-card run) compared by md5sum;
#   - a census too big for the ranks refused once, naming the ranks
#     that would hold it;
#   - what is shared out: an audit of a plugin and of a program over
#     --exec (each rank walks its part of the odometer), a census by
#     layers of audited code, a seed space (stretches of seeds), and a
#     sample with a fixed seed (streams of decks);
#   - a rank killed mid-run fails the job, with mpirun's message naming
#     the rank, and no report: in an audit, and in a sharded census;
#   - each rank's audited code in a pid namespace of its own, where no
#     thread of its rank has a number (skipped where the kernel refuses).
# Run by make check-mpi from the tree's root, after make plugins.
set -u
mpi=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
single=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
top=$(cd "$(dirname "$0")/.." && pwd)
run="mpirun --allow-run-as-root --oversubscribe"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$top"/build/plugins/*.so "$top"/tests/examples/exec/*.py "$tmp"/
cd "$tmp" || exit 1
pass=0 fail=0

suite=mpi
. "$top/tests/check.sh"

# same P ARGS...: the report and the exit status of ARGS under mpirun
# -np P are the single process's, and ARGS are not refused (two refusals
# alike would hold the ranks to nothing).
same() {
	p=$1
	shift
	"$single" "$@" > want 2> /dev/null
	want=$?
	$run -np "$p" "$mpi" "$@" > got 2> err
	got=$?
	if [ "$want" = 2 ]; then
		check no "-np $p $*: refused by the single process (exit 2)"
	elif [ "$got" = "$want" ] && cmp -s want got; then
		check ok
	else
		sed -n '1,5p' err
		check no "-np $p $*: exit $got (single $want), the report \
$(cmp -s want got && echo the same || echo differs)"
	fi
}

# The cases for each P in LANE's directory (want, got and err are its
# own), its counts into LANE/counts.
lane() {
	d=$1
	shift
	mkdir "$d" && cp ./*.so ./*.py "$d"/ && cd "$d" || exit 1
	pass=0 fail=0
	for p in "$@"; do
		same $p census -a naive -n 6
		same $p census -a naive -n 7 -f tsv --top all
		same $p census -a durstenfeld --engine steps -n 7 -f tsv --top all
		same $p census -a forward --engine steps -n 8 --summary
		same $p census -a forward --engine steps -n 6 -f csv --top all
		same $p census -a naive -n 8 --sort runs --top 40 --notation cycles
		same $p census -a durstenfeld --engine steps -n 9 -f json --summary
		same $p census -a sattolo --engine steps -n 7 --check
		same $p census --plugin naive.so -n 6
		same $p census --plugin fair.so -n 5 -f json
		same $p census --exec 'python3 cpython_shuffle.py' -n 5 --summary
		same $p census --plugin arc4random_uniform.so -n 4 --raw-bits 3 \
		    --layers --depth 6
		same $p seed-space -n 5 --seeds 0-49999 --check
		same $p sample -n 8 --decks 50000 --seed 11 --threads 4
		case $p in
		2) same 2 census -a durstenfeld --engine steps -n 10 --summary
		   same 7 census -a rejection -n 7 -f tsv --top all ;;
		3) same 3 census -a naive -n 9 --summary
		   same 3 census -a forward --engine steps -n 10 -f tsv \
		       --sort runs --top 1000 ;;
		4) same 4 census -a naive -n 10 --summary ;;
		esac
	done
	echo "$pass $fail" > counts
}

# Two lanes at once, P = 1 and 4 in one and 2 and 3 in the other (most
# of an mpirun here is its start, which a loaded machine's two cores
# share out), each lane's lines printed when both have ended.
(lane lane1 1 4) > lane1.log 2>&1 &
one=$!
(lane lane2 2 3) > lane2.log 2>&1 &
two=$!
wait $one
wait $two
for d in lane1 lane2; do
	cat $d.log
	if read -r p f < $d/counts; then
		pass=$((pass + p)) fail=$((fail + f))
	else
		check no "$d did not finish"
	fi
done

# The whole tally at 10 cards with 10 ranks, one a leading card (the
# shape of the 13-card run), written by rank 0 straight to a file
# (mpirun forwards a rank's standard output through itself, slowly for
# a tally of 3.6 million rows), by its md5sum against the single
# process's.  (It was 11 cards and 11 ranks, 40 million rows: the same
# shape for over a minute more of CI's time.)
want=$("$single" census -a naive -n 10 -f tsv | md5sum)
: > tally
$run -np 10 sh -c 'exec "$0" "$@" >> tally' "$mpi" census -a naive -n 10 \
    -f tsv
[ "$(md5sum < tally)" = "$want" ] && check ok ||
	check no "-np 10: the 10-card tally's md5sum differs"
rm -f tally

# Too big for two ranks here: refused once (the other rank is quiet),
# naming the ranks that would hold it.
$run -np 2 "$mpi" census -n 13 > got 2> err
status=$?
[ "$status" -eq 2 ] && [ ! -s got ] &&
	[ "$(grep -c '^shuffle-audit: census of 13 cards:' err)" -eq 1 ] &&
	grep -q "a rank.*--plan --ranks" err && check ok ||
	check no "13 cards on two ranks: exit $status, $(cat err)"

# A rank of a sharded census killed while it counts (11 cards take
# seconds of CPU a rank): rank 1 is killed once it has used 0.3 s of CPU,
# so after MPI_Init, whatever the load. (Killed before MPI_Init, a rank
# once left mpirun waiting for ever with two defunct ranks on a loaded
# machine: Open MPI's wait, not ours.) timeout turns any such wait into a
# failure of this case (told by the clock: mpirun itself exits 137 here),
# never a hung suite.
start=$(date +%s)
timeout -s KILL 600 $run -np 3 sh -c 'if [ "$OMPI_COMM_WORLD_RANK" = 1 ]
then (while read -r _ _ _ _ _ _ _ _ _ _ _ _ _ u s _ < /proc/$$/stat &&
	[ $((u + s)) -lt 30 ]; do sleep 0.05; done; kill -9 $$) & fi
exec "$0" "$@"' "$mpi" census -n 11 --summary > got 2> err
status=$?
[ $(($(date +%s) - start)) -lt 600 ] && [ "$status" -ne 0 ] && [ ! -s got ] &&
	grep -q "rank 1" err && check ok ||
	check no "a sharded rank killed: exit $status, $(wc -c < got) bytes"

# merge under mpirun runs on rank 0 alone and ends (it once waited for
# ever for a part rank 1 never sent), with the single process's report;
# an MPMD run, a census beside another command, is refused by rank 0
# and ends (it once hung), under a guard that turns a hang into a fail.
"$single" census -n 5 --engine replay --part 1/2 > m1
"$single" census -n 5 --engine replay --part 2/2 > m2
"$single" merge m1 m2 > want
timeout -s KILL 300 $run -np 2 "$mpi" merge m1 m2 > got 2> err
status=$?
[ "$status" -eq 0 ] && cmp -s want got && check ok ||
	check no "merge under -np 2: exit $status, $(head -3 err)"
timeout -s KILL 300 $run -np 1 "$mpi" census --plugin naive.so -n 4 : \
    -np 1 "$mpi" deal > got 2> err
status=$?
[ "$status" -ne 0 ] && [ "$status" -ne 137 ] && [ ! -s got ] &&
	[ "$(grep -c '^shuffle-audit: mpirun: the ranks were given different commands' err)" -eq 1 ] &&
	check ok || check no "MPMD census and deal: exit $status, $(head -3 err)"

# A rank killed mid-run: rank 1's program kills its rank at its start.
$run -np 3 "$mpi" census --exec 'if [ "$OMPI_COMM_WORLD_RANK" = 1 ]; then
kill -9 $PPID; fi; exec python3 cpython_shuffle.py' -n 6 --summary \
    > got 2> err
status=$?
[ "$status" -ne 0 ] && [ ! -s got ] && grep -q "rank 1" err && check ok ||
	check no "a rank killed: exit $status, $(wc -c < got) bytes of report"

# Bad input: one message, exit 2, under mpirun as alone.
$run -np 2 "$mpi" census --plugin fair.so --part 0/2 > got 2> err
status=$?
[ "$status" -eq 2 ] && [ ! -s got ] && grep -q -- "--part I 0" err &&
	check ok || check no "bad input under mpirun: exit $status"

# Each rank's audited code in a pid namespace of its own (issue 61,
# point 2): the pidns adversary (tests/examples/pidns.h) names every
# thread of its rank from /proc, Open MPI's own threads among them, and
# finds ESRCH for each; the filter stops it at the last call (exit 3).
# Skipped where the kernel refuses a pid namespace.
if unshare --pid --fork true 2>/dev/null ||
    unshare --user --pid --fork true 2>/dev/null; then
	cp "$top"/build/exec/adversary . && mkdir -m 777 pidns &&
	SA_PIDNS_LOG=$(pwd)/pidns/log timeout -s KILL 300 $run -np 2 \
	    -x SA_PIDNS_LOG "$mpi" census --exec './adversary pidns 2' -n 4 \
	    --summary > got 2> err
	status=$?
	[ "$status" -eq 3 ] && grep -q '^isolation *pid namespace' got &&
		[ -s pidns/log ] && ! grep -qv ': ESRCH$' pidns/log &&
		check ok || check no "pidns under -np 2: exit $status, \
$(grep '^isolation' got), $(sort -u pidns/log 2>/dev/null | tr '\n' ' ')"
	rm -rf pidns
else
	echo "mpi: the pid namespace case skipped (the kernel refuses one)"
fi

echo "mpi: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
