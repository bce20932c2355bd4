/*
 * run_plugin.c - a plugin audited in a child process: loaded there, it
 * walks the census and streams each run to this one, which makes each
 * run again in its own odometer and counts it.  So when the child
 * crashes, hangs, exits or forks, this process can still say on which
 * run, with which draws, from its own copy of them.
 */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE	/* MAP_ANONYMOUS, strsignal */

#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/wait.h>


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

#include "run_internal.h"

/*
 * The plugin's side.  It walks the census itself and streams each run to
 * this process (stream.c), which walks it again in its own odometer and
 * counts it: the plugin's memory is its own to spoil.  The memory shared
 * with it holds the child's odometer, which this side never reads: a
 * report, even of a child that died in the middle of a run, quotes the
 * run as this side's own odometer holds it (own_window).
 */
struct shared {
	sa_replay_window win;	/* the child's: runs, pos, len, last */
};

/*
 * The child's stream, for its fatal signals' handler: what it holds is
 * written out before the child dies of the signal, so that this side
 * has every run up to the one that died and tells it from its own copy.
 */
static sa_stream_out *dying_stream;

static void
on_fatal(int sig)
{
	if (dying_stream != NULL)
		sa_stream_out_flush(dying_stream);
	raise(sig);	/* its default action now: the child dies of it */
}

/*
 * A crash must kill the child, so that the parent sees the signal: the
 * default action, whatever handlers this process had (a sanitizer's,
 * say), once W's transcript is written out.
 */
static void
fatal_signals(sa_stream_out *w)
{
	static const int fatal[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT,
	    SIGTRAP, SIGSYS };
	struct sigaction sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_fatal;
	sa.sa_flags = SA_RESETHAND | SA_NODEFER;
	sigemptyset(&sa.sa_mask);
	dying_stream = w;
	for (size_t i = 0; i < sizeof fatal / sizeof fatal[0]; i++)
		if (sigaction(fatal[i], &sa, NULL) != 0)
			signal(fatal[i], SIG_DFL);
}

/* The child's exit status when the plugin called fork() (plugin_run). */
#define CHILD_FORKED 125

/*
 * The child's own record that fork() was called (for plugin_run), set
 * by the fork handlers below, which take no argument.
 */
static volatile int child_forked;

/* Set every SA_STREAM_FLUSH_S by the child's timer: flush the stream. */
static volatile int flush_due;

static void
on_alarm(int sig)
{
	(void)sig;
	flush_due = 1;
}

/* The child's timer, which asks the stream to flush as it runs. */
static void
flush_timer(sa_stream_out *w)
{
	struct sigaction sa;
	struct itimerval it = { { 0, (long)(SA_STREAM_FLUSH_S * 1e6) },
	    { 0, (long)(SA_STREAM_FLUSH_S * 1e6) } };

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_alarm;
	sa.sa_flags = SA_RESTART;
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGALRM, &sa, NULL) == 0 &&
	    setitimer(ITIMER_REAL, &it, NULL) == 0)
		sa_stream_out_timer(w, &flush_due);
}

/*
 * fork() in a plugin would leave two processes running one walk.  These
 * run inside fork() itself: the plugin's process ends there, before a
 * copy exists, with a status that says so; were a copy made all the same
 * (by a fork these handlers do not see), it ends at once, before any of
 * the plugin's code can run in it.
 */
static void
fork_prepare(void)
{
	child_forked = 1;
	/* No copy is made: the plugin ends in fork() itself, its runs so
	 * far written out for the report. */
	if (dying_stream != NULL)
		sa_stream_out_flush(dying_stream);
	_exit(CHILD_FORKED);
}

static void
fork_child(void)
{
	_exit(127);
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
	if (child_forked)
		_exit(CHILD_FORKED);
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
	if (dying_stream != NULL)
		sa_stream_out_flush(dying_stream);
	_exit(status);
}

/*
 * The child: load, walk, stream each run to TO, exit.  Never returns.
 * The fork filter is set before the plugin is loaded, so that its
 * constructors run under it too.
 */
static void
plugin_child(struct audit *au, size_t n, struct shared *sh, int to,
    struct job *job, const pid_t names[2])
{
	sa_shuffle run = { 0 }, rec;
	struct plugin_ctx pc;
	sa_stream_out *w = NULL;
	sa_replay_window *win = &sh->win;
	void *handle, *sym;
	int status;

	/* As the parent named them (inside a pid namespace the auditor
	 * has no number). */
	pid_t auditor = names[0], group = names[1];

	guard_child();
	setpgid(0, 0);
	/* Anything the plugin prints goes to stderr, not into the report. */
	if (dup2(STDERR_FILENO, STDOUT_FILENO) < 0)
		_exit(1);
	if (pthread_atfork(fork_prepare, NULL, fork_child) != 0 ||
	    on_exit(child_exit, NULL) != 0 ||
	    sa_stream_out_new(to, &run, &w) != SA_OK)
		_exit(1);
	fatal_signals(w);
	proc_confine(auditor, group);
	proc_forbid_forks();
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
		(void)sa_stream_out_end(w, SA_EINVAL, dlerror());
		_exit(0);
	}
	sym = dlsym(handle, au->symbol);
	if (sym == NULL) {
		char msg[160];

		snprintf(msg, sizeof msg, "no function %s in it", au->symbol);
		(void)sa_stream_out_end(w, SA_EINVAL, msg);
		_exit(0);
	}
	/* POSIX lets a data pointer from dlsym hold a function's address. */
	memcpy(&pc.fn, &sym, sizeof pc.fn);
	run.name = "plugin";
	run.run = plugin_run;
	run.ctx = &pc;
	sa_stream_out_shuffle(w, &rec);
	flush_timer(w);
	/* The auditor keeps the time; this walk runs until it is stopped. */
	au->deadline = 0;
	status = run_count_job(au, &rec, n, win, job);
	(void)sa_stream_out_end(w, status, NULL);
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

static void
drop_job(struct job *job)
{
	sa_census_free(job->census);
	sa_layers_free(job->layers);
	job->census = NULL;
	job->layers = NULL;
}

/* The meter's stop: this side's walk stops before its next run. */
static void
plugin_stop(void *ctx)
{
	sa_replay_window *w = ctx;

	w->stop = true;
}

/* A run ended on this side: the progress line. */
static void
plugin_ran(void *ctx, const sa_replay_window *w)
{
	run_meter_show(ctx, w);
}

/*
 * The run the child was on, as this side's own odometer W holds it, into
 * *OUT for the report: its number, and the draws it began with (those
 * kept from the run before, and any of its transcript made again here).
 * Never what the child left in the memory it shares, which is the
 * plugin's to scribble on.
 */
static const sa_replay_window *
own_window(const sa_replay_window *w, sa_replay_window *out)
{
	memset(out, 0, sizeof *out);
	out->runs = w->runs;
	out->pos = w->pos > w->len ? w->pos : w->len;
	out->len = w->len;
	out->last = w->last;
	out->val = w->val;
	out->bound = w->bound;
	out->cap = w->cap;
	return out;
}

/*
 * The census of this side failed with STATUS while the child streamed
 * it: why, as an exit status (AU says more).  The child is stopped and
 * reaped first; when its stream ended because it died, that is the
 * breach, told at the run the child was on.
 */
static int
plugin_failed(struct audit *au, size_t n, pid_t pid, sa_stream_in *in,
    int status)
{
	sa_replay_window cw;
	const sa_replay_window *mine = sa_stream_in_window(in);
	const char *left;
	int wst = 0;
	bool closed = sa_stream_in_cause(in) == SA_STREAM_CLOSED;

	/* One that closed its stream is most likely dying: it is given a
	 * moment to, so that its end can tell how. */
	if (closed)
		proc_wait_exit(pid, PROC_GRACE_S);
	left = proc_escape_text(proc_escaped(pid));
	finish_child(pid, &wst);
	own_window(mine, &cw);
	if (closed && WIFEXITED(wst) && WEXITSTATUS(wst) == CHILD_FORKED) {
		run_breach(au, SA_EPROTO, &cw, "forked: it called fork(), "
		    "which an audited shuffle must not do");
		return RUN_BREACH;
	}
	if (closed && WIFSIGNALED(wst) && WTERMSIG(wst) == SIGSYS) {
		run_breach(au, SA_EPROTO, &cw, "was stopped by the seccomp "
		    "filter at a call to start a process (by the raw system "
		    "call, vfork, clone, system() or posix_spawn) or to reach "
		    "%s (" RUN_FILTER_AIMS ") or made through another "
		    "architecture's calls (int 0x80), which an audited "
		    "shuffle must not do", RUN_NAME);
		return RUN_BREACH;
	}
	if (closed && WIFSIGNALED(wst)) {
		run_breach(au, SA_EPROTO, &cw, "crashed: %s",
		    strsignal(WTERMSIG(wst)));
		return RUN_BREACH;
	}
	if (closed && left != NULL) {
		run_breach(au, SA_EPROTO, &cw, "%s", left);
		au->run = 0;
		return RUN_BREACH;
	}
	if (closed) {
		run_breach(au, SA_EPROTO, &cw, "exited with status %d in the "
		    "middle of the census", WIFEXITED(wst) ?
		    WEXITSTATUS(wst) : -1);
		return RUN_BREACH;
	}
	if (status == SA_EPROTO && sa_stream_in_cause(in) == SA_STREAM_QUIET) {
		run_breach(au, SA_EPROTO, &cw, "made no progress for %u "
		    "second%s (an endless loop?)%s%s%s and was stopped",
		    au->timeout, au->timeout == 1 ? "" : "s",
		    left ? "; it had " : "", left ? left : "",
		    left ? "," : "");
		return RUN_BREACH;
	}
	/* Its own engine ended its walk on a broken run: told at that run. */
	if (sa_stream_in_cause(in) == SA_STREAM_ENDED)
		return run_census_failed(au, status, &cw, n);
	if (status == SA_EPROTO) {
		run_breach(au, SA_EPROTO, mine, "%s", sa_stream_in_what(in));
		return RUN_BREACH;
	}
	return run_census_failed(au, status, mine, n);
}

/* The memory shared with the child: its odometer, for the report. */
struct window {
	struct shared *sh;
	size_t bytes, cap;
	uint64_t *val, *bound;
};

/* W's memory, shared, for an odometer of CAP draws; false with AU's
 * error. */
static bool
window_new(struct audit *au, struct window *w, size_t cap)
{
	w->cap = cap;
	w->bytes = sizeof *w->sh + 2 * cap * sizeof(uint64_t);
	w->sh = mmap(NULL, w->bytes, PROT_READ | PROT_WRITE, MAP_SHARED |
	    MAP_ANONYMOUS, -1, 0);
	if (w->sh == MAP_FAILED) {
		run_refuse(au, "--plugin: cannot share %zu bytes with the child: "
		    "%s", w->bytes, strerror(errno));
		return false;
	}
	memset(w->sh, 0, sizeof *w->sh);
	w->val = (uint64_t *)(w->sh + 1);
	w->bound = w->val + cap;
	w->sh->win.val = w->val;
	w->sh->win.bound = w->bound;
	w->sh->win.cap = cap;
	return true;
}

/*
 * The plugin's child started, streaming to *FROM; its pid, or -1 after
 * a message.  The child makes its group itself: were this side to do it
 * too, it could undo a move the plugin made, and what is reported would
 * hang on a race; a kill by the pid does not need the group.
 */
static pid_t
plugin_spawn(struct audit *au, size_t n, const struct window *w,
    struct job *job, int *from)
{
	int fds[2];
	pid_t pid, init, names[2] = { getpid(), getpgrp() };

	if (pipe(fds) != 0) {
		run_refuse(au, "--plugin: cannot make a pipe: %s", strerror(errno));
		return -1;
	}
	fflush(NULL);
	/* The stop signals are caught before the probe of protections
	 * forks its child, so that a signal sent once a child exists is
	 * always ours to handle (C leaves the order of | to the compiler). */
	au->protections = guard_watch();
	au->protections |= proc_protections();
	if ((pid = proc_fork(&init)) < 0) {
		run_refuse(au, "--plugin: cannot start a child process: %s",
		    strerror(errno));
		guard_release();
		close(fds[0]);
		close(fds[1]);
		return -1;
	}
	if (pid == 0) {
		close(fds[0]);
		plugin_child(au, n, w->sh, fds[1], job, names);
	}
	close(fds[1]);
	guard_own(pid);
	guard_init(init);
	guard_group(pid);
	*from = fds[0];
	return pid;
}

/* plugin_count's answer for a plugin that did not load (said so). */
#define NOT_LOADED (-1)

/*
 * JOB counted on this side from the stream IN of the child PID: an SA_
 * status, or NOT_LOADED after a message.
 */
static int
plugin_count(struct audit *au, size_t n, pid_t pid, sa_stream_in *in,
    struct meter *meter, struct job *job)
{
	sa_shuffle stream, kept = au->shuffle;
	char msg[1100];
	int status, code = SA_OK, wst = 0;

	meter->stop = plugin_stop;
	meter->stop_ctx = sa_stream_in_window(in);
	sa_stream_in_shuffle(in, &stream);
	status = sa_stream_in_opening(in, &code, msg, sizeof msg);
	if (status == SA_EINVAL) {
		finish_child(pid, &wst);
		run_refuse(au, "--plugin %s: %s", au->shown, msg);
		return NOT_LOADED;
	}
	if (status == SA_OK) {
		/* The census keeps its shuffle: AU's, run by the stream. */
		au->shuffle.run = stream.run;
		au->shuffle.ctx = stream.ctx;
		status = run_count_job(au, &au->shuffle, n,
		    sa_stream_in_window(in), job);
		au->shuffle.run = kept.run;
		au->shuffle.ctx = kept.ctx;
	}
	run_meter_end(meter);
	if (status == SA_OK)
		status = sa_stream_in_finish(in, &code, NULL, 0);
	return status;
}

static int
plugin_count_job(struct audit *au, size_t n, struct job *job)
{
	struct window w;
	sa_stream_opts so;
	sa_stream_in *in = NULL;
	struct meter meter;
	enum proc_escape escape;
	sa_replay_window cw;
	pid_t pid;
	int from = -1, wst = 0, status;

	if (!window_new(au, &w, 2 * au->max_draws))	/* and the reals' places */
		return RUN_REFUSED;
	if ((pid = plugin_spawn(au, n, &w, job, &from)) < 0) {
		munmap(w.sh, w.bytes);
		return RUN_REFUSED;
	}
	run_meter_start(&meter, au, n);
	memset(&so, 0, sizeof so);
	so.from = from;
	so.timeout = au->timeout;
	so.deadline = au->deadline;
	so.max_draws = au->max_draws;
	so.after_run = plugin_ran;
	so.ctx = &meter;
	if (sa_stream_in_new(&so, n, &in) != SA_OK) {
		run_refuse(au, "--plugin: out of memory");
		finish_child(pid, &wst);
		status = RUN_REFUSED;
	} else if ((status = plugin_count(au, n, pid, in, &meter, job)) ==
	    NOT_LOADED) {
		status = RUN_REFUSED;
	} else if (status != SA_OK) {
		drop_job(job);
		status = plugin_failed(au, n, pid, in, status);
	} else if ((escape = proc_escaped(pid)), finish_child(pid, &wst),
	    escape != PROC_IN_GROUP) {
		/* Its group as it left it: a zombie keeps the one it died in. */
		drop_job(job);
		run_breach(au, SA_EPROTO, own_window(sa_stream_in_window(in),
		    &cw), "%s", proc_escape_text(escape));
		au->run = 0;
		status = RUN_BREACH;
	} else {
		status = RUN_OK;
	}
	if (in != NULL) {
		au->raw_used = au->raw_used || sa_stream_in_window(in)->raw_used;
		au->real_used = au->real_used ||
		    sa_stream_in_window(in)->real_used;
	}
	sa_stream_in_free(in);
	close(from);
	munmap(w.sh, w.bytes);
	return status;
}

/* A plugin runs a thousand times as fast a run as a program. */
static double
plugin_bias_runs(const struct audit *au)
{
	(void)au;
	return RUN_BIAS_PLUGIN_RUNS;
}

const struct run_ops run_plugin_ops = { "--plugin", plugin_count_job,
    plugin_bias_runs };
