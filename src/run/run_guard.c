/*
 * run_guard.c - the process state the command line starts from, and the
 * children of an audit, which must not outlive it.
 *
 * An audit starts the user's code as a child: a plugin in a forked
 * process, a program under /bin/sh.  Each is the leader of a process
 * group of its own, so that one kill reaches whatever it started.  A
 * descendant that leaves the group (setsid, setpgid) is still found,
 * because the auditor makes itself a child subreaper: orphans are
 * reparented to it rather than to init, and it lists them from
 * /proc/self/task/PID/children.  When the audit ends, normally or by
 * SIGINT, SIGTERM or SIGHUP, the group and every such orphan are killed
 * and reaped.  Only SIGKILL of the auditor itself (nothing can catch
 * it) leaves them behind.
 */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE

#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "run_internal.h"

/* The group being watched, or 0; read by the signal handler. */
static volatile sig_atomic_t watched;
static const int stops[] = { SIGHUP, SIGINT, SIGTERM };
static struct sigaction before[sizeof stops / sizeof stops[0]];
static bool handling[sizeof stops / sizeof stops[0]];
/* Where the kernel lists our children, orphans reparented to us too. */
static char children[64];

void
guard_startup(void)
{
	sigset_t none;

	/*
	 * Descriptors 0, 1 and 2 that our parent left closed are opened on
	 * /dev/null, so that no pipe or file of ours lands on them and is
	 * then mistaken for the standard stream by a child.  open() takes
	 * the lowest free number, so going in order fills each one.
	 */
	for (int fd = 0; fd <= 2; fd++) {
		if (fcntl(fd, F_GETFD) >= 0 || errno != EBADF)
			continue;
		if (open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY) < 0)
			break;
	}
	/*
	 * Inherited signal state that would change what we see: with
	 * SIGCHLD ignored the kernel reaps our children before waitpid
	 * can report them, and a blocked signal would never stop us.  A
	 * reader that goes away (| head) ends us quietly, even when our
	 * parent left SIGPIPE ignored.
	 */
	signal(SIGCHLD, SIG_DFL);
	signal(SIGPIPE, SIG_DFL);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
}

void
guard_child(void)
{
	sigset_t none;

	/* A child starts as any program would: default signal actions. */
	signal(SIGPIPE, SIG_DFL);
	for (size_t i = 0; i < sizeof stops / sizeof stops[0]; i++)
		if (handling[i])
			signal(stops[i], SIG_DFL);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
}

/*
 * The pids listed in FILE (a /proc/PID/task/TID/children) into PIDS (at
 * most MAX); how many.  Async-signal-safe: open, read and close only.
 */
static size_t
read_pids(const char *file, pid_t *pids, size_t max)
{
	char buf[4096];
	size_t count = 0;
	pid_t v = 0;
	bool in = false;
	ssize_t got;
	int fd;

	if (file[0] == '\0' || (fd = open(file, O_RDONLY)) < 0)
		return 0;
	while ((got = read(fd, buf, sizeof buf)) > 0) {
		for (ssize_t i = 0; i < got; i++) {
			if (buf[i] >= '0' && buf[i] <= '9') {
				v = v * 10 + (buf[i] - '0');
				in = true;
			} else if (in) {
				if (count < max)
					pids[count++] = v;
				v = 0;
				in = false;
			}
		}
	}
	if (in && count < max)
		pids[count++] = v;
	close(fd);
	return count;
}

/* This process's children (CHILDREN, named once by guard_watch), as
 * read_pids. */
static size_t
orphans(pid_t *pids, size_t max)
{
	return read_pids(children, pids, max);
}

/* Seconds since START on the monotonic clock.  Async-signal-safe. */
static double
since(const struct timespec *start)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (double)(now.tv_sec - start->tv_sec) +
	    (double)(now.tv_nsec - start->tv_nsec) / 1e9;
}

/*
 * Every process on the machine, as pid and parent pid, from /proc (at
 * most PROCS_MAX), and which descend from this one.  Static: the clean-up
 * runs in a signal handler, where nothing may be allocated.
 */
#define PROCS_MAX 32768
static pid_t proc_pid[PROCS_MAX], proc_ppid[PROCS_MAX];
static bool proc_ours[PROCS_MAX];

/* The parent pid in /proc/PID/stat, or -1.  Async-signal-safe. */
static pid_t
parent_of(const char *pid)
{
	char path[64], buf[512];
	const char *p;
	ssize_t got;
	pid_t v = 0;
	size_t k = 0;
	int fd;

	memcpy(path, "/proc/", 6);
	while (pid[k] != '\0' && k < 32) {
		path[6 + k] = pid[k];
		k++;
	}
	memcpy(path + 6 + k, "/stat", 6);
	if ((fd = open(path, O_RDONLY)) < 0)
		return -1;
	got = read(fd, buf, sizeof buf - 1);
	close(fd);
	if (got <= 0)
		return -1;
	buf[got] = '\0';
	/* After the name, which may hold anything, in parentheses: the
	 * state, then the parent. */
	for (p = buf + got; p > buf && p[-1] != ')'; p--)
		;
	if (p == buf || p[0] != ' ' || p[1] == '\0' || p[2] != ' ')
		return -1;
	for (p += 3; *p >= '0' && *p <= '9'; p++)
		v = v * 10 + (*p - '0');
	return v;
}

/*
 * The processes that descend from this one, children and theirs however
 * deep, into PIDS (at most MAX); how many.  One pass over /proc, by
 * getdents64 rather than opendir (which allocates).  Async-signal-safe.
 */
static size_t
descendants(pid_t *pids, size_t max)
{
	char buf[8192];
	size_t n = 0, count = 0;
	pid_t self = getpid();
	bool grew = true;
	long got;
	int fd = open("/proc", O_RDONLY | O_DIRECTORY);

	if (fd < 0)
		return 0;
	while (n < PROCS_MAX &&
	    (got = syscall(SYS_getdents64, fd, buf, sizeof buf)) > 0) {
		for (long at = 0; at < got && n < PROCS_MAX;) {
			struct {
				uint64_t ino;
				int64_t off;
				unsigned short reclen;
				unsigned char type;
				char name[];
			} *d = (void *)(buf + at);
			pid_t v = 0, pp;
			const char *c = d->name;

			at += d->reclen;
			if (*c < '1' || *c > '9')
				continue;
			for (; *c >= '0' && *c <= '9'; c++)
				v = v * 10 + (*c - '0');
			if (*c != '\0' || (pp = parent_of(d->name)) < 0)
				continue;
			proc_pid[n] = v;
			proc_ppid[n] = pp;
			proc_ours[n] = pp == self;
			n++;
		}
	}
	close(fd);
	/* The tree below us, a generation a pass. */
	while (grew) {
		grew = false;
		for (size_t i = 0; i < n; i++) {
			if (proc_ours[i])
				continue;
			for (size_t j = 0; j < n; j++)
				if (proc_ours[j] && proc_pid[j] == proc_ppid[i]) {
					proc_ours[i] = grew = true;
					break;
				}
		}
	}
	for (size_t i = 0; i < n && count < max; i++)
		if (proc_ours[i])
			pids[count++] = proc_pid[i];
	return count;
}

/*
 * Kills the watched group and every process that descends from us
 * (orphans reparented to us, a subreaper, included), each by its pid as
 * well as its group, all of them in one round however deep the chain,
 * and reaps what is ours, until a round finds none.  A process forked
 * between the listing and the kill is orphaned onto us and found by the
 * next round; no clean-up outlasts PROC_GRACE_S in all (a fork bomb, or
 * a process the kernel cannot end at once, is left to init when we
 * exit).  Async-signal-safe.
 */
static void
stop_all(void)
{
	static pid_t pids[4096];
	struct timespec start;

	clock_gettime(CLOCK_MONOTONIC, &start);
	for (;;) {
		struct timespec nap = { 0, 2 * 1000 * 1000 };
		size_t count;
		pid_t got;

		if (watched > 0) {
			kill(-(pid_t)watched, SIGKILL);
			kill((pid_t)watched, SIGKILL);
		}
		/*
		 * With no child left at all, of any thread (ECHILD once the
		 * dead are reaped), nothing descends from us: an orphan of
		 * ours would have become our child.  /proc is not read.
		 */
		while ((got = waitpid(-1, NULL, WNOHANG)) > 0)
			;
		if (got < 0 && errno == ECHILD)
			break;
		count = descendants(pids, sizeof pids / sizeof pids[0]);
		if (count == 0 && orphans(pids, 1) == 0)
			break;
		/*
		 * Each one and, when it leads one (every audited program
		 * does), its process group: several copies of a program
		 * run at once, and only one group is watched.
		 */
		for (size_t i = 0; i < count; i++) {
			kill(-pids[i], SIGKILL);
			kill(pids[i], SIGKILL);
		}
		/* Ours, and those orphaned onto us as they died, reaped. */
		while (waitpid(-1, NULL, WNOHANG) > 0)
			;
		if (since(&start) >= PROC_GRACE_S)
			break;
		nanosleep(&nap, NULL);
		while (waitpid(-1, NULL, WNOHANG) > 0)
			;
	}
}

/* The children this process started for the audit (guard_own), the
 * inits of their pid namespaces among them (guard_init).  Copies of a
 * program start in threads of their own, hence the lock. */
static pid_t owned[64];
static size_t nowned;
static pthread_mutex_t owned_lock = PTHREAD_MUTEX_INITIALIZER;

/*
 * PID added to the list.  A full list first drops the processes that
 * have ended and been reaped (no pid now): an audit may start a program
 * hundreds of times (by layers, again for each depth), two processes
 * each where a pid namespace is made, and a child left out of the list
 * would be taken for a stray.
 */
void
guard_own(pid_t pid)
{
	size_t kept = 0;

	pthread_mutex_lock(&owned_lock);
	if (nowned == 64) {
		for (size_t i = 0; i < nowned; i++)
			if (kill(owned[i], 0) == 0 || errno != ESRCH)
				owned[kept++] = owned[i];
		nowned = kept;
	}
	if (nowned < 64)
		owned[nowned++] = pid;
	pthread_mutex_unlock(&owned_lock);
}

void
guard_init(pid_t init)
{
	if (init > 0)
		guard_own(init);	/* else no namespace was made */
}

bool
guard_strays(void)
{
	pid_t pids[256], inits[64];
	size_t count = orphans(pids, sizeof pids / sizeof pids[0]);
	size_t ninits = proc_ns_inits(inits, sizeof inits / sizeof inits[0]);
	bool stray = false;

	/* In a pid namespace, the code's orphans are its init's children
	 * (the init runs one thread, its pid's). */
	for (size_t k = 0; k < ninits; k++) {
		char file[64];

		snprintf(file, sizeof file, "/proc/%ld/task/%ld/children",
		    (long)inits[k], (long)inits[k]);
		count += read_pids(file, pids + count,
		    sizeof pids / sizeof pids[0] - count);
	}
	pthread_mutex_lock(&owned_lock);
	for (size_t i = 0; i < count && !stray; i++) {
		bool ours = false;
		pid_t g = getpgid(pids[i]);

		for (size_t k = 0; k < nowned && !ours; k++)
			ours = pids[i] == owned[k] || g == owned[k];
		stray = !ours;
	}
	pthread_mutex_unlock(&owned_lock);
	return stray;
}

static void
on_stop(int sig)
{
	stop_all();
	_exit(128 + sig);
}

unsigned
guard_watch(void)
{
	struct sigaction sa;
	unsigned held = 0;
	int reaper = 0;

	prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
	/*
	 * Not dumpable: a process of the same user (the audited code) can
	 * no longer trace this one, read or write its memory through
	 * /proc/PID/mem, or open its descriptors through /proc/PID/fd.
	 */
	prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
	if (prctl(PR_GET_DUMPABLE, 0, 0, 0, 0) == 0)
		held |= GUARD_NOT_DUMPABLE;
	if (prctl(PR_GET_CHILD_SUBREAPER, &reaper, 0, 0, 0) == 0 && reaper)
		held |= GUARD_SUBREAPER;
	snprintf(children, sizeof children, "/proc/self/task/%ld/children",
	    (long)getpid());
	sa.sa_handler = on_stop;
	sa.sa_flags = 0;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < sizeof stops / sizeof stops[0]; i++)
		sigaddset(&sa.sa_mask, stops[i]);
	for (size_t i = 0; i < sizeof stops / sizeof stops[0]; i++) {
		/* A signal ignored when we started (nohup) stays ignored. */
		sigaction(stops[i], NULL, &before[i]);
		handling[i] = before[i].sa_handler != SIG_IGN;
		if (handling[i])
			sigaction(stops[i], &sa, NULL);
	}
	/* The pid namespace probed (once) only now: its probe is a child,
	 * and a stop signal sent once we have one is ours to handle. */
	if (held & GUARD_SUBREAPER)
		held |= proc_isolation();
	return held;
}

void
guard_group(pid_t pgid)
{
	watched = (sig_atomic_t)pgid;
}

void
guard_release(void)
{
	sigset_t block, old;

	/* No stop signal may arrive half-way through the clean-up. */
	sigemptyset(&block);
	for (size_t i = 0; i < sizeof stops / sizeof stops[0]; i++)
		sigaddset(&block, stops[i]);
	sigprocmask(SIG_BLOCK, &block, &old);
	stop_all();
	proc_ns_forget();	/* their inits ended with them */
	watched = 0;
	pthread_mutex_lock(&owned_lock);
	nowned = 0;
	pthread_mutex_unlock(&owned_lock);
	for (size_t i = 0; i < sizeof stops / sizeof stops[0]; i++)
		if (handling[i])
			sigaction(stops[i], &before[i], NULL);
	sigprocmask(SIG_SETMASK, &old, NULL);
}
