/*
 * run_proc.c - a child the auditor can always stop: every wait on
 * it has a deadline, and stopping it does not rest on its process group.
 *
 * Audited code and `fit --run` commands start as the leader of a process
 * group of their own, so that one kill reaches whatever they start.  A
 * hostile program can leave that group (setpgid into another, the
 * auditor's own included), after which a kill of the group misses it
 * and a waitpid() on it would wait for ever.  So a child is killed by
 * its pid as well as by its group, waited for by polling with a
 * deadline, and the tree of processes under it is checked for any that
 * left the group, which is reported as misbehaviour.  Descendants that
 * outlive it are the guard's (run_guard.c): the auditor is their
 * subreaper.
 */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE

#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#include <stddef.h>
#include <stdint.h>

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "run_internal.h"

bool
proc_exited(pid_t pid)
{
	siginfo_t si;

	si.si_pid = 0;
	if (waitid(P_PID, (id_t)pid, &si, WEXITED | WNOHANG | WNOWAIT) < 0)
		return errno != EINTR;
	return si.si_pid == pid;
}

bool
proc_wait_exit(pid_t pid, double seconds)
{
	double until = sa_clock() + seconds;
	/* Naps from 50 us, doubled up to 5 ms: a program that exits as its
	 * input closes is seen at once, a slow one cheaply.  (A pidfd's
	 * poll would see it as it happens, but valgrind 3.19, Debian 12's,
	 * warns of pidfd_open on stderr in every audit run under it.) */
	struct timespec nap = { 0, 50 * 1000 };

	for (;;) {
		if (proc_exited(pid))
			return true;
		if (sa_clock() >= until)
			return false;
		nanosleep(&nap, NULL);
		if (nap.tv_nsec < 5 * 1000 * 1000)
			nap.tv_nsec *= 2;
	}
}

bool
proc_stop(pid_t pid, int *wst)
{
	double until;
	int ignored, init_fd;
	pid_t init;

	if (wst == NULL)
		wst = &ignored;
	*wst = 0;
	if (pid <= 0)
		return true;
	/*
	 * Its pid namespace's init, and all inside with it; the group
	 * while the leader's pid, unreaped, still names it; the leader by
	 * its pid, wherever it has gone.
	 */
	init = proc_ns_kill(pid, &init_fd);
	kill(-pid, SIGKILL);
	kill(pid, SIGKILL);
	until = sa_clock() + PROC_GRACE_S;
	/* A killed process is gone in microseconds: naps from 20 us,
	 * doubled up to 2 ms. */
	struct timespec nap = { 0, 20 * 1000 };

	for (;;) {
		pid_t got = waitpid(pid, wst, WNOHANG);

		if (got == pid || (got < 0 && errno == ECHILD)) {
			proc_ns_reap(init, init_fd, until);
			return true;
		}
		if (sa_clock() >= until) {
			proc_ns_reap(init, init_fd, 0);
			return false;
		}
		nanosleep(&nap, NULL);
		if (nap.tv_nsec < 2 * 1000 * 1000)
			nap.tv_nsec *= 2;
	}
}

/*
 * The pids listed in FILE (a /proc/PID/task/TID/children) appended to
 * PIDS, which holds *COUNT of at most MAX.
 */
static void
read_children(const char *file, pid_t *pids, size_t *count, size_t max)
{
	char buf[4096];
	ssize_t got;
	long v = 0;
	bool in = false;
	int fd = open(file, O_RDONLY);

	if (fd < 0)
		return;
	while ((got = read(fd, buf, sizeof buf)) > 0)
		for (ssize_t i = 0; i <= got; i++) {
			if (i < got && buf[i] >= '0' && buf[i] <= '9') {
				v = v * 10 + (buf[i] - '0');
				in = true;
			} else if (in) {
				if (*count < max)
					pids[(*count)++] = (pid_t)v;
				v = 0;
				in = false;
			}
		}
	close(fd);
}

/* The children of every thread of PID appended to PIDS, as above. */
static void
children_of(pid_t pid, pid_t *pids, size_t *count, size_t max)
{
	char path[64];
	DIR *d;
	struct dirent *e;

	snprintf(path, sizeof path, "/proc/%ld/task", (long)pid);
	if ((d = opendir(path)) == NULL)
		return;
	while ((e = readdir(d)) != NULL) {
		char file[128];

		if (e->d_name[0] < '0' || e->d_name[0] > '9')
			continue;
		snprintf(file, sizeof file, "/proc/%ld/task/%.20s/children",
		    (long)pid, e->d_name);
		read_children(file, pids, count, max);
	}
	closedir(d);
}

enum proc_escape
proc_escaped(pid_t pid)
{
	pid_t tree[1024];
	pid_t ours = getpgrp();
	size_t count = 1;

	if (pid <= 0)
		return PROC_IN_GROUP;
	tree[0] = pid;
	/* Breadth first: the list grows behind the one being read. */
	for (size_t i = 0; i < count; i++) {
		pid_t g = getpgid(tree[i]);

		if (g >= 0 && g != pid) {
			if (i == 0)
				return g == ours ? PROC_JOINED_OURS :
				    PROC_LEFT_GROUP;
			return g == ours ? PROC_CHILD_JOINED_OURS :
			    PROC_CHILD_LEFT_GROUP;
		}
		children_of(tree[i], tree, &count, sizeof tree / sizeof tree[0]);
	}
	return PROC_IN_GROUP;
}

const char *
proc_escape_text(enum proc_escape e)
{
	switch (e) {
	case PROC_JOINED_OURS:
		return "moved itself into " RUN_NAME "'s own process group, out "
		    "of reach of a kill of its group";
	case PROC_LEFT_GROUP:
		return "left the process group it was started in, out of reach "
		    "of a kill of its group";
	case PROC_CHILD_JOINED_OURS:
		return "started a process that moved into " RUN_NAME "'s own "
		    "process group, out of reach of a kill of its group";
	case PROC_CHILD_LEFT_GROUP:
		return "started a process that left the process group it was "
		    "started in, out of reach of a kill of its group";
	default:
		return NULL;
	}
}

/*
 * What proc_confine gives audited code here, tried once in a child that
 * runs nothing else and exits with the bits.  proc_probe starts that
 * child, so that it runs while the audited code starts; proc_protections
 * reaps it (starting it first if need be) and keeps its answer.
 */
static pid_t probe_child;
static bool probed;
static unsigned probe_held;

void
proc_probe(void)
{
	pid_t me = getpid(), child;

	if (probed || probe_child > 0)
		return;
	fflush(NULL);
	if ((child = fork()) < 0) {
		probed = true;	/* nothing held: none could be tried */
		return;
	}
	if (child == 0)
		_exit((int)proc_confine(me, getpgid(me)));
	probe_child = child;
}

unsigned
proc_protections(void)
{
	int wst;

	if (probed)
		return probe_held;
	proc_probe();
	if (probed)
		return probe_held;
	probed = true;
	while (waitpid(probe_child, &wst, 0) < 0)
		if (errno != EINTR) {
			probe_child = 0;
			return 0;
		}
	probe_child = 0;
	probe_held = WIFEXITED(wst) ? (unsigned)WEXITSTATUS(wst) &
	    (GUARD_SECCOMP | GUARD_NO_PTRACE) : 0;
	return probe_held;
}

/*
 * The words sh takes as its own before it looks on PATH: the builtins
 * and reserved words of dash and of bash, together, so that whichever
 * of them /bin/sh is, such a word is left to it.
 */
static const char *const sh_words[] = {
	"!", ".", ":", "[", "[[", "]]", "alias", "bg", "bind", "break",
	"builtin", "caller", "case", "cd", "chdir", "command", "compgen",
	"complete", "compopt", "continue", "coproc", "declare", "dirs",
	"disown", "do", "done", "echo", "elif", "else", "enable", "esac",
	"eval", "exec", "exit", "export", "false", "fc", "fg", "fi", "for",
	"function", "getopts", "hash", "help", "history", "if", "in", "jobs",
	"kill", "let", "local", "logout", "mapfile", "popd", "printf",
	"pushd", "pwd", "read", "readarray", "readonly", "return", "select",
	"set", "shift", "shopt", "source", "suspend", "test", "then", "time",
	"times", "trap", "true", "type", "typeset", "ulimit", "umask",
	"unalias", "unset", "until", "wait", "while", "{", "}", NULL
};

bool
proc_which(const char *word, char *buf, size_t size)
{
	const char *path = getenv("PATH"), *dir = path, *end;
	size_t wlen = strlen(word);
	struct stat st;

	if (wlen == 0 || strchr(word, '/') != NULL || path == NULL)
		return false;
	for (size_t i = 0; sh_words[i] != NULL; i++)
		if (strcmp(word, sh_words[i]) == 0)
			return false;
	for (;; dir = end + 1) {
		size_t dlen;

		end = strchr(dir, ':');
		if (end == NULL)
			end = dir + strlen(dir);
		dlen = (size_t)(end - dir);
		/* An empty entry is the working directory, as sh has it. */
		if (dlen + wlen + 3 <= size) {
			snprintf(buf, size, "%.*s/%s", dlen ? (int)dlen : 1,
			    dlen ? dir : ".", word);
			if (stat(buf, &st) == 0 && S_ISREG(st.st_mode) &&
			    access(buf, X_OK) == 0)
				return true;
		}
		if (*end == '\0')
			return false;
	}
}

/*
 * COMMAND split into ARGV (room for MAX words, their text in BUF of
 * SIZE) when sh -c would run it as it stands: words of letters, digits
 * and / . _ - + = , : @ %, which no shell expands, the first a path or
 * a program found on PATH (proc_which), which FILE (of FSIZE) then
 * names.  False: the shell is needed.
 */
static bool
plain_words(const char *command, char **argv, size_t max, char *buf,
    size_t size, char *file, size_t fsize)
{
	size_t len = strlen(command), words = 0;

	if (len >= size)
		return false;
	for (size_t i = 0; i < len; i++)
		if (!isalnum((unsigned char)command[i]) &&
		    strchr(" /._-+=,:@%", command[i]) == NULL)
			return false;
	memcpy(buf, command, len + 1);
	for (size_t i = 0; i < len; i++) {
		if (buf[i] == ' ') {
			buf[i] = '\0';
		} else if (i == 0 || buf[i - 1] == '\0') {
			if (words + 1 >= max)
				return false;
			argv[words++] = buf + i;
		}
	}
	argv[words] = NULL;
	if (words == 0)
		return false;
	if (strchr(argv[0], '/') == NULL)
		return proc_which(argv[0], file, fsize);
	if (strlen(argv[0]) >= fsize)
		return false;
	strcpy(file, argv[0]);
	return true;
}

/* In the child: its stderr the pipe's end PIPE, /dev/null, or ours. */
static void
child_errors(enum proc_errors errors, int pipe_end)
{
	int null;

	if (errors == PROC_ERR_PIPE)
		dup2(pipe_end, STDERR_FILENO);
	if (errors == PROC_ERR_DROPPED &&
	    (null = open("/dev/null", O_WRONLY)) >= 0) {
		if (null != STDERR_FILENO) {
			dup2(null, STDERR_FILENO);
			close(null);
		}
	}
}

bool
proc_start(struct proc *p, const char *command, bool input,
    enum proc_errors errors, const char *const *env)
{
	int in[2] = { -1, -1 }, out[2] = { -1, -1 }, err[2] = { -1, -1 };
	int e;
	char words[1024], *argv[64], file[4096];
	/* Named here: in a pid namespace the auditor has no number. */
	pid_t auditor = getpid(), group = getpgrp(), init;
	/* Split before the fork: a plain command is started directly, the
	 * shell's own start (some 3 ms here) saved. */
	bool plain = plain_words(command, argv, sizeof argv / sizeof *argv,
	    words, sizeof words, file, sizeof file);

	p->pid = -1;
	p->to = p->from = p->err = -1;
	if ((input && pipe(in) < 0) || pipe(out) < 0 ||
	    (errors == PROC_ERR_PIPE && pipe(err) < 0))
		goto fail;
	fflush(NULL);
	if ((p->pid = proc_fork(&init)) < 0)
		goto fail;
	if (p->pid == 0) {
		/* A group of its own, so that a kill reaches what it starts. */
		setpgid(0, 0);
		guard_child();
		proc_confine(auditor, group);
		if (input)
			dup2(in[0], STDIN_FILENO);
		dup2(out[1], STDOUT_FILENO);
		child_errors(errors, err[1]);
		for (size_t k = 0; env != NULL && env[k] != NULL; k += 2)
			setenv(env[k], env[k + 1], 1);
		for (int k = 0; k < 2; k++) {
			if (in[k] > STDERR_FILENO)
				close(in[k]);
			if (out[k] > STDERR_FILENO)
				close(out[k]);
			if (err[k] > STDERR_FILENO)
				close(err[k]);
		}
		/* As sh would: a file that is not a binary nor has a #!
		 * line is a script of its; not found 127, not runnable 126. */
		if (plain) {
			execv(file, argv);
			if (errno != ENOEXEC)
				_exit(errno == ENOENT || errno == ENOTDIR ? 127 :
				    126);
		}
		execl("/bin/sh", "sh", "-c", command, (char *)NULL);
		_exit(127);
	}
	setpgid(p->pid, p->pid);	/* either side may get there first */
	guard_own(p->pid);
	guard_init(init);
	if (input) {
		close(in[0]);
		p->to = in[1];
		fcntl(p->to, F_SETFD, FD_CLOEXEC);
		fcntl(p->to, F_SETFL, fcntl(p->to, F_GETFL) | O_NONBLOCK);
	}
	close(out[1]);
	p->from = out[0];
	fcntl(p->from, F_SETFD, FD_CLOEXEC);
	if (errors == PROC_ERR_PIPE) {
		close(err[1]);
		p->err = err[0];
		fcntl(p->err, F_SETFD, FD_CLOEXEC);
	}
	return true;
fail:
	e = errno;
	for (int k = 0; k < 2; k++) {
		if (in[k] >= 0)
			close(in[k]);
		if (out[k] >= 0)
			close(out[k]);
		if (err[k] >= 0)
			close(err[k]);
	}
	p->pid = -1;
	errno = e;
	return false;
}

void
proc_close(struct proc *p)
{
	if (p->to >= 0)
		close(p->to);
	if (p->from >= 0)
		close(p->from);
	if (p->err >= 0)
		close(p->err);
	p->to = p->from = p->err = -1;
}
