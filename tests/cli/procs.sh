# tests/cli/procs.sh - sourced by cases that look at processes, without
# procps: every process's command line is read from /proc.
#
#   left 'sleep 7771'   how many processes run exactly that command line
#   running TEXT        how many command lines end with TEXT
#   await 'sleep 7771'  waits until one does (at most 600 polls of 0.1 s;
#                       a bound on a hang, not a timing the case asserts)
#   await_child PID     waits until PID has a child process
#   await_running TEXT N  waits until N command lines end with TEXT
#   await_gone TEXT     waits until none does (both at most 600 polls)
#   as_nobody CMD...    execs CMD as nobody when this is root (setpriv
#                       execs it in turn: CMD & leaves its pid in $!),
#                       as itself otherwise
#   unprivileged FILE CMD...
#                       CMD run as nobody when this is root (setpriv),
#                       as itself otherwise, in a directory of its own
#                       holding a copy of FILE; CMD's status

# Every process's command line, a line each, its arguments ending in a
# space.  A process may end between the glob and the read: quietly.
# Under tests/cli.sh, only the processes started from this case: those
# whose environment holds its SA_CASE (which a process keeps however it
# leaves its group or session), so that another run of the suite on the
# same machine is not counted as this case's.  A process whose
# environment cannot be read (another user's, or one not dumpable, as
# the auditor and a plugin's process are) is counted all the same:
# counted rather than missed.
cmdlines() {
	if [ -n "${SA_CASE:-}" ]; then
		ours=" $(grep -lxzF -- "SA_CASE=$SA_CASE" /proc/[0-9]*/environ \
		    2>/dev/null | tr '\n' ' ')"
	fi
	for f in /proc/[0-9]*/cmdline; do
		e=${f%cmdline}environ
		if [ -n "${SA_CASE:-}" ] && [ -r "$e" ]; then
			case $ours in
			*" $e "*) ;;
			*) continue ;;
			esac
		fi
		{ tr '\0' ' ' < "$f"; } 2>/dev/null
		echo
	done
}

left() {
	cmdlines | grep -cxF -- "$1 "
}

running() {
	cmdlines | grep -c -- "$1 \$"
}

await() {
	i=0
	while [ "$(left "$1")" -eq 0 ] && [ $i -lt 600 ]; do
		sleep 0.1
		i=$((i + 1))
	done
}

await_running() {
	i=0
	while [ "$(running "$1")" -lt "$2" ] && [ $i -lt 600 ]; do
		sleep 0.1
		i=$((i + 1))
	done
}

await_gone() {
	i=0
	while [ "$(running "$1")" -ne 0 ] && [ $i -lt 600 ]; do
		sleep 0.1
		i=$((i + 1))
	done
}

as_nobody() {
	if [ "$(id -u)" = 0 ]; then
		exec setpriv --reuid=65534 --regid=65534 --clear-groups "$@"
	fi
	exec "$@"
}

await_child() {
	i=0
	while [ -z "$(cat /proc/"$1"/task/*/children 2>/dev/null)" ] &&
	    [ $i -lt 600 ]; do
		sleep 0.1
		i=$((i + 1))
	done
}

# started; ...; in_time B   prints "in time" when the commands between
#                           took under B seconds (a generous bound on a
#                           hang, never a timing the case asserts)
started() {
	t0=$(date +%s)
}

in_time() {
	t=$(($(date +%s) - t0))
	if [ "$t" -lt "$1" ]; then
		echo "in time"
	else
		echo "took $t s, over $1"
	fi
}

unprivileged() {
	u_file=$1
	shift
	u_dir=$(mktemp -d /tmp/sa-nobody.XXXXXX) && chmod 755 "$u_dir" &&
	    cp "$u_file" "$u_dir"/ || return 2
	if [ "$(id -u)" = 0 ]; then
		(cd "$u_dir" && setpriv --reuid=65534 --regid=65534 \
		    --clear-groups "$@")
	else
		(cd "$u_dir" && "$@")
	fi
	u_s=$?
	rm -rf "$u_dir"
	return $u_s
}
