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
 *	              ours once X has ended, and run only then
 *
 * The code stays the auditor's child (we are a subreaper, and X's
 * orphans come to us), so that its exit status, its waits and its kills
 * are what a plain fork gives, and the escape checks (run_proc.c,
 * run_guard.c) see the same tree.  What differs: orphans of the code's
 * descendants go to the init, not to us (guard_init), and killing the
 * init kills everything inside.  Nothing polls: the init blocks on the
 * auditor's life line, proc_stop kills it with its code and blocks on
 * its pidfd until it has ended (a namespace costs a few forks and
 * messages a process started, nothing a run).
 */
#define _GNU_SOURCE	/* unshare, CLONE_* */

#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#include <linux/capability.h>

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
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
/* clone's flag for a pidfd of the child (Linux 5.2), the same number
 * on every architecture. */
#define CLONE_PIDFD_FLAG 0x00001000ul

/*
 * The auditor's life line: a pipe no one writes, whose write end only
 * the auditor holds (close-on-exec, and closed in every child that
 * runs audited code).  An init blocks reading its other end, which
 * ends (EOF) only when the auditor is gone, SIGKILL included: then
 * the init ends, and everything inside with it.  Made by
 * proc_isolation, on the thread that first watches an audit.
 */
static int life[2] = { -1, -1 };

/* In a child: its copies of the life line closed (a plugin's child
 * runs no exec to close them). */
static void
drop_life(void)
{
	for (int k = 0; k < 2; k++)
		if (life[k] >= 0)
			close(life[k]);
}

/*
 * The namespace's init.  It holds none of the auditor's descriptors
 * but the life line's read end (a pipe end kept here would hide an
 * end of input from the code), the kernel reaps its children (the
 * code's orphans) as they end, and it blocks until the auditor ends
 * it (proc_stop, with its code) or is gone.  Inside, no signal reaches
 * it (it catches none); from outside, SIGKILL ends it and all inside.
 *
 * It is not in the code's process group: a group keeps its leader's
 * pid, so an init there would hold a pid of its own namespace after the
 * code had ended, and an init ends only once every pid inside is free.
 */
static void
ns_init(int ready, int line)
{
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
	 * it has a handler.  Its children are reaped by the kernel. */
	for (int sig = 1; sig < NSIG; sig++)
		signal(sig, SIG_DFL);
	signal(SIGCHLD, SIG_IGN);
	if (line != STDIN_FILENO && dup2(line, STDIN_FILENO) < 0)
		_exit(0);
	if (syscall(NR_CLOSE_RANGE, 1u, ~0u, 0u) != 0)
		for (int fd = 1; fd < 1024; fd++)
			close(fd);
	for (;;) {
		char c;

		got = read(STDIN_FILENO, &c, 1);
		if (got == 0 || (got < 0 && errno != EINTR))
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

/* PIDS (the code's and the init's) over the socket TO, with the init's
 * pidfd FD when there is one. */
static void
send_pids(int to, const pid_t pids[2], int fd)
{
	union {
		char buf[CMSG_SPACE(sizeof(int))];
		struct cmsghdr align;
	} u;
	struct iovec iov = { (void *)pids, 2 * sizeof *pids };
	struct msghdr msg;

	memset(&msg, 0, sizeof msg);
	msg.msg_iov = &iov;
	msg.msg_iovlen = 1;
	if (fd >= 0) {
		struct cmsghdr *c;

		memset(&u, 0, sizeof u);
		msg.msg_control = u.buf;
		msg.msg_controllen = sizeof u.buf;
		c = CMSG_FIRSTHDR(&msg);
		c->cmsg_level = SOL_SOCKET;
		c->cmsg_type = SCM_RIGHTS;
		c->cmsg_len = CMSG_LEN(sizeof(int));
		memcpy(CMSG_DATA(c), &fd, sizeof fd);
	}
	while (sendmsg(to, &msg, 0) < 0 && errno == EINTR)
		;
}

/*
 * X, the auditor's first child: the namespace, then its init and the
 * code, whose pids go to the auditor through TO before X ends, with a
 * pidfd of the init.  Returns in the code once the auditor has reaped X
 * (the code's process is X itself when the kernel refused the
 * namespace: nothing is written then).
 */
static void
ns_split(int to)
{
	pid_t pids[2];
	int ready[2], fd = -1;
	char c;
	bool userns;

	if (!ns_enter(&userns)) {
		close(to);
		drop_life();
		return;
	}
	/* The first process made inside is its init; the code is forked
	 * once the init has chosen its pid (or ended).  A kernel before
	 * 5.2 gives no pidfd: the auditor then reaps the init later. */
	if (pipe(ready) != 0)
		_exit(127);
	pids[1] = (pid_t)syscall(SYS_clone, CLONE_PARENT | CLONE_PIDFD_FLAG |
	    SIGCHLD, 0ul, &fd, 0ul, 0ul);
	if (pids[1] < 0 && errno == EINVAL)
		pids[1] = (pid_t)syscall(SYS_clone, (unsigned long)(CLONE_PARENT |
		    SIGCHLD), 0ul, 0ul, 0ul, 0ul);
	if (pids[1] == 0) {
		close(ready[0]);
		ns_init(ready[1], life[0]);
	}
	close(ready[1]);
	drop_life();
	while (read(ready[0], &c, 1) < 0 && errno == EINTR)
		;
	close(ready[0]);
	if (pids[1] < 0 || (pids[0] = fork()) < 0)
		_exit(127);
	if (pids[0] == 0) {
		if (fd >= 0)
			close(fd);
		if (userns)
			drop_all();
		/* Nothing runs before X is reaped and the code is the
		 * auditor's child: the auditor's byte (or its end). */
		while (read(to, &c, 1) < 0 && errno == EINTR)
			;
		close(to);
		return;
	}
	/* Either side may get there first, as in proc_start. */
	setpgid(pids[0], pids[0]);
	send_pids(to, pids, fd);
	_exit(0);
}

/*
 * The namespaces made whose code proc_stop has not ended yet: the
 * code, its init and the init's pidfd (-1 for none).  Copies of a
 * program start and stop in threads of their own, hence the lock.  A
 * full list keeps no more: those inits end with the audit (stop_all).
 */
static struct made {
	pid_t code, init;
	int fd;
} made[64];
static size_t nmade;
static pthread_mutex_t made_lock = PTHREAD_MUTEX_INITIALIZER;

/* The pids and the pidfd X sent over FROM into PIDS and *FD (-1 for
 * none); the bytes read. */
static ssize_t
recv_pids(int from, pid_t pids[2], int *fd)
{
	union {
		char buf[CMSG_SPACE(sizeof(int))];
		struct cmsghdr align;
	} u;
	struct iovec iov = { pids, 2 * sizeof *pids };
	struct msghdr msg;
	struct cmsghdr *c;
	ssize_t got;

	*fd = -1;
	memset(&msg, 0, sizeof msg);
	msg.msg_iov = &iov;
	msg.msg_iovlen = 1;
	msg.msg_control = u.buf;
	msg.msg_controllen = sizeof u.buf;
	while ((got = recvmsg(from, &msg, MSG_CMSG_CLOEXEC)) < 0 &&
	    errno == EINTR)
		;
	for (c = got > 0 ? CMSG_FIRSTHDR(&msg) : NULL; c != NULL;
	    c = CMSG_NXTHDR(&msg, c))
		if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS &&
		    c->cmsg_len == CMSG_LEN(sizeof(int)))
			memcpy(fd, CMSG_DATA(c), sizeof *fd);
	return got;
}

pid_t
proc_fork(pid_t *init)
{
	pid_t x, pids[2];
	int link[2], wst, fd;
	ssize_t got;

	*init = 0;
	if (!(proc_isolation() & GUARD_PID_NS) ||
	    socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, link) != 0) {
		if ((x = fork()) == 0)
			drop_life();
		return x;
	}
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
	/* X writes both pids in one message, or nothing when it is the
	 * code itself (and closes its end before running anything else). */
	got = recv_pids(link[0], pids, &fd);
	if (got != (ssize_t)sizeof pids) {
		close(link[0]);
		if (fd >= 0)
			close(fd);
		return x;
	}
	/* X has ended: the code and the init are ours once it is reaped,
	 * and the code goes on. */
	while (waitpid(x, &wst, 0) < 0 && errno == EINTR)
		;
	setpgid(pids[0], pids[0]);
	setpgid(pids[1], pids[1]);
	(void)send(link[0], "g", 1, MSG_NOSIGNAL);
	close(link[0]);
	pthread_mutex_lock(&made_lock);
	if (nmade < sizeof made / sizeof made[0]) {
		made[nmade].code = pids[0];
		made[nmade].init = pids[1];
		made[nmade++].fd = fd;
		fd = -1;
	}
	pthread_mutex_unlock(&made_lock);
	if (fd >= 0)
		close(fd);
	*init = pids[1];
	return pids[0];
}

/* CODE's entry taken out of the list into *M; false for none. */
static bool
take(pid_t code, struct made *m)
{
	bool found = false;

	pthread_mutex_lock(&made_lock);
	for (size_t i = 0; i < nmade && !found; i++)
		if (made[i].code == code) {
			*m = made[i];
			made[i] = made[--nmade];
			found = true;
		}
	pthread_mutex_unlock(&made_lock);
	return found;
}

pid_t
proc_ns_kill(pid_t code, int *fd)
{
	struct made m;

	*fd = -1;
	if (code <= 0 || !take(code, &m))
		return 0;
	kill(m.init, SIGKILL);
	*fd = m.fd;
	return m.init;
}

void
proc_ns_reap(pid_t init, int fd, double until)
{
	if (init <= 0)
		return;
	/* The init ends once every pid inside is free: the code's too,
	 * which the caller has reaped.  Its pidfd is readable then. */
	if (fd >= 0) {
		struct pollfd p = { fd, POLLIN, 0 };
		double left = until - sa_clock();

		if (left > 0)
			while (poll(&p, 1, (int)(left * 1000) + 1) < 0 &&
			    errno == EINTR)
				;
		close(fd);
	}
	(void)waitpid(init, NULL, WNOHANG);
}

size_t
proc_ns_inits(pid_t *pids, size_t max)
{
	size_t count = 0;

	pthread_mutex_lock(&made_lock);
	for (size_t i = 0; i < nmade && count < max; i++)
		pids[count++] = made[i].init;
	pthread_mutex_unlock(&made_lock);
	return count;
}

void
proc_ns_forget(void)
{
	pthread_mutex_lock(&made_lock);
	for (size_t i = 0; i < nmade; i++)
		if (made[i].fd >= 0)
			close(made[i].fd);
	nmade = 0;
	pthread_mutex_unlock(&made_lock);
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
	if (held && pipe2(life, O_CLOEXEC) != 0)
		held = 0;
	return held;
}
