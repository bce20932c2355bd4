/*
 * cli_audit.c - `census --plugin` and `census --exec`: the census of a
 * user's own shuffle, kept at arm's length.
 *
 * A plugin is loaded and run in a child process, which does the whole
 * replay census and leaves its tally in memory shared with this one.
 * The replay engine keeps its odometer in that memory too, so when the
 * child crashes, hangs or exits, this process can still say on which
 * run, with which draws.  A program in another language is started with
 * /bin/sh -c and spoken to over its stdin and stdout by the line
 * protocol (the man page's "THE EXEC PROTOCOL"); here each run of the
 * replay engine is one exchange.  Either way every draw sequence is run
 * twice, so that code drawing on a random source of its own is caught.
 */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE	/* MAP_ANONYMOUS, strsignal */

#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "audit.h"

/*
 * What went wrong, for the report: WHAT (kept as it is when FMT is
 * NULL), and the run's draws.
 */
static void
breach(struct audit *au, int status, const sa_replay_window *w,
    const char *fmt, ...)
{
	va_list ap;

	au->status = status;
	if (fmt != NULL) {
		va_start(ap, fmt);
		vsnprintf(au->what, sizeof au->what, fmt, ap);
		va_end(ap);
	}
	au->run = w->runs;
	au->ndraws = w->pos < w->cap ? w->pos : w->cap;
	free(au->draws);
	free(au->bounds);
	au->draws = malloc((au->ndraws ? au->ndraws : 1) * sizeof *au->draws);
	au->bounds = malloc((au->ndraws ? au->ndraws : 1) *
	    sizeof *au->bounds);
	if (au->draws == NULL || au->bounds == NULL) {
		au->ndraws = 0;
		return;
	}
	memcpy(au->draws, w->val, au->ndraws * sizeof *au->draws);
	memcpy(au->bounds, w->bound, au->ndraws * sizeof *au->bounds);
}

/* The contract breaches the replay engine finds, in words. */
static const char *
contract(int status)
{
	switch (status) {
	case SA_EBOUND:
		return "asked for a draw below 0 or above 2^32, or a raw word "
		    "wider than 32 bits";
	case SA_EDRAWS:
		return "made more draws in one run than --max-draws allows "
		    "(code that draws by rejection is counted by layers: "
		    "--layers)";
	case SA_ENOTPERM:
		return "did not end on a permutation of the deck: a card was "
		    "lost or duplicated";
	case SA_ENONDET:
		return "gave a different result for the same draws: it uses "
		    "randomness the auditor cannot see";
	case SA_EOVERRUN:
		return "wrote past the deck: an entry just before or after the "
		    "cards it was given changed";
	default:
		return NULL;	/* the code's own oracle->fail */
	}
}

/*
 * An audit's progress on a terminal, from the odometer: runs done, runs
 * a second, the share of all runs' probability walked, and the time
 * left at the rate so far.  Shown once the audit has run a second, at
 * most twice a second.
 */
struct meter {
	double start, last;
	bool on;
	size_t depth;		/* layers: the depth walked; 0: a census */
	unsigned instances;	/* copies of the program; the first's shown */
};

static void
meter_start(struct meter *m, const struct audit *au)
{
	m->start = m->last = cli_seconds();
	m->on = isatty(STDERR_FILENO) != 0;
	m->depth = au->depth;
	m->instances = au->instances;
}

/*
 * How far the walk has gone: the probability of every run before the
 * current one, which is the odometer read as a number in [0, 1), the sum
 * over its digits of val[k] / (bound[0] ... bound[k]).  For display only.
 */
static double
walked(const sa_replay_window *w)
{
	double f = 0, scale = 1;
	size_t pos = w->pos < w->cap ? w->pos : w->cap;

	for (size_t k = 0; k < pos && w->bound[k] != 0; k++) {
		scale /= (double)w->bound[k];
		f += (double)w->val[k] * scale;
	}
	return f;
}

static void
meter_show(struct meter *m, const sa_replay_window *w)
{
	double now = cli_seconds(), spent = now - m->start, f;
	unsigned long long runs = w->runs;

	if (!m->on || spent < 1.0 || now - m->last < 0.5)
		return;
	m->last = now;
	f = walked(w);
	fprintf(stderr, "\r" PROGNAME ": audit: ");
	if (m->depth != 0)
		fprintf(stderr, "layers to depth %zu: ", m->depth);
	fprintf(stderr, "%llu runs, %.3g runs/s, %.1f%% walked", runs,
	    (double)runs / spent, 100.0 * f);
	if (f > 0.001)
		fprintf(stderr, ", about %.0f s left", spent * (1.0 - f) / f);
	if (m->instances > 1)
		fprintf(stderr, " (the first of %u copies)", m->instances);
	fputc(' ', stderr);
}

static void
meter_end(const struct meter *m)
{
	if (m->on && cli_seconds() - m->start >= 1.0)
		cli_clear_line(stderr);
}

/* The census options of an audit, with the odometer kept in W. */
static void
audit_opts(const struct audit *au, sa_replay_window *w,
    sa_census_opts *opts, sa_audit_opts *audit)
{
	memset(opts, 0, sizeof *opts);
	opts->engine = SA_ENGINE_REPLAY;
	opts->max_draws = au->max_draws;
	memset(audit, 0, sizeof *audit);
	audit->twice = au->every != 0;
	audit->every = au->every;
	audit->part = au->part;
	audit->parts = au->instances;
	audit->window = w;
	audit->raw_bits = au->raw_bits;
	audit->deadline = au->deadline;
}

/* What an audit counts: a census, or the layers to DEPTH draws. */
struct job {
	size_t depth;		/* 0: a census */
	sa_census *census;
	sa_layers *layers;	/* collected, not yet judged */
};

/* JOB of SH on N cards, with the odometer kept in W; an SA_ status. */
static int
count_job(const struct audit *au, const sa_shuffle *sh, size_t n,
    sa_replay_window *w, struct job *job)
{
	sa_census_opts opts;
	sa_audit_opts audit;
	sa_layers_opts lo;

	audit_opts(au, w, &opts, &audit);
	if (job->depth == 0)
		return sa_census_run_audited(sh, n, &opts, &audit, &job->census);
	memset(&lo, 0, sizeof lo);
	lo.depth = job->depth;
	return sa_layers_collect(sh, n, &lo, &audit, &job->layers);
}

/*
 * A census of audited code that ended with STATUS, not SA_OK: the
 * machine's limits are a usage error (exit 2), the rest a breach of the
 * contract by the code (exit 3).
 */
static int
census_failed(struct audit *au, int status, const sa_replay_window *w,
    size_t n)
{
	/* Counts that outgrow 64 bits are what rejection makes. */
	const char *hint = status == SA_EOVERFLOW && au->depth == 0 ?
	    " (code that draws by rejection has no end of runs: count it by "
	    "layers, --layers)" : "";

	/* Its caller says how far it got: a census by layers keeps the last. */
	if (status == SA_ETIME) {
		au->timed_out = true;
		if (au->depth == 0)
			cli_error("--%s: census of %zu cards: stopped at the time "
			    "limit after %llu runs; no verdict", au->command ?
			    "exec" : "plugin", n, (unsigned long long)w->runs);
		return EXIT_TROUBLE;
	}

	if (status == SA_ENOMEM || status == SA_EOVERFLOW ||
	    status == SA_ETOOBIG) {
		if (au->command != NULL)
			cli_error("--exec: census of %zu cards: %s%s", n,
			    sa_strerror(status), hint);
		else
			cli_error("--plugin %s: census of %zu cards: %s%s",
			    cli_arg(au->path), n, sa_strerror(status), hint);
		return EXIT_TROUBLE;
	}
	if (contract(status) != NULL)
		breach(au, status, w, "%s", contract(status));
	else
		breach(au, status, w, "gave the run up itself (oracle->fail: "
		    "%s)", sa_strerror(status));
	return EXIT_MISBEHAVED;
}

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
	if (pthread_atfork(fork_prepare, NULL, fork_child) != 0)
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

/*
 * Waits for the plugin's child PID, giving up on one that makes no
 * progress for the timeout; false (after filling in AU) when it had to
 * be stopped.  Either way it is reaped into *WST.
 */
static bool
plugin_wait(struct audit *au, pid_t pid, struct shared *sh, int *wst,
    enum proc_escape *escape)
{
	uint64_t last_runs = 0;
	size_t last_pos = 0;
	double quiet_since = cli_seconds();
	struct meter meter;

	meter_start(&meter, au);
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
		return sa_census_from_tally(&job->census, &au->shuffle, n, copy,
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

static int
audit_plugin(struct audit *au, size_t n, struct job *job)
{
	uint64_t orderings = job->depth ? 0 : sa_factorial(n);
	size_t cap = au->max_draws, bytes;
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
	status = plugin_wait(au, pid, sh, &wst, &escape) ? plugin_ended(au, n,
	    sh, wst, escape, tally, job, spill ? fileno(spill) : -1) :
	    EXIT_MISBEHAVED;
	au->raw_used = au->raw_used || sh->win.raw_used;
out:
	munmap(sh, bytes);
	if (spill != NULL)
		fclose(spill);
	return status;
}

/*
 * The exec side: a line reader with a timeout over the program's
 * stdout, and the run that speaks the protocol.
 */
#define STARTUP_S 30	/* seconds the program's first line may take */
struct proto {
	struct audit *au;	/* its shuffle's ctx points back here */
	struct meter meter;
	pid_t pid;
	int to, from;
	char buf[1 << 16];
	size_t have;
	uint64_t lines;		/* lines read so far */
	sa_replay_window win;	/* this process's odometer */
	char line[1 << 16];
	char *plan;		/* --batch: the line that offers a plan */
	size_t plan_cap;
	uint64_t drain;		/* the state of the answers past the depth */
};

/*
 * The protocol state of the program this thread speaks to.  The run
 * function finds it here, not in the shuffle, so that every copy of the
 * program counts into the one audited shuffle.
 */
static _Thread_local struct proto *current;

/*
 * The next line into P->line; false (with AU->what) when there is none.
 * Each answer may take --timeout seconds; the very first, which waits on
 * the program's start-up (an interpreter on a busy machine can take
 * seconds), may take STARTUP_S if that is longer.
 */
static bool
read_line(struct proto *p)
{
	unsigned wait = p->au->timeout;
	double until;

	if (p->lines == 0 && wait < STARTUP_S)
		wait = STARTUP_S;
	until = cli_seconds() + (double)wait;

	for (;;) {
		char *nl = memchr(p->buf, '\n', p->have);
		struct pollfd pfd = { p->from, POLLIN, 0 };
		double left;
		ssize_t got;

		if (nl != NULL) {
			size_t len = (size_t)(nl - p->buf);

			memcpy(p->line, p->buf, len);
			p->line[len] = '\0';
			if (memchr(p->line, '\0', len) != NULL) {
				snprintf(p->au->what, sizeof p->au->what, "broke "
				    "the protocol at line %llu: it holds a NUL "
				    "byte", (unsigned long long)p->lines + 1);
				return false;
			}
			if (len > 0 && p->line[len - 1] == '\r')
				p->line[len - 1] = '\0';
			memmove(p->buf, nl + 1, p->have - len - 1);
			p->have -= len + 1;
			p->lines++;
			return true;
		}
		if (p->have == sizeof p->buf) {
			snprintf(p->au->what, sizeof p->au->what, "wrote a line "
			    "longer than %zu bytes", sizeof p->buf);
			return false;
		}
		left = until - cli_seconds();
		if (left <= 0) {
			snprintf(p->au->what, sizeof p->au->what, "gave no "
			    "answer within %u second%s", wait,
			    wait == 1 ? "" : "s");
			return false;
		}
		if (poll(&pfd, 1, (int)(left * 1000) + 1) < 0) {
			if (errno == EINTR)
				continue;
			snprintf(p->au->what, sizeof p->au->what, "poll: %s",
			    strerror(errno));
			return false;
		}
		if (pfd.revents == 0)
			continue;
		got = read(p->from, p->buf + p->have, sizeof p->buf - p->have);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0) {
			snprintf(p->au->what, sizeof p->au->what, "%s", p->have ?
			    "ended its output in the middle of a line" :
			    "exited, or closed its output, in the middle of a "
			    "run");
			return false;
		}
		p->have += (size_t)got;
	}
}

/*
 * The program closed its input.  Whether it has exited (or closed its
 * output too) or reads no more but runs on is told by its output: an end
 * of file within the timeout is the first, so that a program that exits
 * at once gets the same report however the race with our first write
 * went.
 */
static void
gone(struct proto *p, double until)
{
	char sink[4096];

	for (;;) {
		struct pollfd pfd = { p->from, POLLIN, 0 };
		double left = until - cli_seconds();
		ssize_t got;

		if (left <= 0 || poll(&pfd, 1, (int)(left * 1000) + 1) == 0)
			break;
		got = read(p->from, sink, sizeof sink);
		if (got == 0 || (got < 0 && errno != EINTR &&
		    errno != EAGAIN)) {
			snprintf(p->au->what, sizeof p->au->what, "exited, or "
			    "closed its output, in the middle of a run");
			return;
		}
	}
	snprintf(p->au->what, sizeof p->au->what, "stopped reading its "
	    "input (%s)", strerror(EPIPE));
}

/*
 * LEN bytes at AT to the program.  Its input is non-blocking, so a
 * program that stops reading cannot hold us: a full pipe is waited on
 * for the timeout, like an answer.
 */
static bool
send_text(struct proto *p, const char *at, size_t len)
{
	double until = cli_seconds() + (double)p->au->timeout;

	while (len > 0) {
		ssize_t put = write(p->to, at, len);
		struct pollfd pfd = { p->to, POLLOUT, 0 };
		double left;

		if (put > 0) {
			at += put;
			len -= (size_t)put;
			continue;
		}
		if (put < 0 && errno == EINTR)
			continue;
		if (put < 0 && errno == EPIPE) {
			gone(p, until);
			return false;
		}
		if (put < 0 && errno != EAGAIN && errno != EWOULDBLOCK) {
			snprintf(p->au->what, sizeof p->au->what, "stopped "
			    "reading its input (%s)", strerror(errno));
			return false;
		}
		left = until - cli_seconds();
		if (left <= 0) {
			snprintf(p->au->what, sizeof p->au->what, "stopped "
			    "reading its input: nothing was taken for %u "
			    "second%s", p->au->timeout,
			    p->au->timeout == 1 ? "" : "s");
			return false;
		}
		if (poll(&pfd, 1, (int)(left * 1000) + 1) < 0 &&
		    errno != EINTR) {
			snprintf(p->au->what, sizeof p->au->what, "poll: %s",
			    strerror(errno));
			return false;
		}
	}
	return true;
}

/* PREFIX (may be "") and V as one line to the program. */
static bool
send_line(struct proto *p, const char *prefix, unsigned long long v)
{
	char out[64];
	int len = snprintf(out, sizeof out, "%s%llu\n", prefix, v);

	return send_text(p, out, (size_t)len);
}

/* A whole decimal number in [0, 2^64) at S, ending at *END. */
static bool
number(const char *s, const char **end, uint64_t *v)
{
	uint64_t x = 0;

	if (*s < '0' || *s > '9')
		return false;
	for (; *s >= '0' && *s <= '9'; s++) {
		unsigned d = (unsigned)(*s - '0');

		if (x > (UINT64_MAX - d) / 10)
			return false;
		x = x * 10 + d;
	}
	*end = s;
	*v = x;
	return true;
}

static void
proto_fail(struct proto *p, sa_oracle *o, const char *fmt, ...)
{
	va_list ap;

	if (fmt != NULL) {
		va_start(ap, fmt);
		vsnprintf(p->au->what, sizeof p->au->what, fmt, ap);
		va_end(ap);
	}
	o->fail(o, SA_EPROTO);	/* does not return */
	abort();
}

/*
 * The first 60 bytes of LINE into BUF (at least 64 bytes), cut before a
 * character rather than inside one: a byte that continues a UTF-8
 * sequence (10xxxxxx) is not where a cut may land.
 */
static const char *
excerpt(const char *line, char *buf)
{
	size_t len = strlen(line);

	if (len > 60) {
		len = 60;
		while (len > 0 && ((unsigned char)line[len] & 0xc0) == 0x80)
			len--;
	}
	memcpy(buf, line, len);
	buf[len] = '\0';
	return buf;
}

/* What a line from the program asks for. */
enum request { REQ_DRAW, REQ_RAW, REQ_DECK, REQ_ASKED };

/* The deck of N cards after "deck" at S into DECK (P's line, for errors). */
static void
parse_deck(struct proto *p, sa_oracle *o, const char *s, unsigned *deck,
    size_t n)
{
	const char *end;
	uint64_t v;

	for (size_t i = 0; i < n; i++) {
		if (*s != ' ' || !number(s + 1, &end, &v) || v > UINT32_MAX)
			break;
		deck[i] = (unsigned)v;
		s = end;
		if (i + 1 == n && *s == '\0')
			return;
	}
	if (n == 0 && *s == '\0')
		return;
	proto_fail(p, o, "broke the protocol at line %llu: the deck should "
	    "be %zu whole numbers", (unsigned long long)p->lines, n);
}

/*
 * The program's next line: a draw below *BOUND, a raw word, its deck
 * (into DECK), or (--batch) the draws of the plan it used, left in
 * P->line.  A line that is none of these does not return.
 */
static enum request
request(struct proto *p, sa_oracle *o, unsigned *deck, size_t n,
    uint64_t *bound)
{
	char cut[64];
	const char *s, *end;

	if (!read_line(p))
		proto_fail(p, o, NULL);
	s = p->line;
	if (strncmp(s, "draw ", 5) == 0) {
		if (!number(s + 5, &end, bound) || *end != '\0')
			proto_fail(p, o, "broke the protocol at line %llu, "
			    "\"%s\": the bound is not a whole number",
			    (unsigned long long)p->lines, excerpt(s, cut));
		return REQ_DRAW;
	}
	if (strcmp(s, "raw") == 0)
		return REQ_RAW;
	if (strncmp(s, "deck", 4) == 0 && (s[4] == ' ' || s[4] == '\0')) {
		parse_deck(p, o, s + 4, deck, n);
		return REQ_DECK;
	}
	if (p->au->batch && strncmp(s, "asked", 5) == 0 &&
	    (s[5] == ' ' || s[5] == '\0'))
		return REQ_ASKED;
	proto_fail(p, o, "broke the protocol at line %llu, \"%s\": expected "
	    "\"draw K\", \"raw\"%s or \"deck ...\"",
	    (unsigned long long)p->lines, excerpt(s, cut),
	    p->au->batch ? ", \"asked ...\"" : "");
	return REQ_DECK;	/* not reached */
}

/* The next answer past the depth: splitmix64 (Steele, Lea, Flood 2014). */
static uint64_t
drain_next(struct proto *p)
{
	uint64_t z = (p->drain += UINT64_C(0x9E3779B97F4A7C15));

	z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
	return z ^ (z >> 31);
}

/*
 * The run has reached the depth of the census by layers, and asks for
 * one draw more (RAW, or below BOUND): the rest of it is not counted,
 * but the program must finish the run before the next can start.  So
 * its draws from here on are answered by a generator of our own (any
 * answers do, since nothing past the depth is counted; a rejection loop
 * ends soon on varied ones), at most --max-draws of them, and its deck
 * is dropped.
 */
static void
drain(struct proto *p, sa_oracle *o, bool raw, uint64_t bound,
    unsigned *deck, size_t n)
{
	for (size_t extra = 0;; extra++) {
		uint64_t v = drain_next(p);

		if (extra == p->au->max_draws)
			proto_fail(p, o, "went on drawing past the depth of the "
			    "census by layers: %zu draws more in one run "
			    "(--max-draws) without an end", extra);
		v = raw ? v >> (64 - p->au->raw_bits) : v % bound;
		if (!send_line(p, "", (unsigned long long)v))
			proto_fail(p, o, NULL);
		switch (request(p, o, deck, n, &bound)) {
		case REQ_DRAW:
			raw = false;
			if (bound == 0 || bound > SA_DRAW_MAX)
				proto_fail(p, o, "%s", contract(SA_EBOUND));
			break;
		case REQ_RAW:
			raw = true;
			break;
		case REQ_DECK:
			return;
		default:
			proto_fail(p, o, "broke the protocol at line %llu: "
			    "\"asked\" comes once in a run, first",
			    (unsigned long long)p->lines);
		}
	}
}

/* A draw (RAW, or below BOUND) from the odometer; the answer sent. */
static void
answer(struct proto *p, sa_oracle *o, bool raw, uint64_t bound,
    unsigned *deck, size_t n)
{
	sa_replay_window *w = &p->win;
	uint64_t v;

	/* One past the depth: the scripted oracle cuts the run there. */
	if (p->au->depth != 0 && w->pos == p->au->depth &&
	    (raw || (bound > 0 && bound <= SA_DRAW_MAX)))
		drain(p, o, raw, bound, deck, n);
	v = raw ? sa_word(o) : sa_draw(o, bound);
	if (!send_line(p, "", (unsigned long long)v))
		proto_fail(p, o, NULL);
}

/*
 * --batch: the run's first line, "shuffle N plan K:V ...", offers the
 * odometer's plan (see sa_replay_window): the draws it replays, then
 * 0 for each draw the run before made after them, below the bound that
 * run asked.  No further than the depth or --max-draws.
 */
static void
send_plan(struct proto *p, sa_oracle *o, size_t n)
{
	const sa_replay_window *w = &p->win;
	size_t cap = p->au->depth ? p->au->depth : p->au->max_draws;
	size_t last = w->last < cap ? w->last : cap, at;
	size_t need = 48 + 42 * last;

	if (need > p->plan_cap) {
		char *grown = realloc(p->plan, need);

		if (grown == NULL)
			proto_fail(p, o, "could not be sent its plan: out of "
			    "memory");
		p->plan = grown;
		p->plan_cap = need;
	}
	at = (size_t)sprintf(p->plan, "shuffle %zu plan", n);
	for (size_t i = 0; i < last; i++)
		at += (size_t)sprintf(p->plan + at, " %llu:%llu",
		    (unsigned long long)w->bound[i],
		    (unsigned long long)(i < w->len ? w->val[i] : 0));
	p->plan[at++] = '\n';
	if (!send_text(p, p->plan, at))
		proto_fail(p, o, NULL);
}

/*
 * --batch: the "asked" line in P->line, each word the bound of a draw of
 * the plan the program used (or "raw"), in order: each must be the
 * plan's, and is taken from the odometer as if asked for then.
 */
static void
take_asked(struct proto *p, sa_oracle *o)
{
	const sa_replay_window *w = &p->win;
	size_t cap = p->au->depth ? p->au->depth : p->au->max_draws;
	size_t last = w->last < cap ? w->last : cap;
	const char *s = p->line + 5, *end;
	uint64_t raw_bound = UINT64_C(1) << p->au->raw_bits;

	for (size_t i = 0; *s != '\0'; i++) {
		bool raw = strncmp(s, " raw", 4) == 0 &&
		    (s[4] == ' ' || s[4] == '\0');
		uint64_t k = raw_bound;

		if (raw)
			end = s + 4;
		else if (*s != ' ' || !number(s + 1, &end, &k) ||
		    (*end != ' ' && *end != '\0'))
			proto_fail(p, o, "broke the protocol at line %llu: "
			    "\"asked\" should be followed by bounds or \"raw\"",
			    (unsigned long long)p->lines);
		if (i >= last || w->bound[i] != k)
			proto_fail(p, o, "broke the protocol at line %llu: draw "
			    "%zu of its plan was %s, but it says it used one "
			    "below %llu", (unsigned long long)p->lines, i + 1,
			    i >= last ? "not offered" : "of another bound",
			    (unsigned long long)k);
		(void)(raw ? sa_word(o) : sa_draw(o, k));
		s = end;
	}
}

static void
exec_run(const sa_shuffle *sh, unsigned *deck, size_t n, sa_oracle *o)
{
	(void)sh;
	struct proto *p = current;
	uint64_t bound = 0;
	enum request req;

	if (p->au->batch)
		send_plan(p, o, n);
	else if (!send_line(p, "shuffle ", (unsigned long long)n))
		proto_fail(p, o, NULL);
	if (p->au->batch) {
		if (request(p, o, deck, n, &bound) != REQ_ASKED)
			proto_fail(p, o, "broke the protocol at line %llu: with "
			    "--batch, a run's first line is \"asked ...\"",
			    (unsigned long long)p->lines);
		take_asked(p, o);
	}
	while ((req = request(p, o, deck, n, &bound)) != REQ_DECK) {
		if (req == REQ_ASKED)
			proto_fail(p, o, "broke the protocol at line %llu: "
			    "\"asked\" comes once in a run, first",
			    (unsigned long long)p->lines);
		answer(p, o, req == REQ_RAW, bound, deck, n);
	}
	/* The run's draws are all in the odometer now. */
	meter_show(&p->meter, &p->win);
}

/*
 * Whether COMMAND's program can be started, asked before it is, so that a
 * typo gets one clear message: when its first word (after an "exec") is
 * a plain word, it must name an executable file (a word with a slash) or
 * something sh knows (command -v: a builtin, or a program on PATH).  0
 * when it can or cannot be told, else 127 or 126 as sh would exit.
 */
static int
startable(const char *command)
{
	static const char plain[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmn"
	    "opqrstuvwxyz0123456789_./+-:,@%";
	const char *p = command + strspn(command, " \t");
	char word[4096];
	struct stat st;
	size_t len;
	pid_t pid;
	int wst;

	if (strncmp(p, "exec", 4) == 0 && (p[4] == ' ' || p[4] == '\t'))
		p += 4 + strspn(p + 4, " \t");
	len = strspn(p, plain);
	if (len == 0 || len >= sizeof word ||
	    (p[len] != '\0' && p[len] != ' ' && p[len] != '\t'))
		return 0;	/* quoted, expanded, assigned: sh's to judge */
	memcpy(word, p, len);
	word[len] = '\0';
	if (strchr(word, '/') != NULL) {
		if (stat(word, &st) != 0)
			return 127;
		return S_ISREG(st.st_mode) && access(word, X_OK) == 0 ? 0 : 126;
	}
	fflush(NULL);
	if ((pid = fork()) < 0)
		return 0;
	if (pid == 0) {
		int null = open("/dev/null", O_WRONLY);

		if (null >= 0) {
			dup2(null, STDOUT_FILENO);
			dup2(null, STDERR_FILENO);
		}
		execl("/bin/sh", "sh", "-c", "command -v -- \"$1\"", "sh", word,
		    (char *)NULL);
		_exit(127);
	}
	while (waitpid(pid, &wst, 0) < 0)
		if (errno != EINTR)
			return 0;
	return WIFEXITED(wst) && WEXITSTATUS(wst) == 0 ? 0 : 127;
}

/*
 * Starts COMMAND with pipes to its stdin and from its stdout, in a
 * process group of its own.  The caller watches (guard_watch) first.
 */
static bool
spawn(struct proto *p, const char *command)
{
	struct proc child;
	char bits[16];

	/* The width of "raw", so a program need not be told twice. */
	snprintf(bits, sizeof bits, "%u", p->au->raw_bits);
	if (!proc_start(&child, command, true, false,
	    "SHUFFLE_AUDIT_RAW_BITS", bits))
		return false;
	p->pid = child.pid;
	p->to = child.to;
	p->from = child.from;
	return true;
}

/*
 * One copy of the program, walking its part of the odometer: its
 * protocol state, and its own copy of the audit, where a breach is
 * written.  Copies run side by side in threads, each holding its
 * protocol state in CURRENT, which the run function reads.
 */
struct instance {
	struct audit own;
	struct proto *p;
	struct job job;
	int status;		/* of its count, an SA_ status */
	int exit_status;
	pthread_t thread;
};

struct crew {
	struct instance *at;
	unsigned count;
	size_t n;
	struct audit *au;
	pthread_mutex_t lock;
	unsigned failed;	/* the lowest instance that failed; COUNT: none */
};


/* Instance K of CREW: allocated, its odometer, its program started. */
static bool
instance_start(struct crew *crew, unsigned k)
{
	struct instance *in = &crew->at[k];
	struct proto *p = calloc(1, sizeof *p);

	in->own = *crew->au;
	in->own.draws = in->own.bounds = NULL;
	in->own.symbol_buf = NULL;
	in->own.part = k;
	in->job.depth = crew->au->depth;
	in->p = p;
	if (p == NULL)
		return false;
	p->au = &in->own;
	p->drain = k;
	p->win.cap = crew->au->max_draws;
	p->win.val = calloc(p->win.cap, sizeof *p->win.val);
	p->win.bound = calloc(p->win.cap, sizeof *p->win.bound);
	if (p->win.val == NULL || p->win.bound == NULL)
		return false;
	p->to = p->from = -1;
	if (!spawn(p, crew->au->command)) {
		p->pid = 0;
		return false;
	}
	return true;
}

static void
instance_free(struct instance *in)
{
	if (in->p != NULL) {
		if (in->p->to >= 0)
			close(in->p->to);
		if (in->p->from >= 0)
			close(in->p->from);
		free(in->p->win.val);
		free(in->p->win.bound);
		free(in->p->plan);
		free(in->p);
	}
	sa_census_free(in->job.census);
	sa_layers_free(in->job.layers);
	audit_free(&in->own);
}

/*
 * A thread's count.  The report of a failure is that of the lowest
 * instance that fails on its own, so that it is the same however the
 * threads ran: a failure stops the instances above it (their failures
 * could not be reported) and leaves those below to finish.
 */
static void *
instance_count(void *arg)
{
	struct instance *in = arg;
	struct crew *crew = in->own.crew;
	unsigned k = in->own.part;

	current = in->p;
	in->status = count_job(&in->own, &crew->au->shuffle, crew->n,
	    &in->p->win, &in->job);
	if (in->status != SA_OK) {
		pthread_mutex_lock(&crew->lock);
		if (k < crew->failed) {
			for (unsigned j = k + 1; j < crew->count; j++)
				if (crew->at[j].p != NULL && crew->at[j].p->pid > 0) {
					kill(-crew->at[j].p->pid, SIGKILL);
					kill(crew->at[j].p->pid, SIGKILL);
				}
			crew->failed = k;
		}
		pthread_mutex_unlock(&crew->lock);
	}
	return NULL;
}

/*
 * How instance IN ended, as an exit status, after it has counted: a
 * breach, a program that never started, or one that did not exit
 * cleanly once its input closed.  Its program is reaped either way.
 */
static int
instance_end(struct instance *in, size_t n)
{
	struct proto *p = in->p;
	struct audit *au = &in->own;
	int status = in->status, wst = 0;
	const char *left;

	/*
	 * A program that said nothing at all before its output closed may
	 * never have started (the shell exits 127 for a command it cannot
	 * find, 126 for one it cannot run): it is given --timeout seconds
	 * to exit, so its status can tell.  Then a broken program is
	 * stopped before it can see its input end.
	 */
	if (status == SA_EPROTO && p->lines == 0)
		proc_wait_exit(p->pid, (double)au->timeout);
	left = proc_escape_text(proc_escaped(p->pid));
	if (status == SA_OK && left != NULL) {
		proc_stop(p->pid, NULL);
		p->pid = 0;
		breach(au, SA_EPROTO, &p->win, "%s", left);
		au->ndraws = 0;
		au->run = 0;
		return EXIT_MISBEHAVED;
	}
	if (status != SA_OK) {
		proc_stop(p->pid, &wst);
		p->pid = 0;
	}
	close(p->to);
	p->to = -1;
	if (status == SA_EPROTO && p->lines == 0 && WIFEXITED(wst) &&
	    (WEXITSTATUS(wst) == 127 || WEXITSTATUS(wst) == 126)) {
		cli_error("--exec %s: cannot start it (the shell says %s, "
		    "exit status %d)", cli_arg(au->command), WEXITSTATUS(wst) == 127 ?
		    "not found" : "not executable", WEXITSTATUS(wst));
		return EXIT_TROUBLE;
	}
	if (status == SA_EPROTO) {
		size_t len = strlen(au->what);

		if (left != NULL)
			snprintf(au->what + len, sizeof au->what - len, "; it "
			    "had %s, and was stopped by its pid", left);
		len = strlen(au->what);
		/* A program that fails its first planned run may not plan. */
		if (au->batch && p->win.runs == 1)
			snprintf(au->what + len, sizeof au->what - len, " (with "
			    "--batch, a program must take the plan offered with "
			    "each run: see THE EXEC PROTOCOL)");
		breach(au, status, &p->win, NULL);	/* the run said what */
		return EXIT_MISBEHAVED;
	}
	if (status != SA_OK)
		return census_failed(au, status, &p->win, n);
	if (!proc_wait_exit(p->pid, (double)au->timeout)) {
		left = proc_escape_text(proc_escaped(p->pid));
		proc_stop(p->pid, NULL);
		p->pid = 0;
		breach(au, SA_EPROTO, &p->win, "did not exit within %u "
		    "second%s of its input closing%s%s, and was stopped",
		    au->timeout, au->timeout == 1 ? "" : "s",
		    left ? "; it had " : "", left ? left : "");
		au->ndraws = 0;
		au->run = 0;
		return EXIT_MISBEHAVED;
	}
	proc_stop(p->pid, &wst);
	p->pid = 0;
	if (!WIFEXITED(wst) || WEXITSTATUS(wst) != 0) {
		breach(au, SA_EPROTO, &p->win, "exited with %s %d after the "
		    "last run", WIFEXITED(wst) ? "status" : "signal",
		    WIFEXITED(wst) ? WEXITSTATUS(wst) : WTERMSIG(wst));
		au->ndraws = 0;
		au->run = 0;
		return EXIT_MISBEHAVED;
	}
	return EXIT_FAIR;
}

/* The instances' counts added up into JOB; false when they could not be. */
static bool
gather(struct crew *crew, struct job *job)
{
	struct job *first = &crew->at[0].job;
	int status = SA_OK;

	for (unsigned k = 1; k < crew->count && status == SA_OK; k++)
		status = job->depth == 0 ?
		    sa_census_merge(first->census, crew->at[k].job.census) :
		    sa_layers_merge(first->layers, crew->at[k].job.layers);
	if (status != SA_OK) {
		cli_error("--exec: the counts of the %u instances could not be "
		    "added up: %s", crew->count, sa_strerror(status));
		return false;
	}
	*job = *first;
	first->census = NULL;
	first->layers = NULL;
	return true;
}

/* Runs the instances of CREW, side by side when there are several. */
static void
run_crew(struct crew *crew)
{
	unsigned started = 0;

	meter_start(&crew->at[0].p->meter, crew->au);
	if (crew->count == 1) {
		instance_count(&crew->at[0]);
	} else {
		for (; started < crew->count; started++)
			if (pthread_create(&crew->at[started].thread, NULL,
			    instance_count, &crew->at[started]) != 0)
				break;
		/* A thread that could not start: its part is walked here. */
		for (unsigned k = started; k < crew->count; k++)
			instance_count(&crew->at[k]);
		for (unsigned k = 0; k < started; k++)
			pthread_join(crew->at[k].thread, NULL);
	}
	meter_end(&crew->at[0].p->meter);
}

/* The instance whose report stands into AU: its breach and its draws. */
static void
take_report(struct audit *au, struct instance *in)
{
	au->status = in->own.status;
	memcpy(au->what, in->own.what, sizeof au->what);
	au->run = in->own.run;
	au->ndraws = in->own.ndraws;
	free(au->draws);
	free(au->bounds);
	au->draws = in->own.draws;
	au->bounds = in->own.bounds;
	in->own.draws = in->own.bounds = NULL;
	au->part = in->own.part;
}

static int
audit_exec(struct audit *au, size_t n, struct job *job)
{
	struct crew crew = { NULL, au->instances ? au->instances : 1, n, au,
	    PTHREAD_MUTEX_INITIALIZER, 0 };
	struct sigaction ign, old;
	int exit_status = EXIT_FAIR, status;
	unsigned k, chosen;

	if ((status = startable(au->command)) != 0) {
		cli_error("--exec %s: cannot start it: %s", cli_arg(au->command),
		    status == 127 ? "no such command" : "not an executable file");
		return EXIT_TROUBLE;
	}
	crew.failed = crew.count;
	au->crew = &crew;
	au->what[0] = '\0';
	/* The census names the audit's own shuffle, which outlives us. */
	au->shuffle.run = exec_run;
	au->shuffle.ctx = NULL;
	if ((crew.at = calloc(crew.count, sizeof *crew.at)) == NULL) {
		cli_error("--exec: out of memory");
		return EXIT_TROUBLE;
	}
	/* A program that dies must not take this process with SIGPIPE. */
	memset(&ign, 0, sizeof ign);
	ign.sa_handler = SIG_IGN;
	sigemptyset(&ign.sa_mask);
	sigaction(SIGPIPE, &ign, &old);
	guard_watch();
	for (k = 0; k < crew.count; k++)
		if (!instance_start(&crew, k))
			break;
	if (k < crew.count) {
		cli_error("--exec: cannot start %s: %s", cli_arg(au->command),
		    crew.at[k].p == NULL || crew.at[k].p->win.val == NULL ||
		    crew.at[k].p->win.bound == NULL ? "out of memory" :
		    strerror(errno));
		exit_status = EXIT_TROUBLE;
	} else {
		guard_group(crew.at[0].p->pid);	/* the others by their groups */
		run_crew(&crew);
		/* Every instance ends, in order; the first failure stands. */
		chosen = crew.count;
		for (k = 0; k < crew.count; k++) {
			int e = instance_end(&crew.at[k], n);

			if (e != EXIT_FAIR && chosen == crew.count) {
				chosen = k;
				exit_status = e;
			}
		}
		if (chosen < crew.count)
			take_report(au, &crew.at[chosen]);
		else if (!gather(&crew, job))
			exit_status = EXIT_TROUBLE;
	}
	for (k = 0; k < crew.count; k++) {
		if (crew.at[k].p != NULL && crew.at[k].p->pid > 0)
			proc_stop(crew.at[k].p->pid, NULL);
		if (crew.at[k].p != NULL)
			au->raw_used = au->raw_used || crew.at[k].p->win.raw_used;
		instance_free(&crew.at[k]);
	}
	guard_group(0);
	guard_release();
	sigaction(SIGPIPE, &old, NULL);
	pthread_mutex_destroy(&crew.lock);
	free(crew.at);
	au->crew = NULL;
	return exit_status;
}

int
audit_census(struct audit *au, size_t n, sa_census **out)
{
	struct job job = { 0, NULL, NULL };
	int status;

	au->depth = 0;
	status = au->command != NULL ? audit_exec(au, n, &job) :
	    audit_plugin(au, n, &job);
	*out = job.census;
	audit_mention_raw(au);
	return status;
}

int
audit_layers(struct audit *au, size_t n, size_t depth, sa_layers **out)
{
	struct job job = { depth, NULL, NULL };
	int status;

	au->depth = depth;
	au->timed_out = false;
	status = au->command != NULL ? audit_exec(au, n, &job) :
	    audit_plugin(au, n, &job);
	*out = NULL;
	if (status != EXIT_FAIR)
		return status;
	if ((status = sa_layers_finish(job.layers)) != SA_OK) {
		cli_error("--%s: census by layers of %zu cards: %s",
		    au->command ? "exec" : "plugin", n, sa_strerror(status));
		sa_layers_free(job.layers);
		return EXIT_TROUBLE;
	}
	*out = job.layers;
	return EXIT_FAIR;
}

void
audit_mention_raw(struct audit *au)
{
	size_t len = strlen(au->summary);

	/* Raw words are worth a mention only when the code asked for them. */
	if (au->raw_used && strstr(au->summary, ", raw words of") == NULL)
		snprintf(au->summary + len, sizeof au->summary - len,
		    ", raw words of %u bits", au->raw_bits);
}

void
audit_free(struct audit *au)
{
	free(au->draws);
	free(au->bounds);
	free(au->symbol_buf);
	au->draws = au->bounds = NULL;
	au->symbol_buf = NULL;
}

/*
 * The misbehaviour as a picture, for a command asked for SVG: its
 * sentence, wrapped, in a white box.  The exit status says the rest.
 */
void
audit_report_svg(const struct audit *au, size_t n)
{
	char line[640], piece[12][80];
	const char *s = line;
	int lines = 0;

	snprintf(line, sizeof line, "The %s shuffle of %zu cards misbehaved: "
	    "it %s.", au->shuffle.name, n, au->what);
	/* Lines of at most 72 bytes, broken at spaces where there are any. */
	while (*s != '\0' && lines < 12) {
		size_t len = strlen(s) > 72 ? 72 : strlen(s);

		while (len < strlen(s) && len > 0 && s[len] != ' ')
			len--;
		if (len == 0)
			len = strlen(s) > 72 ? 72 : strlen(s);
		snprintf(piece[lines++], sizeof piece[0], "%.*s", (int)len, s);
		s += len;
		while (*s == ' ')
			s++;
	}
	printf("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns="
	    "\"http://www.w3.org/2000/svg\" width=\"640\" height=\"%d\" "
	    "font-family=\"sans-serif\" font-size=\"14\">\n<title>",
	    40 + 20 * lines);
	cli_xml_text(stdout, line);
	printf("</title>\n<rect width=\"640\" height=\"%d\" "
	    "fill=\"white\"/>\n", 40 + 20 * lines);
	for (int k = 0; k < lines; k++) {
		printf("<text x=\"12\" y=\"%d\" fill=\"#b2182b\">", 28 + 20 * k);
		cli_xml_text(stdout, piece[k]);
		fputs("</text>\n", stdout);
	}
	fputs("</svg>\n", stdout);
}

/* The misbehaviour, as data: text, TSV, CSV or JSON. */
void
audit_report(const struct audit *au, size_t n, enum rep_format fmt)
{
	static const struct rep_col cols[] = {
		{ "draw", "draw", REP_U64, 6, true, true, 0, NULL },
		{ "bound", "below", REP_U64, 12, true, true, 0, NULL },
		{ "value", "value", REP_U64, 12, true, true, 0, NULL },
	};
	report r;

	rep_begin(&r, stdout, fmt);
	rep_line(&r, "The %s shuffle of %zu cards misbehaved: it %s.",
	    au->shuffle.name, n, au->what);
	rep_line(&r, "%s", "");
	rep_str(&r, "audited", "audited", au->command ? au->command :
	    au->path, au->command ? "--exec" : "--plugin");
	if (au->path != NULL)
		rep_str(&r, "symbol", "function", au->symbol, NULL);
	rep_u64(&r, "cards", "cards", n, NULL);
	rep_str(&r, "verdict", "verdict", "misbehaved", "exit status 3");
	rep_bool(&r, "fair", NULL, false, NULL);	/* not shown fair */
	rep_str(&r, "problem", "problem", au->what, NULL);
	if (au->instances > 1) {
		char note[96];

		snprintf(note, sizeof note, "of %u, runs whose first draw is "
		    "%u modulo %u", au->instances, au->part, au->instances);
		rep_u64(&r, "part", "in part", au->part + 1, note);
	}
	if (au->run != 0)
		rep_u64(&r, "run", "on run", au->run, au->instances > 1 ?
		    (au->ndraws > 0 ? "of its part, counting from 1, in the "
		    "order of the draws below" : "of its part, counting from 1, "
		    "before its first draw") : au->ndraws > 0 ? "counting from "
		    "1, in the order of the draws below" : "counting from 1, "
		    "before its first draw");
	rep_u64(&r, "raw_bits", "raw word bits", au->raw_bits, NULL);
	if (au->run != 0 && au->ndraws > 0) {
		rep_line(&r, "%s", "");
		rep_table(&r, "draws", cols, 3);
		for (size_t i = 0; i < au->ndraws; i++) {
			struct rep_cell cells[3];

			memset(cells, 0, sizeof cells);
			cells[0].u = i + 1;
			cells[1].u = au->bounds[i];
			cells[2].u = au->draws[i];
			rep_row(&r, cells);
		}
		rep_table_end(&r);
	}
	rep_end(&r);
}
