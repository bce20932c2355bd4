/*
 * exec.c - the exec protocol, the auditor's side: a program in any
 * language, spoken to over its standard input and output one line at a
 * time (shuffle-audit(1), THE EXEC PROTOCOL), as a shuffle the replay
 * engine runs.  Each run of the engine is one exchange: "shuffle N" (or,
 * batched, the run's plan of draws), then the program's requests, each
 * answered from the odometer, and its deck.  Every read and write has a
 * deadline (the timeout), the program's input is written without
 * blocking, and a line that breaks the protocol is quoted in the reason
 * the run is failed with.  Starting, watching and stopping the program is
 * the caller's: this file sees two descriptors.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "shuffle_audit.h"
#include "shuffle_audit_audit.h"
#include "internal.h"

struct sa_exec {
	sa_exec_opts o;
	char buf[1 << 16];
	size_t at, have;	/* BUF's bytes not yet taken: AT to HAVE */
	uint64_t lines;		/* lines read so far */
	sa_replay_window win;	/* this program's odometer */
	char line[1 << 16];
	char *plan;		/* batched: the line that offers a plan */
	size_t plan_cap;
	/* The plan in PLAN: its cards (0: none yet), each draw's bound and
	 * value, and where its words end in PLAN (PLAN_ENDS), PLAN_LAST of
	 * them, so that the next plan, mostly the same, is written from
	 * where they differ; their room, PLAN_ROOM. */
	size_t plan_n, plan_last, plan_room, *plan_ends;
	uint64_t *plan_k, *plan_v;
	uint64_t drain;		/* the state of the answers past the depth */
	bool closed;		/* the program closed its output */
	bool late;		/* a wait met the deadline, not the timeout */
	/* The run's end by the timeout, from its first wait (run_begun);
	 * 0: none yet. */
	double run_until;
	uint64_t run_lines;	/* LINES when the run began */
	/* The hello (sa_exec_hello) sent the first run's line; LINE holds
	 * its first answer (HELD), or the hello's read failed (FAILED). */
	bool sent, held, failed;
	bool plans;		/* its hello said it takes plans on replays */
	bool raw_place;		/* and that it places raw words as told */
	/*
	 * Plans queued (sa_exec_queue) for the runs to come, in order: the
	 * first WRITTEN of RUNS written, the rest's AHEAD_LEN bytes in AHEAD,
	 * not yet.  OWED is the bytes of the plans of all of them, held
	 * within WINDOW (sa_exec_ahead); LENS, a ring of ring_cap from
	 * HEAD, each one's length.
	 */
	char *ahead;
	size_t ahead_len, ahead_cap, runs, written, owed, window;
	size_t *lens, ring_cap, head;
	char what[512];		/* why the last run failed */
	/* Wide keys ("key K" lines, sa_exec_keys): the narrowest width
	 * declared (0: none), the most reals of a run that declared one,
	 * and the reals of the run going on. */
	uint64_t key_width, key_reals, run_reals;
	/* The deck the run that ended last landed on, while AFTER_RUN is
	 * told of it (sa_exec_deck); NULL outside. */
	const unsigned *deck;
};

/* What a line from the program asks for. */
enum request { REQ_DRAW, REQ_RAW, REQ_REAL, REQ_DECK, REQ_ASKED };

/* The contract breach of a bound past SA_DRAW_MAX, in words. */
#define BAD_BOUND "asked for a draw below 0 or above 2^32, or a raw word " \
	"wider than 32 bits"

/*
 * No whole line came within WAIT seconds: why, in P->what.  A program
 * that has written nothing yet, or part of a line, is most likely
 * holding its output in a buffer, and is told how to flush it.
 */
static void
no_answer(struct sa_exec *p, unsigned wait)
{
	static const char fix[] = "flush each line (Python: print(..., "
	    "flush=True); Node: fs.writeSync(1, line + '\\n'); Java: "
	    "System.out.flush(); C: fflush(stdout))";
	char cut[64];
	size_t len = p->have - p->at < 60 ? p->have - p->at : 60;

	memcpy(cut, p->buf + p->at, len);
	cut[len] = '\0';
	if (memchr(cut, '\0', len) != NULL)
		len = strlen(cut);
	if (p->have > p->at)
		snprintf(p->what, sizeof p->what, "wrote \"%s\" with no newline "
		    "for %u second%s: a line ends with one, and must be flushed: "
		    "%s", cut, wait, wait == 1 ? "" : "s", fix);
	else if (p->lines == 0)
		snprintf(p->what, sizeof p->what, "gave no answer within %u "
		    "second%s and has written nothing: if its output is "
		    "buffered, %s", wait, wait == 1 ? "" : "s", fix);
	else
		snprintf(p->what, sizeof p->what, "gave no answer within %u "
		    "second%s", wait, wait == 1 ? "" : "s");
}

/* P's run took the timeout WAIT, its lines each within it. */
static void
run_over(struct sa_exec *p, unsigned wait)
{
	snprintf(p->what, sizeof p->what, "took more than %u second%s over "
	    "one run (--timeout bounds a whole run, not only each line)",
	    wait, wait == 1 ? "" : "s");
}

/*
 * A wait of P's run begins at NOW: the run's clock starts at the first.
 * Until then the auditor only took lines the program had written, and
 * did not read the clock, a cost of every run made again where most
 * runs' lines are all there.
 */
static void
run_begun(struct sa_exec *p, double now)
{
	if (p->run_until == 0 && p->o.timeout > 0)
		p->run_until = now + (double)p->o.timeout;
}

/*
 * The next line into P->line; false (with P->what) when there is none.
 * Each answer may take the timeout, the first (the program's start-up)
 * as well, and so may a whole run (P->run_until).
 */
static bool
read_line(struct sa_exec *p)
{
	unsigned wait = p->o.timeout;
	double until = -1;	/* the clock is read when a wait begins */

	for (;;) {
		char *nl = memchr(p->buf + p->at, '\n', p->have - p->at);
		struct pollfd pfd = { p->o.from, POLLIN, 0 };
		double left;
		ssize_t got;

		if (nl != NULL) {
			size_t len = (size_t)(nl - p->buf) - p->at;

			memcpy(p->line, p->buf + p->at, len);
			p->line[len] = '\0';
			if (memchr(p->line, '\0', len) != NULL) {
				snprintf(p->what, sizeof p->what, "broke "
				    "the protocol at line %llu: it holds a NUL "
				    "byte", (unsigned long long)p->lines + 1);
				return false;
			}
			if (len > 0 && p->line[len - 1] == '\r')
				p->line[len - 1] = '\0';
			/* Taken from the front; the rest moves there only
			 * when more must be read (below), not a line at a
			 * time. */
			p->at += len + 1;
			p->lines++;
			return true;
		}
		if (p->at > 0) {
			memmove(p->buf, p->buf + p->at, p->have - p->at);
			p->have -= p->at;
			p->at = 0;
		}
		if (p->have == sizeof p->buf) {
			snprintf(p->what, sizeof p->what, "wrote a line "
			    "longer than %zu bytes", sizeof p->buf);
			return false;
		}
		if (until < 0) {
			double now = sa_clock();

			run_begun(p, now);
			until = now + (double)wait;
			if (p->run_until > 0 && p->run_until < until)
				until = p->run_until;
		}
		left = until - sa_clock();
		/* The audit's deadline holds while the program is silent. */
		if (p->o.deadline > 0 && p->o.deadline < until &&
		    sa_clock() >= p->o.deadline) {
			p->late = true;
			snprintf(p->what, sizeof p->what, "was stopped at the "
			    "time limit");
			return false;
		}
		if (p->o.deadline > 0 && p->o.deadline - sa_clock() < left)
			left = p->o.deadline - sa_clock() + 0.001;
		if (left <= 0) {
			/* A run silent since it began gave no answer; one
			 * that answered, slowly, took too long. */
			if (p->run_until > 0 && until == p->run_until &&
			    p->lines > p->run_lines)
				run_over(p, wait);
			else
				no_answer(p, wait);
			return false;
		}
		if (poll(&pfd, 1, (int)(left * 1000) + 1) < 0) {
			if (errno == EINTR)
				continue;
			snprintf(p->what, sizeof p->what, "poll: %s",
			    strerror(errno));
			return false;
		}
		if (pfd.revents == 0)
			continue;
		got = read(p->o.from, p->buf + p->have, sizeof p->buf - p->have);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0) {
			p->closed = true;
			snprintf(p->what, sizeof p->what, "%s", p->have ?
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
gone(struct sa_exec *p, double until)
{
	char sink[4096];

	for (;;) {
		struct pollfd pfd = { p->o.from, POLLIN, 0 };
		double left = until - sa_clock();
		ssize_t got;

		if (left <= 0 || poll(&pfd, 1, (int)(left * 1000) + 1) == 0)
			break;
		got = read(p->o.from, sink, sizeof sink);
		if (got == 0 || (got < 0 && errno != EINTR &&
		    errno != EAGAIN)) {
			snprintf(p->what, sizeof p->what, "exited, or "
			    "closed its output, in the middle of a run");
			return;
		}
	}
	snprintf(p->what, sizeof p->what, "stopped reading its "
	    "input (%s)", strerror(EPIPE));
}

/*
 * LEN bytes at AT to the program.  Its input is non-blocking, so a
 * program that stops reading cannot hold us: a full pipe is waited on
 * for the timeout, like an answer.
 */
static bool
send_text(struct sa_exec *p, const char *at, size_t len)
{
	double until = -1;	/* the clock is read when a wait begins */

	while (len > 0) {
		ssize_t put = write(p->o.to, at, len);
		struct pollfd pfd = { p->o.to, POLLOUT, 0 };
		double left;

		if (put > 0) {
			at += put;
			len -= (size_t)put;
			continue;
		}
		if (put < 0 && errno == EINTR)
			continue;
		if (until < 0) {
			until = sa_clock() + (double)p->o.timeout;
			run_begun(p, until - (double)p->o.timeout);
		}
		if (put < 0 && errno == EPIPE) {
			gone(p, until);
			return false;
		}
		if (put < 0 && errno != EAGAIN && errno != EWOULDBLOCK) {
			snprintf(p->what, sizeof p->what, "stopped "
			    "reading its input (%s)", strerror(errno));
			return false;
		}
		left = until - sa_clock();
		if (left <= 0) {
			snprintf(p->what, sizeof p->what, "stopped "
			    "reading its input: nothing was taken for %u "
			    "second%s", p->o.timeout,
			    p->o.timeout == 1 ? "" : "s");
			return false;
		}
		if (poll(&pfd, 1, (int)(left * 1000) + 1) < 0 &&
		    errno != EINTR) {
			snprintf(p->what, sizeof p->what, "poll: %s",
			    strerror(errno));
			return false;
		}
	}
	return true;
}

/* PREFIX (may be "") and V as one line to the program. */
static bool
send_line(struct sa_exec *p, const char *prefix, unsigned long long v)
{
	char out[64];
	int len = snprintf(out, sizeof out, "%s%llu\n", prefix, v);

	return send_text(p, out, (size_t)len);
}

/* V in decimal at OUT (room for 20 digits); the digits written. */
static size_t
put_decimal(char *out, uint64_t v)
{
	char digits[20];
	size_t k = 0;

	if (v < 10) {	/* a plan's bounds and values, mostly */
		out[0] = (char)('0' + v);
		return 1;
	}
	do {
		digits[k++] = (char)('0' + v % 10);
		v /= 10;
	} while (v != 0);
	for (size_t i = 0; i < k; i++)
		out[i] = digits[k - 1 - i];
	return k;
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
proto_fail(struct sa_exec *p, sa_oracle *o, const char *fmt, ...)
{
	va_list ap;

	if (fmt != NULL) {
		va_start(ap, fmt);
		vsnprintf(p->what, sizeof p->what, fmt, ap);
		va_end(ap);
	}
	/* The auditor's own end of the run: does not return. */
	sa_oracle_break(o, p->late ? SA_ETIME : SA_EPROTO);
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


/* The deck of N cards after "deck" at S into DECK (P's line, for errors). */
static void
parse_deck(struct sa_exec *p, sa_oracle *o, const char *s, unsigned *deck,
    size_t n)
{
	const char *end;
	char cut[64];
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
	proto_fail(p, o, "broke the protocol at line %llu, \"%s\": the deck "
	    "should be %zu whole numbers", (unsigned long long)p->lines,
	    excerpt(p->line, cut), n);
}

/*
 * "error WHY": the program gives the run up, saying why (a harness that
 * will not answer a call in the mode it runs in, say): the report quotes
 * WHY, its first 300 bytes.  Does not return.
 */
static void
gave_up(struct sa_exec *p, sa_oracle *o, const char *why)
{
	size_t len = strlen(why);

	if (len > 300) {
		len = 300;
		while (len > 0 && ((unsigned char)why[len] & 0xc0) == 0x80)
			len--;
	}
	proto_fail(p, o, "gave the run up at line %llu: \"%.*s\"",
	    (unsigned long long)p->lines, (int)len, why);
}

/*
 * "key K" in S: the reals the run took so far include keys the program
 * made as floor(u K) (a wide integer with no bound, served as a real
 * scaled), which tie with odds 1/K where the census's reals never do.
 * It answers nothing; the narrowest K and the most reals of a run that
 * said it are kept for sa_exec_keys.
 */
static void
key_line(struct sa_exec *p, sa_oracle *o, const char *s)
{
	char cut[64];
	const char *end;
	uint64_t k;

	if (!number(s + 4, &end, &k) || *end != '\0' || k < 2)
		proto_fail(p, o, "broke the protocol at line %llu, \"%s\": a "
		    "key's width is a whole number from 2 to 2^64 - 1",
		    (unsigned long long)p->lines, excerpt(s, cut));
	if (p->key_width == 0 || k < p->key_width)
		p->key_width = k;
	if (p->run_reals > p->key_reals)
		p->key_reals = p->run_reals;
}

/*
 * The program's next line: a draw below *BOUND, a raw word, its deck
 * (into DECK), or (--batch) the draws of the plan it used, left in
 * P->line.  A line that is none of these does not return.
 */
static enum request
request(struct sa_exec *p, sa_oracle *o, unsigned *deck, size_t n,
    uint64_t *bound)
{
	char cut[64];
	const char *s, *end;

again:
	if (p->failed || (!p->held && !read_line(p)))
		proto_fail(p, o, NULL);
	p->held = p->failed = false;
	s = p->line;
	if (strncmp(s, "key ", 4) == 0) {
		key_line(p, o, s);
		goto again;
	}
	if (s[0] == 'a' && p->o.batch && strncmp(s, "asked", 5) == 0 &&
	    (s[5] == ' ' || s[5] == '\0'))
		return REQ_ASKED;	/* --batch's line a run, first */
	if (strncmp(s, "draw ", 5) == 0) {
		if (!number(s + 5, &end, bound) || *end != '\0')
			proto_fail(p, o, "broke the protocol at line %llu, "
			    "\"%s\": the bound is not a whole number",
			    (unsigned long long)p->lines, excerpt(s, cut));
		return REQ_DRAW;
	}
	if (strncmp(s, "error", 5) == 0 && (s[5] == ' ' || s[5] == '\0'))
		gave_up(p, o, s + 5 + (s[5] == ' '));
	if (strcmp(s, "raw") == 0)
		return REQ_RAW;
	if (strcmp(s, "real") == 0) {
		p->run_reals++;
		return REQ_REAL;
	}
	if (strncmp(s, "deck", 4) == 0 && (s[4] == ' ' || s[4] == '\0')) {
		parse_deck(p, o, s + 4, deck, n);
		return REQ_DECK;
	}
	proto_fail(p, o, "broke the protocol at line %llu, \"%s\": expected "
	    "\"draw K\", \"raw\", \"real\"%s or \"deck ...\"",
	    (unsigned long long)p->lines, excerpt(s, cut),
	    p->o.batch ? ", \"asked ...\"" : "");
	return REQ_DECK;	/* not reached */
}

/* The next answer past the depth: splitmix64 (Steele, Lea, Flood 2014). */
static uint64_t
drain_next(struct sa_exec *p)
{
	uint64_t z = (p->drain += UINT64_C(0x9E3779B97F4A7C15));

	z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
	return z ^ (z >> 31);
}

/* Value V of a draw of kind KIND (below BOUND) to the program. */
static bool
send_value(struct sa_exec *p, enum request kind, uint64_t v, uint64_t bound)
{
	char text[40];

	if (kind != REQ_REAL)
		return send_line(p, "", (unsigned long long)v);
	sa_real_text(v, bound, text, sizeof text);
	return send_text(p, text, strlen(text));
}

/*
 * The bound a request of KIND asks the odometer for: a raw word's is
 * 2^B, a real's the cells M, a draw's its own (*BOUND, checked).
 */
static uint64_t
bound_of(struct sa_exec *p, sa_oracle *o, enum request kind, uint64_t bound)
{
	if (kind == REQ_RAW)
		return UINT64_C(1) << p->o.raw_bits;
	if (kind == REQ_REAL)
		return p->o.real_cells;
	if (bound == 0 || bound > SA_DRAW_MAX)
		proto_fail(p, o, "%s", BAD_BOUND);
	return bound;
}

/*
 * The run has reached the depth of the census by layers, and asks for
 * one draw more (of KIND, below BOUND): the rest of it is not counted,
 * but the program must finish the run before the next can start.  So
 * its draws from here on are answered by a generator of our own (any
 * answers do, since nothing past the depth is counted; a rejection loop
 * ends soon on varied ones), at most --max-draws of them, and its deck
 * is dropped.
 */
static void
drain(struct sa_exec *p, sa_oracle *o, enum request kind, uint64_t bound,
    unsigned *deck, size_t n)
{
	for (size_t extra = 0;; extra++) {
		if (extra == p->o.max_draws)
			proto_fail(p, o, "went on drawing past the depth of the "
			    "census by layers: %zu draws more in one run "
			    "(--max-draws) without an end", extra);
		if (!send_value(p, kind, drain_next(p) % bound, bound))
			proto_fail(p, o, NULL);
		kind = request(p, o, deck, n, &bound);
		if (kind == REQ_DECK)
			return;
		if (kind == REQ_ASKED)
			proto_fail(p, o, "broke the protocol at line %llu: "
			    "\"asked\" comes once in a run, first",
			    (unsigned long long)p->lines);
		bound = bound_of(p, o, kind, bound);
	}
}

/*
 * The draws the next real takes from the odometer O (the replay
 * engine's scripted oracle, which a program is run under): 1, or 2 when
 * its cell holds earlier reals of the run; the place draw's bound into
 * *PLACE (0: none, and always under another oracle).
 */
static size_t
real_draws(sa_oracle *o, uint64_t *place)
{
	const sa_script *s = sa_script_of(o);

	*place = s != NULL ? sa_script_real_place(s) : 0;
	return *place != 0 ? 2 : 1;
}

/* A draw of KIND (below BOUND) from the odometer; the answer sent. */
static void
answer(struct sa_exec *p, sa_oracle *o, enum request kind, uint64_t bound,
    unsigned *deck, size_t n)
{
	uint64_t v;
	char text[40];

	/* Past the depth (which counts the code's own draws, a real's place
	 * not among them): the scripted oracle cuts the run there. */
	if (p->o.depth != 0 && (sa_script_of(o) != NULL ?
	    sa_script_requests(sa_script_of(o)) : p->win.pos) == p->o.depth &&
	    (kind != REQ_DRAW || (bound > 0 && bound <= SA_DRAW_MAX)))
		drain(p, o, kind, bound_of(p, o, kind, bound), deck, n);
	/* A run made again strictly that goes another way (its reals placed
	 * elsewhere in their cells, or randomness of its own): finished
	 * with answers of our own, so that the next run starts in step,
	 * and then ended as the strict replay would have ended it. */
	if (sa_script_of(o) != NULL && (kind != REQ_DRAW || (bound > 0 &&
	    bound <= SA_DRAW_MAX)) && !sa_script_expects(sa_script_of(o),
	    bound_of(p, o, kind, bound))) {
		drain(p, o, kind, bound_of(p, o, kind, bound), deck, n);
		sa_oracle_break(o, SA_ENONDET);
	}
	if (kind == REQ_REAL) {
		snprintf(text, sizeof text, "%.17g\n", sa_real(o));
		if (!send_text(p, text, strlen(text)))
			proto_fail(p, o, NULL);
		return;
	}
	v = kind == REQ_RAW ? sa_word(o) : sa_draw(o, bound);
	if (!send_value(p, kind, v, 0))
		proto_fail(p, o, NULL);
}

/*
 * The line that offers a run of N cards its draws, VAL below BOUND (LEN
 * of them, then 0 for each draw to LAST), into P->plan; its length, or
 * 0 out of memory.
 */
static size_t
format_plan(struct sa_exec *p, size_t n, const uint64_t *val,
    const uint64_t *bound, size_t len, size_t last)
{
	size_t need = 48 + 42 * last, at, i = 0;

	if (need > p->plan_cap) {
		char *grown = realloc(p->plan, need);

		if (grown == NULL)
			return 0;
		p->plan = grown;
		p->plan_cap = need;
	}
	if (last > p->plan_room) {
		size_t room = 2 * last, *ends;
		uint64_t *k, *v;

		p->plan_n = 0;	/* what PLAN holds is not known past here */
		if ((ends = realloc(p->plan_ends, room * sizeof *ends)) == NULL)
			return 0;
		p->plan_ends = ends;
		if ((k = realloc(p->plan_k, room * sizeof *k)) == NULL)
			return 0;
		p->plan_k = k;
		if ((v = realloc(p->plan_v, room * sizeof *v)) == NULL)
			return 0;
		p->plan_v = v;
		p->plan_room = room;
	}
	/*
	 * Digits by hand: sprintf was half the auditor's own time a run.  The
	 * draws the plan before offered the same are its words again (the
	 * runs made again after a walk come in the odometer's order, and
	 * each differs from the one before at its end).
	 */
	if (p->plan_n == n && n > 0)
		while (i < last && i < p->plan_last && p->plan_k[i] ==
		    sa_bound_of(bound[i]) && p->plan_v[i] == (i < len ? val[i] :
		    0))
			i++;
	if (i > 0) {
		at = p->plan_ends[i - 1];
	} else {
		memcpy(p->plan, "shuffle ", 8);
		at = 8 + put_decimal(p->plan + 8, n);
		memcpy(p->plan + at, " plan", 5);
		at += 5;
	}
	for (; i < last; i++) {
		uint64_t k = sa_bound_of(bound[i]), v = i < len ? val[i] : 0;

		p->plan[at++] = ' ';
		at += put_decimal(p->plan + at, k);
		p->plan[at++] = ':';
		at += put_decimal(p->plan + at, v);
		p->plan_k[i] = k;
		p->plan_v[i] = v;
		p->plan_ends[i] = at;
	}
	p->plan_n = n;
	p->plan_last = last;
	p->plan[at++] = '\n';
	return at;
}

/*
 * --batch: the run's first line, "shuffle N plan K:V ...", offers the
 * odometer's plan (see sa_replay_window): the draws it replays, then
 * 0 for each draw the run before made after them, below the bound that
 * run asked.  No further than the depth or --max-draws.
 */
static void
send_plan(struct sa_exec *p, sa_oracle *o, size_t n)
{
	const sa_replay_window *w = &p->win;
	size_t cap = p->o.depth ? p->o.depth : p->o.max_draws;
	size_t last = w->last < cap ? w->last : cap;
	size_t at = format_plan(p, n, w->val, w->bound, w->len, last);

	if (at == 0)
		proto_fail(p, o, "could not be sent its plan: out of memory");
	if (!send_text(p, p->plan, at))
		proto_fail(p, o, NULL);
}

/* The plan's draws a word of "asked" took: 2 for a real with a place. */
static size_t
real_draws_taken(uint64_t place)
{
	return place != 0 ? 2 : 1;
}

/*
 * --batch: the "asked" line in P->line, each word the bound of a draw of
 * the plan the program used, "raw" or "real", in order: each must be the
 * plan's, and is taken from the odometer as if asked for then.  A real
 * takes its cell and, when the cell holds earlier reals of the run, its
 * place: both must be in the plan.
 */
static void
take_asked(struct sa_exec *p, sa_oracle *o)
{
	const sa_replay_window *w = &p->win;
	size_t cap = p->o.depth ? p->o.depth : p->o.max_draws;
	size_t last = w->last < cap ? w->last : cap;
	const char *s = p->line + 5, *end;
	uint64_t raw_bound = UINT64_C(1) << p->o.raw_bits, place = 0;

	for (size_t at = 0; *s != '\0'; at += real_draws_taken(place)) {
		/* a bound's first digit settles it without a comparison */
		bool word = s[0] == ' ' && s[1] == 'r';
		bool raw = word && strncmp(s, " raw", 4) == 0 &&
		    (s[4] == ' ' || s[4] == '\0');
		bool real = word && strncmp(s, " real", 5) == 0 &&
		    (s[5] == ' ' || s[5] == '\0');
		uint64_t k = raw ? raw_bound : p->o.real_cells;

		place = 0;
		if (raw || real)
			end = s + (raw ? 4 : 5);
		else if (*s != ' ' || !number(s + 1, &end, &k) ||
		    (*end != ' ' && *end != '\0'))
			proto_fail(p, o, "broke the protocol at line %llu: "
			    "\"asked\" should be followed by bounds, \"raw\" or "
			    "\"real\"", (unsigned long long)p->lines);
		if (at >= last || sa_bound_of(w->bound[at]) != k)
			proto_fail(p, o, "broke the protocol at line %llu: draw "
			    "%zu of its plan was %s, but it says it used one "
			    "below %llu", (unsigned long long)p->lines, at + 1,
			    at >= last ? "not offered" : "of another bound",
			    (unsigned long long)k);
		if (real && real_draws(o, &place) == 2 &&
		    (at + 1 >= last || sa_bound_of(w->bound[at + 1]) != place))
			proto_fail(p, o, "broke the protocol at line %llu: the "
			    "real it took as draw %zu of its plan falls in a "
			    "cell with %llu earlier real%s of the run, so its "
			    "place among them, a draw below %llu, is draw %zu, "
			    "which the plan %s", (unsigned long long)p->lines,
			    at + 1, (unsigned long long)place - 1,
			    place == 2 ? "" : "s", (unsigned long long)place,
			    at + 2, at + 1 >= last ? "did not offer" :
			    "offered with another bound");
		p->run_reals += real;
		if (raw)
			(void)sa_word(o);
		else if (real)
			(void)sa_real(o);
		else
			(void)sa_draw(o, k);
		s = end;
	}
}

/*
 * A run whose plan was queued begins: the plans not yet written go, when
 * its own is among them or they fill half the window, in one write.
 * Every plan written is one the program has yet to answer, and all of
 * them stay within the window, which the caller vouches its input's
 * pipe holds: so the write never waits on a program that is itself
 * waiting to be read, and the program has half a window of runs to
 * make while the auditor checks the others.
 */
static void
send_queued(struct sa_exec *p, sa_oracle *o)
{
	size_t len = p->ahead_len;

	if (len == 0 || (p->written > 0 && 2 * len < p->window))
		return;
	p->ahead_len = 0;
	p->written = p->runs;
	if (!send_text(p, p->ahead, len))
		proto_fail(p, o, NULL);
}

static void
exec_run(const sa_shuffle *sh, unsigned *deck, size_t n, sa_oracle *o)
{
	struct sa_exec *p = sh->ctx;
	uint64_t bound = 0;
	enum request req;

	/* The cells the program was told of are the cells its reals draw. */
	o->real_cells = p->o.real_cells;
	p->run_reals = 0;
	p->run_until = 0;	/* from its first wait, if any */
	p->run_lines = p->lines;

	if (p->sent) {
		p->sent = false;	/* the hello sent it */
	} else if (p->o.batch && p->runs > 0) {
		send_queued(p, o);	/* this run's plan is the queue's first */
	} else if (p->o.batch) {
		send_plan(p, o, n);
	} else if (!send_line(p, "shuffle ", (unsigned long long)n)) {
		proto_fail(p, o, NULL);
	}
	if (p->o.batch) {
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
		answer(p, o, req, bound, deck, n);
	}
	if (p->runs > 0) {	/* its plan is answered */
		p->owed -= p->lens[p->head];
		p->head = (p->head + 1) % p->ring_cap;
		p->runs--;
		p->written--;
	}
	/* The run's draws are all in the odometer now. */
	if (p->o.after_run != NULL) {
		p->deck = deck;
		p->o.after_run(p->o.ctx, &p->win);
		p->deck = NULL;
	}
}


/*
 * The hello's words after "stream ": "1", then any of "plan" (the runs
 * made again after the walk may be offered as plans, several in one
 * write: sa_exec_queue) and "raw-place" (it embeds raw words in wider
 * ones as SHUFFLE_AUDIT_RAW_PLACE says), each once.  False for another
 * version or a word not known, whose stream is declined.
 */
static bool
hello_words(sa_exec *p, const char *s)
{
	bool plans = false, raw_place = false;

	if (strncmp(s, "1", 1) != 0 || (s[1] != '\0' && s[1] != ' '))
		return false;
	for (s++; *s == ' '; ) {
		size_t len = strcspn(++s, " ");

		if (len == 4 && strncmp(s, "plan", 4) == 0 && !plans)
			plans = true;
		else if (len == 9 && strncmp(s, "raw-place", 9) == 0 &&
		    !raw_place)
			raw_place = true;
		else
			return false;
		s += len;
	}
	if (*s != '\0')
		return false;
	p->plans = plans;
	p->raw_place = raw_place;
	return true;
}

bool
sa_exec_raw_place(const sa_exec *p)
{
	return p->raw_place;
}

const unsigned *
sa_exec_deck(const sa_exec *p)
{
	return p->deck;
}

bool
sa_exec_hello(sa_exec *p, size_t n, const char *walk)
{
	char first[48];
	int len = snprintf(first, sizeof first, "shuffle %zu%s\n", n,
	    p->o.batch ? " plan" : "");

	p->sent = true;
	if (!send_text(p, first, (size_t)len) || !read_line(p)) {
		p->failed = true;	/* the first run says why */
		return false;
	}
	if (strncmp(p->line, "stream ", 7) != 0) {
		p->held = true;		/* the first run's first line */
		return false;
	}
	if (hello_words(p, p->line + 7) && walk != NULL) {
		p->sent = false;
		(void)send_text(p, walk, strlen(walk));	/* the stream says */
		return true;
	}
	if (!send_text(p, "plain\n", 6))
		p->failed = true;
	return false;
}

void
sa_exec_plain(sa_exec *p)
{
	p->o.batch = false;
	p->o.depth = 0;
	p->o.after_run = NULL;
	p->sent = p->held = p->failed = false;
	p->ahead_len = p->runs = p->written = p->owed = p->head = 0;
}

void
sa_exec_ahead(sa_exec *p, size_t bytes)
{
	if (p->runs == 0)
		p->window = bytes > SA_EXEC_AHEAD ? bytes : SA_EXEC_AHEAD;
}

bool
sa_exec_queue(sa_exec *p, size_t n, const uint64_t *val,
    const uint64_t *bound, size_t len)
{
	size_t cap = p->o.max_draws, at;

	if (!p->plans || len > p->win.cap)
		return false;
	at = format_plan(p, n, val, bound, len, len < cap ? len : cap);
	if (at == 0 || at > p->window - p->owed)
		return false;
	/* The ring and the bytes grow as the window fills, no further. */
	if (p->runs == p->ring_cap) {
		size_t c = p->ring_cap ? 2 * p->ring_cap : 64, *lens;

		if ((lens = malloc(c * sizeof *lens)) == NULL)
			return false;
		for (size_t i = 0; i < p->runs; i++)
			lens[i] = p->lens[(p->head + i) % p->ring_cap];
		free(p->lens);
		p->lens = lens;
		p->ring_cap = c;
		p->head = 0;
	}
	if (p->ahead_len + at > p->ahead_cap) {
		size_t c = p->ahead_cap ? p->ahead_cap : SA_EXEC_AHEAD;
		char *grown;

		while (c < p->ahead_len + at)
			c *= 2;
		if ((grown = realloc(p->ahead, c)) == NULL)
			return false;
		p->ahead = grown;
		p->ahead_cap = c;
	}
	memcpy(p->ahead + p->ahead_len, p->plan, at);
	p->ahead_len += at;
	p->lens[(p->head + p->runs) % p->ring_cap] = at;
	p->runs++;
	p->owed += at;
	return true;
}

bool
sa_exec_offer(sa_exec *p, const uint64_t *val, const uint64_t *bound,
    size_t len)
{
	sa_replay_window *w = &p->win;

	p->o.batch = p->plans && len <= w->cap;
	if (!p->o.batch)
		return false;
	if (len > 0) {
		memcpy(w->val, val, len * sizeof *val);
		memcpy(w->bound, bound, len * sizeof *bound);
	}
	w->len = w->last = len;
	return true;
}

int
sa_exec_new(const sa_exec_opts *o, sa_exec **out)
{
	sa_exec *p;

	*out = NULL;
	if (o->max_draws == 0 || o->raw_bits < 1 || o->raw_bits > 32 ||
	    o->real_cells < 1 || o->real_cells > SA_DRAW_MAX)
		return SA_EINVAL;
	if ((p = calloc(1, sizeof *p)) == NULL)
		return SA_ENOMEM;
	p->o = *o;
	p->drain = o->drain_seed;
	p->window = SA_EXEC_AHEAD;
	if (!sa_window_new(&p->win, o->max_draws)) {
		sa_exec_free(p);
		return SA_ENOMEM;
	}
	*out = p;
	return SA_OK;
}

void
sa_exec_free(sa_exec *p)
{
	if (p == NULL)
		return;
	sa_window_free(&p->win);
	free(p->plan);
	free(p->plan_ends);
	free(p->plan_k);
	free(p->plan_v);
	free(p->ahead);
	free(p->lens);
	free(p);
}

void
sa_exec_shuffle(sa_exec *p, sa_shuffle *sh)
{
	sh->run = exec_run;
	sh->ctx = p;
	sh->steps = NULL;
	sh->step = NULL;
	sh->runs = NULL;
	sh->closed = NULL;
}

sa_replay_window *
sa_exec_window(sa_exec *p)
{
	return &p->win;
}

const char *
sa_exec_what(const sa_exec *p)
{
	return p->what;
}

void
sa_exec_keys(const sa_exec *p, uint64_t *width, uint64_t *reals)
{
	*width = p->key_width;
	*reals = p->key_reals;
}

uint64_t
sa_exec_lines(const sa_exec *p)
{
	return p->lines;
}

bool
sa_exec_closed(const sa_exec *p)
{
	return p->closed;
}

const char *
sa_exec_line(const sa_exec *p)
{
	return p->line;
}

int
sa_real_cells_for(size_t n, uint64_t *m)
{
	uint64_t l = 1;

	for (uint64_t k = 2; k <= n; k++) {
		uint64_t a = l, b = k;

		while (b != 0) {	/* gcd(l, k) into a */
			uint64_t t = a % b;

			a = b;
			b = t;
		}
		l = l / a * k;
		if (l > SA_DRAW_MAX)
			return SA_ERANGE;
	}
	*m = l;
	return SA_OK;
}

int
sa_real_cells_wider(size_t n, uint64_t m, uint64_t *out)
{
	uint64_t l;
	int status = sa_real_cells_for(n, &l);

	if (status != SA_OK || m == 0 || l > SA_DRAW_MAX / 2)
		return SA_ERANGE;
	l *= 2;
	l = l / sa_gcd(l, m) * m;	/* both at most 2^32: no overflow */
	if (l > SA_DRAW_MAX)
		return SA_ERANGE;
	*out = l;
	return SA_OK;
}

int
sa_real_cells_next(size_t n, uint64_t m, uint64_t cap, uint64_t *next)
{
	uint64_t l = 1, best = cap;

	if (next == NULL || cap == 0 || cap > SA_DRAW_MAX || m >= cap)
		return SA_ERANGE;
	/* The least of lcm(1..k) and 2 lcm(1..k), k from 2 to N, past M. */
	for (uint64_t k = 2; k <= n && l < cap; k++) {
		l = l / sa_gcd(l, k) * k;	/* below 2^32 by the test */
		if (l > m && l < best)
			best = l;
		if (2 * l > m && 2 * l < best)
			best = 2 * l;
	}
	*next = best;
	return SA_OK;
}

void
sa_real_text(uint64_t j, uint64_t m, char *buf, size_t size)
{
	snprintf(buf, size, "%.17g\n", (double)(2 * j + 1) / (double)(2 * m));
}

bool
sa_window_new(sa_replay_window *w, size_t max_draws)
{
	w->cap = 2 * max_draws;	/* and the reals' places */
	w->val = calloc(w->cap, sizeof *w->val);
	w->bound = calloc(w->cap, sizeof *w->bound);
	return w->val != NULL && w->bound != NULL;
}

void
sa_window_free(sa_replay_window *w)
{
	free(w->val);
	free(w->bound);
	w->val = w->bound = NULL;
}
