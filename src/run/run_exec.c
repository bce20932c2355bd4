/*
 * run_exec.c - a program audited over the exec protocol: started with
 * /bin/sh -c, in a process group of its own, and spoken to over its
 * stdin and stdout by the library (exec.c), each run of the replay
 * engine one exchange; copies of it run side by side (--instances),
 * each on its part of the walk, and their counts are added up.
 */
#define _POSIX_C_SOURCE 200809L

#include <sys/stat.h>
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "run_internal.h"

/*
 * The exec side: the program's process, and its protocol state (the
 * library's exec.c speaks the protocol; this file starts, watches and
 * stops the program).
 */
struct proto {
	struct audit *au;
	struct meter meter;
	pid_t pid;
	int to, from;
	sa_exec *ex;
	sa_replay_window *win;	/* the program's odometer, EX's or SIN's */
	sa_stream_in *sin;	/* its streamed walk, when it offered one */
	bool shows;		/* its runs move the progress line */
	/* Its runs kept as they end (a walk not streamed, whose raw words
	 * are placed otherwise after it), of N cards. */
	bool recording;
	struct run_rec rec;
	bool checks;		/* its kept runs to check once all have counted */
	size_t n;
};

/* A run ended: the progress line. */
static void
exec_ran(void *ctx, const sa_replay_window *w)
{
	struct proto *p = ctx;

	if (p->shows)
		run_meter_show(&p->meter, w);
	if (p->recording)
		run_rec_add(&p->rec, w, sa_exec_deck(p->ex), p->n);
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
	char word[4096], path[4096];
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
	/* Found on PATH here, sh's own start (some 3 ms) saved. */
	if (proc_which(word, path, sizeof path))
		return 0;
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
	char bits[16], cells[24], place[16];
	/* Its raw words repeated (run_raw_place makes the other placements),
	 * whatever the auditor's own environment says. */
	const char *env[] = { "SHUFFLE_AUDIT_RAW_BITS", bits,
	    "SHUFFLE_AUDIT_REAL_CELLS", cells, "SHUFFLE_AUDIT_REAL_PLACE",
	    place, "SHUFFLE_AUDIT_RAW_PLACE", "0", NULL };

	/* The width of "raw", the cells of "real" and the model of a real's
	 * place, so a program need not be told twice. */
	snprintf(bits, sizeof bits, "%u", p->au->raw_bits);
	snprintf(cells, sizeof cells, "%llu",
	    (unsigned long long)p->au->real_cells);
	snprintf(place, sizeof place, "%u", p->au->real_place);
	if (!proc_start(&child, command, true, PROC_ERR_SHARED, env))
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
	sa_shuffle sh;		/* its shuffle, past the first copy */
	struct job job;
	int status;		/* of its count, an SA_ status */
	int exit_status;
	pthread_t thread;
	/* Where its processes were when its count ended, before its input
	 * closed (what it does then is told apart). */
	enum proc_escape escaped;
	bool strays;
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
	sa_exec_opts eo;

	in->job.depth = crew->au->depth;
	in->p = p;
	if (p == NULL)
		return false;
	p->au = &in->own;
	p->to = p->from = -1;
	if (!spawn(p, crew->au->command)) {
		p->pid = 0;
		return false;
	}
	memset(&eo, 0, sizeof eo);
	eo.to = p->to;
	eo.from = p->from;
	eo.timeout = crew->au->timeout;
	eo.deadline = crew->au->deadline;
	eo.raw_bits = crew->au->raw_bits;
	eo.real_cells = crew->au->real_cells;
	eo.max_draws = crew->au->max_draws;
	eo.depth = crew->au->depth;
	eo.batch = crew->au->batch;
	eo.drain_seed = k;
	eo.after_run = exec_ran;
	eo.ctx = p;
	p->shows = k == 0;
	p->n = crew->n;
	if (sa_exec_new(&eo, &p->ex) != SA_OK) {
		errno = ENOMEM;
		return false;
	}
	p->win = sa_exec_window(p->ex);
	/*
	 * The first copy runs as the audit's own shuffle, whose census is
	 * kept; the others as copies of it, added into that one.
	 */
	in->sh = crew->au->shuffle;
	sa_exec_shuffle(p->ex, k == 0 ? &crew->au->shuffle : &in->sh);
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
		sa_exec_free(in->p->ex);
		sa_stream_in_free(in->p->sin);
		run_rec_free(&in->p->rec);
		free(in->p);
	}
	sa_census_free(in->job.census);
	sa_layers_free(in->job.layers);
	run_free(&in->own);
}

/* LINE into BUF (SIZE bytes), cut before a character if long, "...". */
static void
line_cut(const char *line, char *buf, size_t size)
{
	size_t len = strlen(line), cut = size - 4;

	if (len < size) {
		memcpy(buf, line, len + 1);
		return;
	}
	while (cut > 0 && ((unsigned char)line[cut] & 0xc0) == 0x80)
		cut--;
	memcpy(buf, line, cut);
	memcpy(buf + cut, "...", 4);
}

/*
 * The streamed walk: the line that asks a program for it, "walk N PART
 * PARTS DEPTH MAX-DRAWS EVERY FLOOR" (see THE EXEC PROTOCOL), into BUF.
 */
static void
walk_line(const struct audit *au, size_t n, char *buf, size_t size)
{
	unsigned part, parts;

	run_walk_part(au, &part, &parts);
	snprintf(buf, size, "walk %zu %u %u %zu %zu %llu %u\n", n, part,
	    parts, au->depth, au->max_draws, (unsigned long long)au->every,
	    SA_REPEAT_FLOOR);
}

/* The runs of a streamed walk the auditor makes again itself under
 * --repeat none (all of them under all, one in K under 1/K), and
 * those whose reals it places elsewhere (place_kept). */
#define STREAM_KEEP 64
/* The most runs of a walk whose raw words are all placed otherwise. */
#define RAW_PLACE_ALL RUN_REC_MOST
/* fcntl's command (Linux's), for a libc without it. */
#ifndef F_SETPIPE_SZ
#define F_SETPIPE_SZ 1031
#endif
#ifndef F_GETPIPE_SZ
#define F_GETPIPE_SZ 1032
#endif

/* Run K's deck, "deck ...", as the line it would have been. */
static void
deck_line(const unsigned *deck, size_t n, char *buf, size_t size)
{
	size_t len = (size_t)snprintf(buf, size, "deck");

	for (size_t i = 0; i < n && len < size; i++)
		len += (size_t)snprintf(buf + len, size - len, " %u", deck[i]);
}

/* Kept run K in the window W, for the report: its number and draws. */
static void
show_run(sa_replay_window *w, const sa_stream_kept *k)
{
	w->runs = k->run;
	w->pos = k->len;
	memcpy(w->val, k->val, k->len * sizeof *k->val);
	memcpy(w->bound, k->bound, k->len * sizeof *k->bound);
}

/* A choice below BOUND (above 0) from the xorshift64 state *R, by
 * rejection (threshold = -bound % bound), so none is favoured. */
static uint64_t
below(uint64_t *r, uint64_t bound)
{
	uint64_t floor_ = -bound % bound;

	do {
		*r ^= *r << 13;
		*r ^= *r >> 7;
		*r ^= *r << 17;
	} while (*r < floor_);
	return *r % bound;
}

/*
 * Of the COUNT runs kept, those whose reals are placed elsewhere
 * (place_kept), into PICK (STREAM_KEEP of room): all up to STREAM_KEEP;
 * else the first STREAM_KEEP / 2 and one at random from each of
 * STREAM_KEEP / 2 equal stretches of the rest, by a seed the program
 * never learns.  How many.
 */
static size_t
placed(size_t count, size_t *pick)
{
	size_t half = STREAM_KEEP / 2, rest = count - half;
	uint64_t r = ((uint64_t)(sa_clock() * 1e9) ^ (uint64_t)getpid() << 32)
	    | 1;

	for (size_t i = 0; i < count && i < STREAM_KEEP; i++)
		pick[i] = i;
	if (count <= STREAM_KEEP)
		return count;
	for (size_t j = 0; j < half; j++) {
		size_t lo = j * rest / half, hi = (j + 1) * rest / half;

		pick[half + j] = half + lo + (size_t)below(&r, hi - lo);
	}
	return STREAM_KEEP;
}

/* RUNS, M runs kept_copies made: each one's draws and deck, and them. */
static void
gathered_free(sa_stream_kept *runs, size_t m)
{
	for (size_t i = 0; runs != NULL && i < m; i++) {
		free((void *)runs[i].val);
		free((void *)runs[i].bound);
		free((void *)runs[i].deck);
	}
	free(runs);
}

/*
 * The kept runs PICK[0 .. M) of the stream SIN (in the order they were
 * kept), each copied out with its draws and deck (N cards), since the
 * stream holds them as each differs from the one before; NULL when
 * memory is short.
 */
static sa_stream_kept *
kept_copies(sa_stream_in *sin, const size_t *pick, size_t m, size_t n)
{
	sa_stream_kept *runs = calloc(m ? m : 1, sizeof *runs);

	for (size_t i = 0; runs != NULL && i < m; i++) {
		const sa_stream_kept *k;
		uint64_t *val, *bound;
		unsigned *deck;

		if (sa_stream_in_kept(sin, 0, pick[i], &k) == 0) {
			gathered_free(runs, i);
			return NULL;
		}
		runs[i] = *k;
		runs[i].val = val = malloc((k->len ? k->len : 1) * sizeof *val);
		runs[i].bound = bound = malloc((k->len ? k->len : 1) *
		    sizeof *bound);
		runs[i].deck = deck = malloc((n ? n : 1) * sizeof *deck);
		if (val == NULL || bound == NULL || deck == NULL) {
			gathered_free(runs, i + 1);
			return NULL;
		}
		memcpy(val, k->val, k->len * sizeof *val);
		memcpy(bound, k->bound, k->len * sizeof *bound);
		memcpy(deck, k->deck, n * sizeof *deck);
	}
	return runs;
}

/*
 * The runs of COUNT kept that are made again under other placements,
 * into *RUNS (*M of them): every one, where there are at most
 * RAW_PLACE_ALL, so that a verdict can stand on them all; else
 * STREAM_KEEP of them (placed).  They are RECORDED's own (a walk not
 * streamed: run_rec_kept), or with RECORDED NULL copies of those IN's
 * stream kept.  Whether all were; false with *RUNS NULL out of memory.
 * picked_free lets them go.
 */
static bool
picked(struct instance *in, size_t n, const sa_stream_kept *recorded,
    size_t count, sa_stream_kept **runs, size_t *m)
{
	bool all = count <= RAW_PLACE_ALL;
	size_t *pick = malloc((all && count ? count : STREAM_KEEP) *
	    sizeof *pick);

	*m = 0;
	*runs = NULL;
	if (pick == NULL)
		return all;
	if (all)
		for (; *m < count; (*m)++)
			pick[*m] = *m;
	else
		*m = placed(count, pick);
	if (recorded != NULL) {
		/* the records' own runs, picked: nothing of theirs copied */
		if ((*runs = malloc((*m ? *m : 1) * sizeof **runs)) != NULL)
			for (size_t k = 0; k < *m; k++)
				(*runs)[k] = recorded[pick[k]];
	} else {
		*runs = kept_copies(in->p->sin, pick, *m, n);
	}
	free(pick);
	return all;
}

static void
picked_free(const sa_stream_kept *recorded, sa_stream_kept *runs, size_t m)
{
	if (recorded != NULL)
		free(runs);
	else if (runs != NULL)
		gathered_free(runs, m);
}

/*
 * The runs the stream kept, made again over the plain protocol's lines
 * (no plan: the auditor gives each real's value) with their reals
 * placed elsewhere in their cells, the cells and their order kept
 * (sa_real_at's SA_PLACE_LOW, _HIGH and _INNER): each must end on the
 * deck it streamed.  One that does not is made again as it first was:
 * on its streamed deck then, it uses where its reals fall inside their
 * cells (SA_EMODEL); elsewhere, randomness of its own (SA_ENONDET).  A
 * program that works out its reals itself in its walk is checked on
 * these runs alone (the walk's own runs are its): of the COUNT kept,
 * every one of a walk of at most RAW_PLACE_ALL, else STREAM_KEEP
 * (picked).  The runs are RECORDED's (a walk not streamed, over plans:
 * run_rec_kept), or with RECORDED NULL those IN's stream kept.  DECK
 * has room for N cards.
 */
static int
place_kept(struct instance *in, size_t n, const sa_shuffle *sh,
    const sa_stream_kept *recorded, size_t count, unsigned *deck)
{
	static const unsigned places[] = { SA_PLACE_LOW, SA_PLACE_HIGH,
	    SA_PLACE_INNER };
	static const char *const words[] = { "near their cells' low ends",
	    "near their cells' high ends", "at an inner point of their cells" };
	struct proto *p = in->p;
	struct audit *au = &in->own;
	char streamed[128], replayed[128];
	sa_audit_opts ao;
	sa_stream_kept *runs;
	size_t m;
	bool path;
	int status = SA_OK;

	(void)picked(in, n, recorded, count, &runs, &m);
	if (runs == NULL)
		return SA_ENOMEM;
	memset(&ao, 0, sizeof ao);
	ao.raw_bits = au->raw_bits;
	ao.real_cells = au->real_cells;
	sa_exec_plain(p->ex);	/* no plan: the values are the auditor's */
	for (size_t i = 0; i < m && status == SA_OK; i++) {
		const sa_stream_kept *k = &runs[i];

		for (size_t j = 0; j < 3 && status == SA_OK; j++) {
			ao.real_place = places[j];
			status = sa_replay_strict(sh, n, k->val, k->bound,
			    k->len, &ao, deck);
			if (status == SA_ETIES)
				status = SA_OK;		/* not kept apart */
			/* Other draws: the reals' places took it another way. */
			path = status == SA_ENONDET || status == SA_ESHORT;
			if (!path && (status != SA_OK || memcmp(deck, k->deck,
			    n * sizeof *deck) == 0))
				continue;
			deck_line(k->deck, n, streamed, sizeof streamed);
			if (path)
				snprintf(replayed, sizeof replayed, "other "
				    "draws");
			else
				deck_line(deck, n, replayed, sizeof replayed);
			ao.real_place = au->real_place;
			status = sa_replay_strict(sh, n, k->val, k->bound,
			    k->len, &ao, deck);
			if (status == SA_OK)
				status = memcmp(deck, k->deck, n *
				    sizeof *deck) == 0 ? SA_EMODEL :
				    SA_ENONDET;
			if (status == SA_EMODEL) {	/* where it moved */
				ao.real_place = 0;
				if (sa_replay_edge(sh, n, k->val, k->bound,
				    k->len, &ao, &au->edge_cells) != SA_OK)
					au->edge_cells = 0;
			}
			show_run(p->win, k);
			snprintf(au->what, sizeof au->what, "streamed run %llu "
			    "with \"%s\", and %s \"%s\" when the auditor made it "
			    "again with its reals %s (the cells and the order of "
			    "the reals kept)%s", (unsigned long long)k->run,
			    streamed, path ? "asked for" : "ended on", replayed,
			    words[j], status == SA_EMODEL ? ": it uses where a "
			    "real falls inside its cell, which the census counts "
			    "as one" : status == SA_ENONDET ? ", and elsewhere "
			    "again as it first was: it uses randomness the "
			    "auditor cannot see" : "");
		}
		au->placed_kept += status == SA_OK;
	}
	picked_free(recorded, runs, m);
	return status;
}

/*
 * The runs place_kept places, made again under the raw words' other
 * placements when the program's hello said it honours them; else noted
 * as not checked.  The runs are RECORDED's (COUNT of them, a walk not
 * streamed: run_rec_kept), or with RECORDED NULL the COUNT runs IN's
 * stream kept.  An SA_ status, as run_raw_place's.
 */
static int
raw_kept(struct instance *in, size_t n, const sa_stream_kept *recorded,
    size_t count, unsigned *deck)
{
	sa_stream_kept *runs;
	size_t m;
	bool all;
	int status;

	if (!sa_exec_raw_place(in->p->ex)) {
		in->own.raw_untold = true;
		return SA_OK;
	}
	all = picked(in, n, recorded, count, &runs, &m);
	if (runs == NULL)
		return SA_ENOMEM;
	status = run_raw_place(&in->own, n, runs, m, in->p->win, deck);
	in->own.raw_model = status == SA_EMODEL;
	in->own.raw_sampled = !all;
	picked_free(recorded, runs, m);
	return status;
}

/*
 * The runs of a walk not streamed (IN's, kept as they ended), checked
 * as a streamed walk's are: over plans (--batch), whose reals the
 * program works out itself, a choice of them made again over the plain
 * protocol with their reals placed elsewhere in their cells
 * (place_kept); then, where it drew raw words, under the raw words'
 * other placements (raw_kept): every run of a walk of at most
 * RAW_PLACE_ALL, so that its verdict is exact at the words' width by
 * every route, a choice of its first runs past that.  A streamed
 * walk's raw words are placed here too, its reals in replay_kept.  SH is
 * its exec shuffle.  An SA_ status.
 */
static int
recorded_check(struct instance *in, size_t n, const sa_shuffle *sh)
{
	size_t count;
	sa_stream_kept *runs = run_rec_kept(&in->p->rec, &count);
	unsigned *deck = malloc((n ? n : 1) * sizeof *deck);
	int status = runs == NULL || deck == NULL || in->p->rec.failed ?
	    SA_ENOMEM : SA_OK;

	if (in->p->sin != NULL) {	/* a streamed walk: its raw words */
		free(runs);
		count = sa_stream_in_kept(in->p->sin, 0, 0, NULL);
		status = deck == NULL ? SA_ENOMEM : raw_kept(in, n, NULL,
		    count, deck);
		free(deck);
		return status;
	}
	if (status == SA_OK && in->p->win->real_used && in->own.batch)
		status = place_kept(in, n, sh, runs, count, deck);
	if (status == SA_OK && in->p->win->raw_used && in->own.raw_hello)
		status = raw_kept(in, n, runs, count, deck);

	free(runs);
	free(deck);
	run_rec_free(&in->p->rec);
	return status;
}

/*
 * The bytes the pipe TO holds, made 1 MiB where Linux allows it (its
 * default is 64 KiB), so that the plans of the runs made again go a
 * window of thousands at a time; 0 where it cannot be told.
 */
static size_t
pipe_room(int to)
{
	int size;

	(void)fcntl(to, F_SETPIPE_SZ, 1 << 20);
	size = fcntl(to, F_GETPIPE_SZ);
	return size > 0 ? (size_t)size : 0;
}

/*
 * The runs the stream kept, each made again over the plain protocol
 * (offered as a plan, one round trip, where the program takes plans),
 * the auditor answering every draw: the program must ask the draws it
 * streamed and end on the deck it streamed.  SH is its exec shuffle.
 * SA_OK, or SA_EPROTO with the run in P's window and the reason in
 * IN's report.
 */
static int
replay_kept(struct instance *in, size_t n, const sa_shuffle *sh)
{
	struct proto *p = in->p;
	struct audit *au = &in->own;
	size_t count = sa_stream_in_kept(p->sin, 0, 0, NULL);
	sa_audit_opts ao;
	unsigned *deck = malloc((n ? n : 1) * sizeof *deck);
	char streamed[128], replayed[128];
	int status = SA_OK;

	if (deck == NULL)
		return SA_ENOMEM;
	memset(&ao, 0, sizeof ao);
	ao.raw_bits = au->raw_bits;
	ao.real_cells = au->real_cells;
	ao.real_place = au->real_place;
	sa_exec_plain(p->ex);
	sa_exec_ahead(p->ex, pipe_room(p->to));
	for (size_t i = 0, queued = 0; i < count && status == SA_OK; i++) {
		const sa_stream_kept *k, *q;

		/* As many plans ahead as the program's input holds (the
		 * stream's second reader runs ahead of its first). */
		for (queued = queued > i ? queued : i; queued < count &&
		    sa_stream_in_kept(p->sin, 1, queued, &q) > 0 &&
		    sa_exec_queue(p->ex, n, q->val, q->bound, q->len); queued++)
			;
		if (sa_stream_in_kept(p->sin, 0, i, &k) == 0) {
			status = SA_ENOMEM;
			break;
		}
		const char *how = sa_exec_offer(p->ex, k->val, k->bound,
		    k->len) ? "batched" : "plain";

		status = sa_replay_strict(sh, n, k->val, k->bound, k->len, &ao,
		    deck);
		if (status == SA_OK && memcmp(deck, k->deck, n *
		    sizeof *deck) == 0)
			continue;
		/* The report shows the run, its draws as streamed. */
		show_run(p->win, k);
		deck_line(k->deck, n, streamed, sizeof streamed);
		deck_line(deck, n, replayed, sizeof replayed);
		if (status == SA_EPROTO)
			snprintf(au->what, sizeof au->what, "%s, when the "
			    "auditor made run %llu of its streamed walk again "
			    "over the %s protocol", sa_exec_what(p->ex),
			    (unsigned long long)k->run, how);
		else if (status == SA_OK)
			snprintf(au->what, sizeof au->what, "streamed run %llu "
			    "with \"%s\", but ended on \"%s\" when the "
			    "auditor made that run again over the %s protocol",
			    (unsigned long long)k->run, streamed, replayed, how);
		else
			snprintf(au->what, sizeof au->what, "streamed run %llu, "
			    "but when the auditor made that run again over the "
			    "%s protocol: %s", (unsigned long long)k->run, how,
			    status == SA_ENONDET ? "it asked for other draws" :
			    sa_strerror(status));
		status = SA_EPROTO;
	}
	if (status == SA_OK && p->win->real_used)
		status = place_kept(in, n, sh, NULL, count, deck);
	/* The raw words' copies once every copy has counted (run_crew). */
	p->checks = status == SA_OK && p->win->raw_used;
	free(deck);
	return status;
}

/*
 * IN's count over the walk its program streams (the hello said so),
 * its runs made again in the auditor's odometer and counted here; then
 * runs of the auditor's choosing made again over the plain protocol,
 * or as plans where the program takes them.  SH is its exec shuffle,
 * whose name the census keeps.  An SA_ status, with the reason in IN's
 * report for SA_EPROTO.
 */
static int
stream_count(struct instance *in, size_t n, sa_shuffle *sh)
{
	struct proto *p = in->p;
	struct audit *au = &in->own;
	sa_shuffle stream, kept = *sh;
	sa_stream_opts so;
	int status, code = SA_OK;

	memset(&so, 0, sizeof so);
	so.from = p->from;
	so.timeout = au->timeout;
	so.deadline = au->deadline;
	so.max_draws = au->max_draws;
	so.after_run = au->part == 0 ? exec_ran : NULL;
	so.ctx = p;
	so.keep = STREAM_KEEP;
	so.keep_one_in = au->every;	/* --repeat: all, or 1/K; none: KEEP */
	so.seed = (uint64_t)(sa_clock() * 1e9) ^ (uint64_t)getpid() << 32 ^
	    au->part;
	/*
	 * The transcript in a pipe of 1 MiB where Linux allows it (its
	 * default is 64 KiB): the walk and the auditor wake each other a
	 * sixteenth as often.  Refused past the user's pages (many
	 * instances) or elsewhere, it stays as it was.
	 */
	(void)fcntl(p->from, F_SETPIPE_SZ, 1 << 20);
	if ((status = sa_stream_in_new(&so, n, &p->sin)) != SA_OK)
		return status;
	p->win = sa_stream_in_window(p->sin);
	sa_stream_in_shuffle(p->sin, &stream);
	sh->run = stream.run;
	sh->ctx = stream.ctx;
	status = run_count_job(au, sh, n, p->win, &in->job);
	sh->run = kept.run;
	sh->ctx = kept.ctx;
	if (status == SA_OK)
		status = sa_stream_in_finish(p->sin, &code, NULL, 0);
	if (status == SA_EPROTO)
		snprintf(au->what, sizeof au->what, "%s",
		    sa_stream_in_what(p->sin));
	if (status == SA_ENOTPERM || status == SA_ENONDET)
		deck_line(sa_stream_in_deck(p->sin), n, au->last_line,
		    sizeof au->last_line);
	if (status == SA_OK)
		status = replay_kept(in, n, sh);
	return status;
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
	sa_shuffle *sh = k == 0 ? &crew->au->shuffle : &in->sh;
	char walk[160];
	bool kept;

	walk_line(&in->own, crew->n, walk, sizeof walk);
	if (sa_exec_hello(in->p->ex, crew->n, crew->au->no_stream ? NULL :
	    walk)) {
		crew->au->streamed = in->own.streamed = true;
		in->own.raw_hello = true;
		in->status = stream_count(in, crew->n, sh);
	} else {
		in->own.raw_hello = sa_exec_raw_place(in->p->ex);
		/* Its runs kept, for its raw words' placements and, over
		 * plans, its reals'. */
		kept = in->p->recording = in->own.raw_hello || in->own.batch;
		run_walk_part(&in->own, &in->p->rec.part, &in->p->rec.parts);
		in->status = run_count_job(&in->own, sh, crew->n, in->p->win,
		    &in->job);
		in->p->recording = false;
		/* The protocol's reason, where the run broke it; the deck
		 * it ended on, where the engine found that wrong. */
		if (in->status == SA_EPROTO)
			snprintf(in->own.what, sizeof in->own.what, "%s",
			    sa_exec_what(in->p->ex));
		if (in->status == SA_ENOTPERM || in->status == SA_ENONDET)
			line_cut(sa_exec_line(in->p->ex), in->own.last_line,
			    sizeof in->own.last_line);
		/* Checked once every copy has counted (run_crew): the
		 * copies a check starts are forks, and a fork made while
		 * another copy walks holds memory only that walk names. */
		in->p->checks = in->status == SA_OK && kept &&
		    (in->p->win->raw_used || in->p->win->real_used);
	}
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
static int instance_exit(struct instance *in, double end_by);

static int
instance_end(struct instance *in, size_t n, double end_by)
{
	struct proto *p = in->p;
	struct audit *au = &in->own;
	int status = in->status, wst = 0;
	const char *left;

	/*
	 * A program that said nothing at all before its output closed may
	 * never have started (the shell exits 127 for a command it cannot
	 * find, 126 for one it cannot run): it is given --timeout seconds
	 * to exit, so its status can tell.  One that is silent but has not
	 * closed its output has had its --timeout already.  Then a broken
	 * program is stopped before it can see its input end.
	 */
	if (status == SA_EPROTO && sa_exec_lines(p->ex) == 0 &&
	    sa_exec_closed(p->ex))
		proc_wait_exit(p->pid, (double)au->timeout);
	left = proc_escape_text(status == SA_OK ? in->escaped :
	    proc_escaped(p->pid));
	/* A process it started that left its group, then was orphaned. */
	if (status == SA_OK && left == NULL && in->strays)
		left = proc_escape_text(PROC_CHILD_LEFT_GROUP);
	if (status == SA_OK && left != NULL) {
		proc_stop(p->pid, NULL);
		p->pid = 0;
		run_breach(au, SA_EPROTO, p->win, "%s", left);
		au->ndraws = 0;
		au->run = 0;
		return RUN_BREACH;
	}
	if (status != SA_OK) {
		proc_stop(p->pid, &wst);
		p->pid = 0;
	}
	if (p->to >= 0)
		close(p->to);
	p->to = -1;
	if (status == SA_EPROTO && sa_exec_lines(p->ex) == 0 &&
	    WIFEXITED(wst) &&
	    (WEXITSTATUS(wst) == 127 || WEXITSTATUS(wst) == 126)) {
		return run_refuse(au, "--exec %s: cannot start it (the shell says "
		    "%s, exit status %d)", au->shown, WEXITSTATUS(wst) == 127 ?
		    "not found" : "not executable", WEXITSTATUS(wst));
	}
	if (status == SA_EPROTO) {
		size_t len = strlen(au->what);

		if (left != NULL)
			snprintf(au->what + len, sizeof au->what - len, "; it "
			    "had %s, and was stopped by its pid", left);
		len = strlen(au->what);
		if (WIFSIGNALED(wst) && WTERMSIG(wst) == SIGSYS)
			snprintf(au->what + len, sizeof au->what - len, ": the "
			    "seccomp filter killed it at a call aimed at %s ("
			    RUN_FILTER_AIMS ") or made through another "
			    "architecture's calls (int 0x80)", RUN_NAME);
		len = strlen(au->what);
		/* A program that fails its first planned run may not plan. */
		if (au->batch && p->win->runs == 1)
			snprintf(au->what + len, sizeof au->what - len, " (with "
			    "--batch, a program must take the plan offered with "
			    "each run: see THE EXEC PROTOCOL)");
		run_breach(au, status, p->win, NULL);	/* the run said what */
		return RUN_BREACH;
	}
	if (status != SA_OK)
		return run_census_failed(au, status, p->win, n);
	return instance_exit(in, end_by);
}

/*
 * Instance IN counted well: its program must exit, with status 0, by
 * END_BY (one wait for every copy, their inputs closed together).
 */
static int
instance_exit(struct instance *in, double end_by)
{
	struct proto *p = in->p;
	struct audit *au = &in->own;
	const char *left;
	int wst = 0;

	if (!proc_wait_exit(p->pid, end_by > sa_clock() ? end_by -
	    sa_clock() : 0)) {
		left = proc_escape_text(proc_escaped(p->pid));
		proc_stop(p->pid, NULL);
		p->pid = 0;
		run_breach(au, SA_EPROTO, p->win, "did not exit within %u "
		    "second%s of its input closing%s%s, and was stopped",
		    au->timeout, au->timeout == 1 ? "" : "s",
		    left ? "; it had " : "", left ? left : "");
		au->ndraws = 0;
		au->run = 0;
		return RUN_BREACH;
	}
	proc_stop(p->pid, &wst);
	p->pid = 0;
	if (WIFSIGNALED(wst) && WTERMSIG(wst) == SIGSYS)
		run_breach(au, SA_EPROTO, p->win, "was killed after the last "
		    "run by the seccomp filter, at a call aimed at %s ("
		    RUN_FILTER_AIMS ") or made through another architecture's "
		    "calls (int 0x80)", RUN_NAME);
	else if (!WIFEXITED(wst) || WEXITSTATUS(wst) != 0)
		run_breach(au, SA_EPROTO, p->win, "exited with %s %d after the "
		    "last run", WIFEXITED(wst) ? "status" : "signal",
		    WIFEXITED(wst) ? WEXITSTATUS(wst) : WTERMSIG(wst));
	if (!WIFEXITED(wst) || WEXITSTATUS(wst) != 0) {
		au->ndraws = 0;
		au->run = 0;
		return RUN_BREACH;
	}
	return RUN_OK;
}

/*
 * The instances' counts added up into JOB; false when they could not be
 * (AU's error says why).
 */
static bool
gather(struct crew *crew, struct audit *au, struct job *job)
{
	struct job *first = &crew->at[0].job;
	int status = SA_OK;

	for (unsigned k = 1; k < crew->count && status == SA_OK; k++)
		status = job->depth == 0 ?
		    sa_census_merge(first->census, crew->at[k].job.census) :
		    sa_layers_merge(first->layers, crew->at[k].job.layers);
	if (status != SA_OK) {
		run_refuse(au, "--exec: the counts of the %u instances could not "
		    "be added up: %s", crew->count, sa_strerror(status));
		return false;
	}
	*job = *first;
	first->census = NULL;
	first->layers = NULL;
	return true;
}

/*
 * The meter's stop: every copy's walk stops before its next run, each
 * copy told why (its report is its own).
 */
static void
stop_crew(void *ctx)
{
	struct crew *crew = ctx;

	for (unsigned k = 0; k < crew->count; k++) {
		memcpy(crew->at[k].own.too_long, crew->au->too_long,
		    sizeof crew->au->too_long);
		if (crew->at[k].p != NULL && crew->at[k].p->win != NULL)
			crew->at[k].p->win->stop = true;
	}
}

/* Runs the instances of CREW, side by side when there are several. */
static void
run_crew(struct crew *crew)
{
	unsigned started = 0;
	struct meter *m = &crew->at[0].p->meter;

	run_meter_start(m, crew->au, crew->n);
	m->stop = stop_crew;
	m->stop_ctx = crew;
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
	/* The kept runs of walks not streamed, copy by copy in order: the
	 * lowest that fails is the one reported. */
	for (unsigned k = 0; k < crew->count; k++) {
		struct instance *in = &crew->at[k];

		if (in->status != SA_OK)
			break;
		if (in->p->checks)
			in->status = recorded_check(in, crew->n, k == 0 ?
			    &crew->au->shuffle : &in->sh);
	}
	run_meter_end(m);
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
	memcpy(au->error, in->own.error, sizeof au->error);
	au->timed_out = au->timed_out || in->own.timed_out;
	au->raw_model = in->own.raw_model;
}

/*
 * Every instance of CREW ends, in order, and the first failure stands
 * (its report taken into AU); else their counts into JOB.  Where each
 * one's processes were is noted before any input closes (what a
 * program does at its end is then told apart); those that counted have
 * their inputs closed at once and share one --timeout to exit (not one
 * each), cut at the audit's deadline.  An exit status.
 */
static int
end_crew(struct crew *crew, struct audit *au, size_t n, struct job *job)
{
	double end_by = sa_clock() + (double)au->timeout;
	unsigned k, chosen = crew->count;
	int exit_status = RUN_OK;

	if (au->deadline > 0 && au->deadline < end_by)
		end_by = au->deadline;
	for (k = 0; k < crew->count; k++) {
		crew->at[k].escaped = proc_escaped(crew->at[k].p->pid);
		crew->at[k].strays = guard_strays();
	}
	for (k = 0; k < crew->count; k++)
		if (crew->at[k].status == SA_OK && crew->at[k].p->to >= 0) {
			close(crew->at[k].p->to);
			crew->at[k].p->to = -1;
		}
	for (k = 0; k < crew->count; k++) {
		int e = instance_end(&crew->at[k], n, end_by);

		if (e != RUN_OK && chosen == crew->count) {
			chosen = k;
			exit_status = e;
		}
	}
	if (chosen < crew->count)
		take_report(au, &crew->at[chosen]);
	else if (!gather(crew, au, job))
		exit_status = RUN_REFUSED;
	return exit_status;
}

/* The wide keys program EX declared, into AU's, over every copy. */
static void
keys_of(struct audit *au, const sa_exec *ex)
{
	uint64_t width, reals;

	sa_exec_keys(ex, &width, &reals);
	if (width != 0 && (au->key_width == 0 || width < au->key_width))
		au->key_width = width;
	if (reals > au->key_reals)
		au->key_reals = reals;
}

static int
exec_count(struct audit *au, size_t n, struct job *job)
{
	struct crew crew = { NULL, au->instances ? au->instances : 1, n, au,
	    PTHREAD_MUTEX_INITIALIZER, 0 };
	struct sigaction ign, old;
	int exit_status = RUN_OK, status;
	unsigned k;

	if ((status = startable(au->command)) != 0) {
		return run_refuse(au, "--exec %s: cannot start it: %s", au->shown,
		    status == 127 ? "no such command" : "not an executable file");
	}
	crew.failed = crew.count;
	au->crew = &crew;
	au->what[0] = '\0';
	/* The census names the audit's own shuffle, which outlives us. */
	au->shuffle.ctx = NULL;	/* each copy's protocol, from the start */
	if ((crew.at = calloc(crew.count, sizeof *crew.at)) == NULL) {
		return run_refuse(au, "--exec: out of memory");
	}
	/* A program that dies must not take this process with SIGPIPE. */
	memset(&ign, 0, sizeof ign);
	ign.sa_handler = SIG_IGN;
	sigemptyset(&ign.sa_mask);
	sigaction(SIGPIPE, &ign, &old);
	/* The stop signals are caught before the probe of protections
	 * forks its child, so that a signal sent once a child exists is
	 * always ours to handle (C leaves the order of | to the compiler). */
	au->protections = guard_watch();
	proc_probe();
	for (k = 0; k < crew.count; k++)
		if (!instance_start(&crew, k))
			break;
	/* The probe's child ran while the programs started; it is reaped
	 * before any process of theirs is looked for. */
	au->protections |= proc_protections();
	if (k < crew.count) {
		run_refuse(au, "--exec: cannot start %s: %s", au->shown,
		    crew.at[k].p == NULL || errno == ENOMEM ? "out of memory" :
		    strerror(errno));
		exit_status = RUN_REFUSED;
	} else {
		guard_group(crew.at[0].p->pid);	/* the others by their groups */
		run_crew(&crew);
		exit_status = end_crew(&crew, au, n, job);
	}
	for (k = 0; k < crew.count; k++) {
		if (crew.at[k].p != NULL && crew.at[k].p->pid > 0)
			proc_stop(crew.at[k].p->pid, NULL);
		au->placed_kept += crew.at[k].own.placed_kept;
		if (crew.at[k].p != NULL && crew.at[k].p->win != NULL) {
			au->raw_used = au->raw_used || crew.at[k].p->win->raw_used;
			au->raw_placed += crew.at[k].own.raw_placed;
			au->raw_untold = au->raw_untold ||
			    crew.at[k].own.raw_untold;
			au->raw_sampled = au->raw_sampled ||
			    crew.at[k].own.raw_sampled;
			au->raw_hello = au->raw_hello ||
			    crew.at[k].own.raw_hello;
			/* The first proposal of cells, by the copies' order. */
			if (au->edge_cells == 0)
				au->edge_cells = crew.at[k].own.edge_cells ?
				    crew.at[k].own.edge_cells :
				    crew.at[k].p->win->edge_cells;
			au->real_used = au->real_used ||
			    crew.at[k].p->win->real_used;
		}
		if (crew.at[k].p != NULL && crew.at[k].p->ex != NULL)
			keys_of(au, crew.at[k].p->ex);
		instance_free(&crew.at[k]);
	}
	guard_group(0);
	guard_release();
	au->shuffle.ctx = NULL;	/* its protocol state is gone */
	sigaction(SIGPIPE, &old, NULL);
	pthread_mutex_destroy(&crew.lock);
	free(crew.at);
	au->crew = NULL;
	return exit_status;
}


/* A program's second models are cheap enough at fewer runs: a round
 * trip a run, or a tenth of it under --batch. */
static double
exec_bias_runs(const struct audit *au)
{
	return au->batch ? RUN_BIAS_BATCH_RUNS : RUN_BIAS_EXEC_RUNS;
}

const struct run_ops run_exec_ops = { "--exec", exec_count, exec_bias_runs };
