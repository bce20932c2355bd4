/*
 * cli_plugin.c - a plugin audited in a child process: loaded there, it
 * does the whole replay census and leaves its tally in memory shared
 * with this one.  The replay engine keeps its odometer in that memory
 * too, so when the child crashes, hangs, exits or forks, this process
 * can still say on which run, with which draws.
 */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE	/* MAP_ANONYMOUS, strsignal */

#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>

#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "cli_audit.h"

/*
 * The plugin's side.  The shared memory holds this header, then the
 * odometer's values and bounds, then the tally.
 */
enum { CHILD_RUNNING = -1, CHILD_LOAD = -2 };

struct shared {
	sa_replay_window win;
	volatile int status;	/* CHILD_RUNNING until the census ends */
	uint64_t runs, sequences;
	int weighted;
	uint64_t packed;	/* bytes of packed layers in the spill file */
	volatile int forked;	/* the plugin called fork() */
	char msg[256];
};

/*
 * The shared memory, for the fork handlers below, which take no
 * argument: the one thing the child keeps in a global.
 */
static struct shared *child_shared;

/*
 * fork() in a plugin would leave two processes running one census over
 * one shared odometer.  These run inside fork() itself: the parent says
 * so in the shared memory before the copy exists, and the copy ends at
 * once, before any of the plugin's code can run in it.
 */
static void
fork_prepare(void)
{
	child_shared->forked = 1;
}

static void
fork_child(void)
{
	_exit(127);
}

/*
 * A fork that no fork handler sees (the raw system call, vfork, clone,
 * and so system() and posix_spawn) is stopped by a seccomp filter: the
 * plugin's process is killed with SIGSYS at the call, before a copy
 * exists.  Threads (clone with CLONE_THREAD) are allowed; clone3, whose
 * flags a filter cannot read, answers ENOSYS, and glibc falls back to
 * clone.  A system call of another ABI (int 0x80, x32) is killed too.
 * Where the architecture is not one named here, no filter is set and
 * only fork() itself is caught (by the fork handlers above).
 */
#if defined(__x86_64__)
#define SECCOMP_ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define SECCOMP_ARCH AUDIT_ARCH_AARCH64
#endif
/* clone's flag for a thread of the same process (linux/sched.h). */
#define CLONE_THREAD_FLAG 0x00010000u
#ifndef SECCOMP_RET_KILL_PROCESS
#define SECCOMP_RET_KILL_PROCESS SECCOMP_RET_KILL
#endif

static void
forbid_forks(void)
{
#ifdef SECCOMP_ARCH
#define LOAD(field) BPF_STMT(BPF_LD | BPF_W | BPF_ABS, \
	    offsetof(struct seccomp_data, field))
#define RET(v) BPF_STMT(BPF_RET | BPF_K, (v))
	struct sock_filter code[] = {
		LOAD(arch),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SECCOMP_ARCH, 1, 0),
		RET(SECCOMP_RET_KILL_PROCESS),
		LOAD(nr),
#ifdef __X32_SYSCALL_BIT
		BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, __X32_SYSCALL_BIT, 7, 0),
#else
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (unsigned)-1, 7, 0),
#endif
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_clone3, 8, 0),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_clone, 3, 0),
#ifdef __NR_fork
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_fork, 4, 0),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_vfork, 3, 0),
#else
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (unsigned)-1, 4, 0),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (unsigned)-1, 3, 0),
#endif
		RET(SECCOMP_RET_ALLOW),
		/* clone: its flags, the first argument's low word */
		LOAD(args[0]),
		BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, CLONE_THREAD_FLAG, 1, 0),
		RET(SECCOMP_RET_KILL_PROCESS),
		RET(SECCOMP_RET_ALLOW),
		RET(SECCOMP_RET_ERRNO | ENOSYS),
	};
	struct sock_fprog prog = { sizeof code / sizeof code[0], code };

	/* Where the kernel has no seccomp, fork() alone is caught. */
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == 0)
		prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog, 0, 0);
#undef LOAD
#undef RET
#endif
}

/* The plugin's function, found in SH->ctx. */
struct plugin_ctx {
	sa_plugin_fn *fn;
};

static void
plugin_run(const sa_shuffle *sh, unsigned *deck, size_t n, sa_oracle *o)
{
	const struct plugin_ctx *pc = sh->ctx;

	pc->fn(deck, n, o);
	if (child_shared->forked)
		o->fail(o, SA_EPROTO);
}

/* LEN bytes of BUF to FD; false when they could not all be written. */
static bool
write_all(int fd, const unsigned char *buf, size_t len)
{
	while (len > 0) {
		ssize_t put = write(fd, buf, len);

		if (put < 0 && errno == EINTR)
			continue;
		if (put <= 0)
			return false;
		buf += put;
		len -= (size_t)put;
	}
	return true;
}

/*
 * The child's count into the shared memory: a census's tally, or the
 * layers packed into the file SPILL.  An SA_ status.
 */
static int
child_count(struct audit *au, const sa_shuffle *run, size_t n,
    struct shared *sh, uint64_t *tally, struct job *job, int spill)
{
	unsigned char *buf;
	size_t len;
	int status = count_job(au, run, n, &sh->win, job);

	if (status != SA_OK)
		return status;
	if (job->depth == 0) {
		const sa_census_info *in = sa_census_about(job->census);

		sa_census_copy_tally(job->census, tally);
		sh->runs = in->runs;
		sh->sequences = in->sequences;
		sh->weighted = in->weighted;
		return SA_OK;
	}
	if ((status = sa_layers_pack(job->layers, &buf, &len)) != SA_OK)
		return status;
	if (!write_all(spill, buf, len))
		status = SA_ENOMEM;	/* no room for them on disk */
	sh->packed = len;
	free(buf);
	return status;
}

/*
 * A plugin that calls exit() ends its process there, with its status,
 * and nothing more: no handler the auditor registered before the fork
 * runs in the copy (a sanitizer's leak check among them, whose thread
 * the fork filter would take for a fork).  The plugin's own output is
 * flushed first.
 */
static void
child_exit(int status, void *arg)
{
	(void)arg;
	fflush(NULL);
	_exit(status);
}

/* The child: load, count, leave the count, exit.  Never returns. */
static void
plugin_child(struct audit *au, size_t n, struct shared *sh,
    uint64_t *tally, struct job *job, int spill)
{
	sa_shuffle run = { 0 };
	struct plugin_ctx pc;
	void *handle, *sym;

	/*
	 * A crash must kill the child, so that the parent sees the signal:
	 * the default actions, whatever handlers this process had (a
	 * sanitizer's, say).
	 */
	static const int fatal[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT,
	    SIGTRAP, SIGSYS };

	for (size_t i = 0; i < sizeof fatal / sizeof fatal[0]; i++)
		signal(fatal[i], SIG_DFL);
	guard_child();
	setpgid(0, 0);
	/* Anything the plugin prints goes to stderr, not into the report. */
	if (dup2(STDERR_FILENO, STDOUT_FILENO) < 0)
		_exit(1);
	child_shared = sh;
	if (pthread_atfork(fork_prepare, NULL, fork_child) != 0 ||
	    on_exit(child_exit, NULL) != 0)
		_exit(1);
	/*
	 * A name without a slash would send dlopen through the loader's
	 * search path (and could load a system library): it names a file
	 * in the current directory, as it would for any other command.
	 */
	if (strchr(au->path, '/') == NULL) {
		size_t len = strlen(au->path) + 3;
		char *local = malloc(len);

		if (local == NULL)
			_exit(1);
		snprintf(local, len, "./%s", au->path);
		handle = dlopen(local, RTLD_NOW | RTLD_LOCAL);
		free(local);
	} else {
		handle = dlopen(au->path, RTLD_NOW | RTLD_LOCAL);
	}
	if (handle == NULL) {
		snprintf(sh->msg, sizeof sh->msg, "%s", dlerror());
		sh->status = CHILD_LOAD;
		_exit(0);
	}
	sym = dlsym(handle, au->symbol);
	if (sym == NULL) {
		snprintf(sh->msg, sizeof sh->msg, "no function %s in it",
		    au->symbol);
		sh->status = CHILD_LOAD;
		_exit(0);
	}
	/* POSIX lets a data pointer from dlsym hold a function's address. */
	memcpy(&pc.fn, &sym, sizeof pc.fn);
	forbid_forks();
	run.name = "plugin";
	run.run = plugin_run;
	run.ctx = &pc;
	sh->status = child_count(au, &run, n, sh, tally, job, spill);
	_exit(0);
}

/*
 * Ends the child PID, the leader of a group of its own: the whole group
 * is killed while the leader's pid still names it, then the leader is
 * reaped into *WST.  Anything else left over is the guard's to find.
 */
static void
finish_child(pid_t pid, int *wst)
{
	proc_stop(pid, wst);
	guard_group(0);
	guard_release();
}

/* The meter's stop: the child's walk stops before its next run. */
static void
plugin_stop(void *ctx)
{
	struct shared *sh = ctx;

	sh->win.stop = true;
}

/*
 * Waits for the plugin's child PID, giving up on one that makes no
 * progress for the timeout; false (after filling in AU) when it had to
 * be stopped.  Either way it is reaped into *WST.
 */
static bool
plugin_wait(struct audit *au, size_t n, pid_t pid, struct shared *sh, int *wst,
    enum proc_escape *escape)
{
	uint64_t last_runs = 0;
	size_t last_pos = 0;
	double quiet_since = cli_seconds();
	struct meter meter;

	meter_start(&meter, au, n);
	meter.stop = plugin_stop;
	meter.stop_ctx = sh;
	for (;;) {
		struct timespec nap = { 0, 20 * 1000 * 1000 };

		if (proc_exited(pid))
			break;
		meter_show(&meter, &sh->win);
		if (sh->win.runs != last_runs || sh->win.pos != last_pos) {
			last_runs = sh->win.runs;
			last_pos = sh->win.pos;
			quiet_since = cli_seconds();
		} else if (cli_seconds() - quiet_since > (double)au->timeout) {
			const char *left = proc_escape_text(proc_escaped(pid));

			finish_child(pid, wst);
			breach(au, SA_EPROTO, &sh->win, "made no progress for %u "
			    "second%s (an endless loop?)%s%s%s and was stopped",
			    au->timeout, au->timeout == 1 ? "" : "s",
			    left ? "; it had " : "", left ? left : "",
			    left ? "," : "");
			return false;
		}
		nanosleep(&nap, NULL);
	}
	meter_end(&meter);
	/* Its group as it left it: a zombie keeps the one it died in. */
	*escape = proc_escaped(pid);
	finish_child(pid, wst);
	return true;
}

/* The child's count, taken over into JOB; an SA_ status. */
static int
plugin_take(struct audit *au, size_t n, const struct shared *sh,
    const uint64_t *tally, struct job *job, int spill)
{
	unsigned char *buf;
	uint64_t *copy;
	int status;

	if (job->depth == 0) {
		size_t bytes = (size_t)sa_factorial(n) * sizeof *copy;

		if ((copy = malloc(bytes)) == NULL)
			return SA_ENOMEM;
		memcpy(copy, tally, bytes);
		return (au->part_count ? sa_census_from_part :
		    sa_census_from_tally)(&job->census, &au->shuffle, n, copy,
		    sh->runs, sh->sequences, sh->weighted != 0);
	}
	if (sh->packed > SIZE_MAX || (buf = malloc(sh->packed)) == NULL)
		return SA_ENOMEM;
	status = lseek(spill, 0, SEEK_SET) == 0 &&
	    read(spill, buf, sh->packed) == (ssize_t)sh->packed ?
	    sa_layers_unpack(&au->shuffle, buf, sh->packed, &job->layers) :
	    SA_EINVAL;
	free(buf);
	return status;
}

/* How the plugin's child ended, as an exit status (AU says more). */
static int
plugin_ended(struct audit *au, size_t n, const struct shared *sh, int wst,
    enum proc_escape escape, const uint64_t *tally, struct job *job,
    int spill)
{
	if (sh->forked) {
		breach(au, SA_EPROTO, &sh->win, "forked: it called fork(), "
		    "which an audited shuffle must not do");
		return EXIT_MISBEHAVED;
	}
	if (WIFSIGNALED(wst) && WTERMSIG(wst) == SIGSYS) {
		breach(au, SA_EPROTO, &sh->win, "forked: it tried to start a "
		    "process (by the raw system call, vfork, clone, system() "
		    "or posix_spawn), which an audited shuffle must not do, "
		    "and was stopped at that call");
		return EXIT_MISBEHAVED;
	}
	if (WIFSIGNALED(wst)) {
		breach(au, SA_EPROTO, &sh->win, "crashed: %s",
		    strsignal(WTERMSIG(wst)));
		return EXIT_MISBEHAVED;
	}
	if (sh->status == CHILD_LOAD) {
		cli_error("--plugin %s: %s", cli_arg(au->path), sh->msg);
		return EXIT_TROUBLE;
	}
	if (escape != PROC_IN_GROUP) {
		breach(au, SA_EPROTO, &sh->win, "%s", proc_escape_text(escape));
		au->run = 0;
		return EXIT_MISBEHAVED;
	}
	if (sh->status == CHILD_RUNNING) {
		breach(au, SA_EPROTO, &sh->win, "exited with status %d in the "
		    "middle of the census", WIFEXITED(wst) ?
		    WEXITSTATUS(wst) : -1);
		return EXIT_MISBEHAVED;
	}
	if (sh->status != SA_OK)
		return census_failed(au, sh->status, &sh->win, n);
	if (plugin_take(au, n, sh, tally, job, spill) != SA_OK) {
		cli_error("--plugin: the child's count could not be taken "
		    "over (out of memory, or it does not add up)");
		return EXIT_TROUBLE;
	}
	return EXIT_FAIR;
}

int
audit_plugin(struct audit *au, size_t n, struct job *job)
{
	uint64_t orderings = job->depth ? 0 : sa_factorial(n);
	size_t cap = 2 * au->max_draws, bytes;	/* and the reals' places */
	struct shared *sh;
	uint64_t *tally;
	FILE *spill = NULL;
	enum proc_escape escape = PROC_IN_GROUP;
	pid_t pid;
	int wst = 0, status;

	bytes = sizeof *sh + 2 * cap * sizeof(uint64_t) +
	    (size_t)orderings * sizeof(uint64_t);
	if (job->depth != 0 && (spill = tmpfile()) == NULL) {
		cli_error("--plugin: cannot make a file for the child's layers: "
		    "%s", strerror(errno));
		return EXIT_TROUBLE;
	}
	sh = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_SHARED |
	    MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED) {
		cli_error("--plugin: cannot share %zu bytes with the child: %s",
		    bytes, strerror(errno));
		if (spill != NULL)
			fclose(spill);
		return EXIT_TROUBLE;
	}
	memset(sh, 0, sizeof *sh);
	sh->win.val = (uint64_t *)(sh + 1);
	sh->win.bound = sh->win.val + cap;
	sh->win.cap = cap;
	sh->status = CHILD_RUNNING;
	tally = sh->win.bound + cap;

	fflush(NULL);
	guard_watch();
	pid = fork();
	if (pid < 0) {
		cli_error("--plugin: cannot start a child process: %s",
		    strerror(errno));
		guard_release();
		status = EXIT_TROUBLE;
		goto out;
	}
	if (pid == 0)
		plugin_child(au, n, sh, tally, job, spill ? fileno(spill) : -1);
	/*
	 * The child makes its group itself.  Were this side to do it too,
	 * it could undo a move the plugin made, and what is reported would
	 * hang on a race; a kill by the pid does not need the group.
	 */
	guard_group(pid);
	status = plugin_wait(au, n, pid, sh, &wst, &escape) ? plugin_ended(au, n,
	    sh, wst, escape, tally, job, spill ? fileno(spill) : -1) :
	    EXIT_MISBEHAVED;
	au->raw_used = au->raw_used || sh->win.raw_used;
	au->real_used = au->real_used || sh->win.real_used;
out:
	munmap(sh, bytes);
	if (spill != NULL)
		fclose(spill);
	return status;
}

