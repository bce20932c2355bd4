/*
 * run_ns.c - audited code in a pid namespace of its own, where the
 * auditor has no number: no kill, tkill, setpriority or sched_* call
 * can name it or any of its threads, whatever id the code finds in
 * /proc.  The seccomp filter (run_filter.c) is the second wall, and the
 * only one where the kernel refuses the namespace.
 *
 * The shape, made by proc_fork:
 *
 *	auditor ── X (a plain fork; unshares, then ends)
 *	   ├── init   pid 1 inside: made by X with CLONE_PARENT
 *	   └── code   pid N inside (N the init's pid outside): X's fork,
 *	              ours once X has ended
 *
 * The code stays the auditor's child (we are a subreaper, and X's
 * orphans come to us), so that its exit status, its waits and its kills
 * are what a plain fork gives, and the escape checks (run_proc.c,
 * run_guard.c) see the same tree.  What differs: orphans of the code's
 * descendants go to the init, not to us (guard_init), and killing the
 * init kills everything inside.
 */
#define _GNU_SOURCE	/* unshare, CLONE_* */

#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#include <linux/capability.h>

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "run_internal.h"

/* The map of ID (a uid or gid) onto itself, written into FILE. */
static bool
map_self(const char *file, unsigned long id)
{
	char map[48];
	int fd = open(file, O_WRONLY);
	bool ok;

	if (fd < 0)
		return false;
	snprintf(map, sizeof map, "%lu %lu 1", id, id);
	ok = write(fd, map, strlen(map)) == (ssize_t)strlen(map);
	close(fd);
	return ok;
}

/*
 * This process's next child the first of a new pid namespace: by
 * unshare as root, else through a user namespace of its own in which
 * this process keeps its uid and gid.  *USERNS says which.  False, with
 * nothing changed, when the kernel refuses both.
 */
static bool
ns_enter(bool *userns)
{
	uid_t uid = getuid();
	gid_t gid = getgid();
	int fd, dumpable;
	bool mapped;

	*userns = false;
	if (unshare(CLONE_NEWPID) == 0)
		return true;
	if (unshare(CLONE_NEWUSER | CLONE_NEWPID) != 0)
		return false;
	*userns = true;
	/* Our own /proc files are root's while we are not dumpable (as
	 * the auditor made itself): dumpable for the maps' writes only. */
	dumpable = prctl(PR_GET_DUMPABLE, 0, 0, 0, 0);
	prctl(PR_SET_DUMPABLE, 1, 0, 0, 0);
	/* An unprivileged gid_map needs setgroups refused first. */
	if ((fd = open("/proc/self/setgroups", O_WRONLY)) >= 0) {
		(void)!write(fd, "deny", 4);
		close(fd);
	}
	mapped = map_self("/proc/self/uid_map", (unsigned long)uid) &&
	    map_self("/proc/self/gid_map", (unsigned long)gid);
	prctl(PR_SET_DUMPABLE, dumpable, 0, 0, 0);
	return mapped;
}

/* close_range: one number on every architecture (Linux 5.9). */
#define NR_CLOSE_RANGE 436

/*
 * The namespace's init.  It holds none of the auditor's descriptors
 * (a pipe end kept here would hide an end of input from the code), and
 * ends once nothing else is left inside: the dead it was given reaped,
 * a probe of all the rest (kill -1 with no signal) finding none.  A
 * second between looks: it only matters when the auditor was killed
 * and left the code to finish by itself.  Inside, no signal reaches it
 * (it catches none); from outside, SIGKILL ends it and all inside.
 */
static void
ns_init(int ready)
{
	struct timespec second = { 1, 0 };
	char self[32];
	ssize_t got = readlink("/proc/self", self, sizeof self - 1);
	int last_fd;

	/* The code's pid inside made this init's pid outside (/proc is
	 * the machine's), through ns_last_pid, not 2 in every namespace:
	 * a program that keys a file by its pid (a JVM's /tmp/hsperfdata
	 * files) must not meet its twin in another audit.  Unique while
	 * this init lives, which is as long as the code does.  Where the
	 * write is refused, the code is pid 2. */
	if (got > 0 && (last_fd = open("/proc/sys/kernel/ns_last_pid",
	    O_WRONLY)) >= 0) {
		char last[32];
		long pid;

		self[got] = '\0';
		pid = atol(self);
		snprintf(last, sizeof last, "%ld", pid - 1);
		if (pid > 2)
			(void)!write(last_fd, last, strlen(last));
		close(last_fd);
	}
	(void)!write(ready, "x", 1);

	/* The auditor's handlers (its clean-up on SIGTERM and the rest)
	 * are not the init's: inside, a signal reaches an init only where
	 * it has a handler. */
	for (int sig = 1; sig < NSIG; sig++)
		signal(sig, SIG_DFL);
	if (syscall(NR_CLOSE_RANGE, 0u, ~0u, 0u) != 0)
		for (int fd = 0; fd < 1024; fd++)
			close(fd);
	for (;;) {
		nanosleep(&second, NULL);
		while (waitpid(-1, NULL, WNOHANG) > 0)
			;
		if (kill(-1, 0) != 0 && errno == ESRCH)
			_exit(0);
	}
}

/* Every capability the user namespace gave this process, dropped: the
 * code has what it would have had outside, nothing more. */
static void
drop_all(void)
{
	struct __user_cap_header_struct head = {
		_LINUX_CAPABILITY_VERSION_3, 0
	};
	struct __user_cap_data_struct none[_LINUX_CAPABILITY_U32S_3];

	memset(none, 0, sizeof none);
	(void)syscall(SYS_capset, &head, none);
}

/*
 * X, the auditor's first child: the namespace, then its init and the
 * code, whose pids go to the auditor through TO before X ends.  Returns
 * in the code (the code's process is X itself when the kernel refused
 * the namespace: nothing is written then).
 */
static void
ns_split(int to)
{
	pid_t pids[2];
	int ready[2];
	char c;
	bool userns;

	if (!ns_enter(&userns)) {
		close(to);
		return;
	}
	/* The first process made inside is its init; the code is forked
	 * once the init has chosen its pid (or ended). */
	if (pipe(ready) != 0)
		_exit(127);
	pids[1] = (pid_t)syscall(SYS_clone, (unsigned long)(CLONE_PARENT |
	    SIGCHLD), 0ul, 0ul, 0ul, 0ul);
	if (pids[1] == 0)
		ns_init(ready[1]);
	close(ready[1]);
	while (read(ready[0], &c, 1) < 0 && errno == EINTR)
		;
	close(ready[0]);
	if (pids[1] < 0 || (pids[0] = fork()) < 0)
		_exit(127);
	if (pids[0] == 0) {
		close(to);
		if (userns)
			drop_all();
		return;
	}
	/* Either side may get there first, as in proc_start. */
	setpgid(pids[0], pids[0]);
	(void)!write(to, pids, sizeof pids);
	_exit(0);
}

pid_t
proc_fork(pid_t *init)
{
	pid_t x, pids[2];
	int link[2], wst;
	ssize_t got;

	*init = 0;
	if (!(proc_isolation() & GUARD_PID_NS) || pipe(link) != 0)
		return fork();
	if ((x = fork()) == 0) {
		close(link[0]);
		ns_split(link[1]);
		return 0;
	}
	close(link[1]);
	if (x < 0) {
		close(link[0]);
		return -1;
	}
	/* X writes both pids in one write, or nothing when it is the code
	 * itself (and closes its end before running anything else). */
	while ((got = read(link[0], pids, sizeof pids)) < 0 && errno == EINTR)
		;
	close(link[0]);
	if (got != (ssize_t)sizeof pids)
		return x;
	/* X has ended: the code and the init are ours once it is reaped. */
	while (waitpid(x, &wst, 0) < 0 && errno == EINTR)
		;
	setpgid(pids[0], pids[0]);
	setpgid(pids[1], pids[0]);
	*init = pids[1];
	return pids[0];
}

/* Tried once, in a child of its own: can a child run in a pid
 * namespace here? */
static bool probed;
static unsigned held;

unsigned
proc_isolation(void)
{
	pid_t child;
	int wst;
	bool userns;

	if (probed)
		return held;
	probed = true;
	fflush(NULL);
	if ((child = fork()) < 0)
		return held;
	if (child == 0)
		_exit(ns_enter(&userns) ? 0 : 1);
	while (waitpid(child, &wst, 0) < 0)
		if (errno != EINTR)
			return held;
	held = WIFEXITED(wst) && WEXITSTATUS(wst) == 0 ? GUARD_PID_NS : 0;
	return held;
}
