/*
 * sa_harness.h - audit a C or C++ shuffle with shuffle-audit, exactly,
 * as a program of its own (a plugin, shuffle_audit_plugin.h, is the other
 * way, for code built as a shared object).
 *
 * Include it in one file, and hand your shuffle to sa_harness_run():
 *
 *	#include "sa_harness.h"
 *
 *	static void
 *	fisher_yates(unsigned *deck, size_t n)
 *	{
 *		for (size_t i = n; i > 1; i--) {
 *			size_t j = (size_t)sa_harness_draw(i);
 *			unsigned t = deck[i - 1];
 *
 *			deck[i - 1] = deck[j];
 *			deck[j] = t;
 *		}
 *	}
 *
 *	int
 *	main(void)
 *	{
 *		return sa_harness_run(fisher_yates);
 *	}
 *
 * and audit it:
 *
 *	cc -O2 -o mine mine.c
 *	shuffle-audit census --exec ./mine -n 5
 *
 * Or assert it fair in your own test suite, under the runner you use
 * (cmocka here; any will do), with no main of the harness's:
 *
 *	assert_int_equal(sa_harness_assert_fair(fisher_yates, 5), 0);
 *
 * It runs that census on this very program, re-run as the audited child
 * (see sa_harness_assert_fair_args, below, for how, and for further
 * census flags), and returns the census's exit status: 0 fair, 1 or 4
 * unfair (the report, the verdict, the commonest and rarest orderings
 * and a command that reproduces it, on standard error), 2, 3 or 127 an
 * error (the reason on standard error).  shuffle-audit is SHUFFLE_AUDIT
 * when that is set, else found on PATH.  Linux only (/proc/self).
 *
 * Your function gets the cards 0 .. n-1 and shuffles them in place,
 * taking its randomness from here, where it would call its generator:
 *
 *   sa_harness_draw(k), a number below k ("draw K"), judges your loop;
 *   sa_harness_real(), a double in [0, 1) ("real"): a cell of M equal
 *     cells, M = lcm(1..n) unless --real-cells says otherwise, and a place
 *     among the run's earlier reals in it, so (size_t)(sa_harness_real()
 *     * k) is exactly uniform for every k dividing M and reals compare as
 *     independent uniform reals do (a double's 53 bits are another
 *     question: shuffle-audit census -a durstenfeld --reduce
 *     multiply:53);
 *   sa_harness_raw(), a raw word of the --raw-bits B width, for code
 *     that reduces words itself (rand() % k): audit rejection by layers.
 *
 * In C++, sa_harness::engine is a uniform random bit generator of 32-bit
 * words, each a raw word of B bits repeated across the word (v, then v
 * again above it, ...), so that every B adjacent bits vary as a uniform
 * word's would: std::shuffle(v.begin(), v.end(), sa_harness::engine())
 * audits the standard library's own shuffle and its
 * uniform_int_distribution, by layers (census --layers --depth D), at B
 * bits: exact where they read at most B adjacent bits of a word (a range
 * that is a power of two up to 2^B), a model where they reduce a whole
 * word (Lemire's multiplication, libstdc++'s two draws in one), which
 * the audit counts again a bit wider before it calls the code unfair.
 * sa_harness::words<B> is a generator of B-bit words (its max() is
 * 2^B - 1), for --raw-bits B: exact, for code that is told the width.
 *
 * Lines are flushed before every read that may wait (at the end of each
 * run, unless the next run's line is already read); --batch is
 * understood.
 * The walk is streamed: the harness offers it on its first line and,
 * when shuffle-audit takes it, walks every run itself and writes them
 * with no reply awaited (THE EXEC PROTOCOL); SHUFFLE_AUDIT_LOOP=N walks
 * N cards here, writing nothing, and prints the runs and seconds (a
 * benchmark's baseline).  C99 or C++11, the C library only.  sa_harness_run
 * returns 0 when shuffle-audit is done, after writing a message to stderr
 * and exiting 2 when the conversation breaks.  Standard output is the
 * conversation: sa_harness_run gives it a buffer of its own (setvbuf)
 * before it writes, so write nothing to it before the call.
 */
#ifndef SA_HARNESS_H
#define SA_HARNESS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#if defined(__unix__) || defined(__APPLE__)
#include <sys/types.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <unistd.h>
#define SA_HARNESS_OWN_INPUT 1
/* readlink is POSIX.1-2001's: a strict C build (-std=c99) is not shown
 * it unless it asks, and a declaration the same as the system's is
 * harmless in C (C++ builds see the system's). */
#if !defined(__cplusplus) && !(defined(_POSIX_C_SOURCE) && \
    _POSIX_C_SOURCE >= 200112L) && !(defined(_XOPEN_SOURCE) && \
    _XOPEN_SOURCE >= 500)
extern ssize_t readlink(const char *, char *, size_t);
#endif
#endif

#define SA_HARNESS_PLAN_MAX 4096	/* the most draws a plan offers */

#define SA_HARNESS_PLACES (UINT64_C(1) << 52)	/* a place, 2^-52 of a cell */

struct sa_harness_state {
	unsigned bits;
	uint64_t cells;
	unsigned place;
	/* SHUFFLE_AUDIT_RAW_PLACE (sa_harness_place), and the raw words
	 * placed so far in the run */
	unsigned raw_place;
	uint64_t raw_index;
	uint64_t plan[SA_HARNESS_PLAN_MAX][2];	/* this run's offered draws */
	size_t planned, used;
	/* the plan's reals taken this run, sorted by cell, then place */
	uint64_t real_cell[SA_HARNESS_PLAN_MAX], real_pos[SA_HARNESS_PLAN_MAX];
	size_t nreal;
	int told;			/* "asked" is said (or no plan) */
	char asked[SA_HARNESS_PLAN_MAX * 21 + 8];	/* its line so far */
	size_t asked_len;
	char line[1 << 16];
};

static struct sa_harness_state sa_harness_s;

/*
 * Standard input, read here with read() where the system has it, so
 * that the harness knows whether a whole line already waits: the runs
 * shuffle-audit makes again after a streamed walk come as many plans in
 * one write, and their answers are flushed only when none waits (one
 * write for many runs, not one a run).  Elsewhere stdio's fgets, and a
 * flush after every run.
 */
#ifdef SA_HARNESS_OWN_INPUT
static char sa_harness_in[1 << 16];
static size_t sa_harness_in_at, sa_harness_in_len;
#endif

/* The next line of standard input into BUF (SIZE bytes), its newline
 * kept, as fgets gives it; NULL at the input's end. */
static inline char *
sa_harness_gets(char *buf, size_t size)
{
#ifdef SA_HARNESS_OWN_INPUT
	size_t k = 0;

	while (k + 1 < size) {
		char *at = sa_harness_in + sa_harness_in_at, *nl;
		size_t have = sa_harness_in_len - sa_harness_in_at, take;
		ssize_t got;

		if (have == 0) {
			while ((got = read(0, sa_harness_in,
			    sizeof sa_harness_in)) < 0 && errno == EINTR)
				;
			if (got <= 0)
				break;
			sa_harness_in_at = 0;
			sa_harness_in_len = (size_t)got;
			continue;
		}
		nl = (char *)memchr(at, '\n', have);
		take = nl != NULL ? (size_t)(nl - at) + 1 : have;
		if (take > size - 1 - k)
			take = size - 1 - k;
		memcpy(buf + k, at, take);
		k += take;
		sa_harness_in_at += take;
		if (buf[k - 1] == '\n')
			break;
	}
	if (k == 0)
		return NULL;
	buf[k] = '\0';
	return buf;
#else
	return fgets(buf, (int)size, stdin);
#endif
}

/* Whether a whole line of input waits, read and not yet taken. */
static inline int
sa_harness_waiting(void)
{
#ifdef SA_HARNESS_OWN_INPUT
	return memchr(sa_harness_in + sa_harness_in_at, '\n',
	    sa_harness_in_len - sa_harness_in_at) != NULL;
#else
	return 0;
#endif
}

/*
 * The streamed walk: the odometer here, each run's draws and deck out
 * in a transcript (see shuffle-audit(1), THE EXEC PROTOCOL).  A digit of
 * the record has a value, a bound, a kind (0 a draw, 1 a raw word, 2 a
 * real's cell, 3 a real's place) and, for a real, the double it gave.
 */
struct sa_harness_walk {
	int on;				/* the hooks answer from here */
	uint64_t *val, *bound;
	unsigned char *kind;
	double *u;
	uint64_t *rcell, *rpos;		/* the run's reals, as the plan's */
	size_t nreal;
	size_t len, room, pos, req, cap, from;
	int places;			/* a real's place was ever drawn */
	int cut;			/* the run was cut: answers anyhow */
	unsigned char pend[9];		/* the item it was cut at */
	size_t npend;
	uint64_t mix;
	unsigned char *out;		/* the transcript not yet written */
	size_t have;
};

static struct sa_harness_walk sa_harness_w;

#define SA_HARNESS_OUT (1 << 16)

/*
 * Gives the run up: the reason goes to shuffle-audit, which reports it
 * ("error ..."), and to standard error.
 */
static inline void
sa_harness_fail(const char *why)
{
	struct sa_harness_walk *w = &sa_harness_w;
	size_t len = strlen(why) + 12;

	fprintf(stderr, "sa_harness: %s\n", why);
	if (w->out != NULL) {	/* a streamed run, given up */
		if (len > 1024)
			len = 1024;
		fwrite(w->out, 1, w->have, stdout);
		fputs("RX", stdout);
		fputc((int)(len & 0xff), stdout);
		fputc((int)(len >> 8), stdout);
		fwrite("sa_harness: ", 1, 12, stdout);
		fwrite(why, 1, len - 12, stdout);
	} else {
		printf("error sa_harness: %s\n", why);
	}
	fflush(stdout);
	exit(2);
}

static inline uint64_t sa_harness_w_draw(uint64_t k, unsigned char kind);
static inline double sa_harness_w_real(void);

static inline void
sa_harness_tell(void)
{
	struct sa_harness_state *s = &sa_harness_s;

	if (!s->told) {
		s->asked[s->asked_len++] = '\n';
		fwrite(s->asked, 1, s->asked_len, stdout);
		s->told = 1;
	}
}

/*
 * V's decimal digits, written to end just before END; where they begin.
 * By hand: a run's answer is mostly numbers, and printf's formatting of
 * them was half the harness's time in the replay after a streamed walk.
 */
static inline char *
sa_harness_digits(char *end, uint64_t v)
{
	do
		*--end = (char)('0' + v % 10);
	while ((v /= 10) != 0);
	return end;
}

/* The line "deck ..." of DECK (N cards) to standard output. */
static inline void
sa_harness_deck(const unsigned *deck, size_t n)
{
	char line[4096], num[24];
	size_t len = 4;

	memcpy(line, "deck", 4);
	for (size_t i = 0; i < n; i++) {
		char *at = sa_harness_digits(num + sizeof num, deck[i]);
		size_t k = (size_t)(num + sizeof num - at);

		if (len + 1 + k >= sizeof line) {	/* room for the newline */
			fwrite(line, 1, len, stdout);
			len = 0;
		}
		line[len++] = ' ';
		memcpy(line + len, at, k);
		len += k;
	}
	line[len++] = '\n';
	fwrite(line, 1, len, stdout);
}

/* LINE to shuffle-audit, and its answer in sa_harness_s.line. */
static inline const char *
sa_harness_ask(const char *line)
{
	struct sa_harness_state *s = &sa_harness_s;

	sa_harness_tell();
	fputs(line, stdout);
	fputc('\n', stdout);
	if (fflush(stdout) != 0)
		sa_harness_fail("shuffle-audit stopped reading");
	if (sa_harness_gets(s->line, sizeof s->line) == NULL ||
	    strchr(s->line, '\n') == NULL)
		sa_harness_fail("shuffle-audit closed the line in the middle of "
		    "a run");
	return s->line;
}

/* The plan's next draw when it has the bound BOUND, into *V; WORD is its
 * word of "asked" (NULL: the bound's digits). */
static inline int
sa_harness_take(uint64_t bound, const char *word, uint64_t *v)
{
	struct sa_harness_state *s = &sa_harness_s;

	if (s->told)
		return 0;
	if (s->used < s->planned && s->plan[s->used][0] == bound) {
		*v = s->plan[s->used++][1];
		s->asked[s->asked_len++] = ' ';
		if (word == NULL) {
			char num[24], *at = sa_harness_digits(num + sizeof num,
			    bound);

			memcpy(s->asked + s->asked_len, at,
			    (size_t)(num + sizeof num - at));
			s->asked_len += (size_t)(num + sizeof num - at);
		} else {
			memcpy(s->asked + s->asked_len, word, strlen(word));
			s->asked_len += strlen(word);
		}
		return 1;
	}
	sa_harness_tell();
	return 0;
}

static inline uint64_t
sa_harness_number(const char *text)
{
	char *end;
	unsigned long long v = strtoull(text, &end, 10);

	if (end == text || (*end != '\n' && *end != '\0' && *end != ' ' &&
	    *end != ':'))
		sa_harness_fail("shuffle-audit answered with no whole number");
	return (uint64_t)v;
}

/* A whole number in [0, k), 1 <= k <= 2^32. */
static inline uint64_t
sa_harness_draw(uint64_t k)
{
	char word[32];
	uint64_t v;

	if (sa_harness_w.on)
		return sa_harness_w_draw(k, 0);
	if (sa_harness_take(k, NULL, &v))
		return v;
	snprintf(word, sizeof word, "draw %llu", (unsigned long long)k);
	return sa_harness_number(sa_harness_ask(word));
}

/*
 * Cell CELL at place POS as a double, exactly as shuffle-audit makes it:
 * (cell 2^d + a) / (M 2^d), pos = a 2^t with a odd, d = 52 - t.
 */
static inline double
sa_harness_real_at(uint64_t cell, uint64_t pos)
{
	uint64_t a = pos;
	unsigned d = 52 + sa_harness_s.place;

	for (; a % 2 == 0; a /= 2)
		d--;
	return (double)((cell << d) + a) / (double)(sa_harness_s.cells << d);
}

/*
 * The plan's next real into *U: its cell, and its place among the run's
 * earlier reals in that cell when there are any.
 */
static inline int
sa_harness_take_real(double *u)
{
	struct sa_harness_state *s = &sa_harness_s;
	size_t from = 0, to, gap, at = s->used;
	uint64_t cell, lo, hi;

	if (s->told)
		return 0;
	if (at < s->planned && s->plan[at][0] == s->cells) {
		cell = s->plan[at][1];
		while (from < s->nreal && s->real_cell[from] < cell)
			from++;
		for (to = from; to < s->nreal && s->real_cell[to] == cell; to++)
			;
		if (to == from || (at + 1 < s->planned &&
		    s->plan[at + 1][0] == to - from + 1)) {
			gap = from + (to > from ? s->plan[at + 1][1] : 0);
			lo = gap > from ? s->real_pos[gap - 1] : 0;
			hi = gap < to ? s->real_pos[gap] : SA_HARNESS_PLACES;
			memmove(s->real_cell + gap + 1, s->real_cell + gap,
			    (s->nreal - gap) * sizeof *s->real_cell);
			memmove(s->real_pos + gap + 1, s->real_pos + gap,
			    (s->nreal - gap) * sizeof *s->real_pos);
			s->real_cell[gap] = cell;
			s->real_pos[gap] = lo / 2 + hi / 2;
			s->nreal++;
			s->used += to > from ? 2 : 1;
			memcpy(s->asked + s->asked_len, " real", 5);
			s->asked_len += 5;
			*u = sa_harness_real_at(cell, s->real_pos[gap]);
			return 1;
		}
	}
	sa_harness_tell();
	return 0;
}

/*
 * A real in [0, 1): a cell of M and a place among the run's reals in it,
 * so that floor(u * k) for k dividing M and comparisons are exact.
 */
static inline double
sa_harness_real(void)
{
	double u;

	if (sa_harness_w.on)
		return sa_harness_w_real();
	if (sa_harness_take_real(&u))
		return u;
	return strtod(sa_harness_ask("real"), NULL);
}

/* A raw word of the --raw-bits B width. */
static inline uint64_t
sa_harness_raw(void)
{
	uint64_t v;

	if (sa_harness_w.on)
		return sa_harness_w_draw(UINT64_C(1) << sa_harness_s.bits, 1);
	if (sa_harness_take(UINT64_C(1) << sa_harness_s.bits, "raw", &v))
		return v;
	return sa_harness_number(sa_harness_ask("raw"));
}

/* The whole number of decimal digits at P (the most a uint64_t holds
 * past 2^64 - 1), *END set past them. */
static inline uint64_t
sa_harness_parse(const char *p, const char **end)
{
	uint64_t v = 0;

	for (; *p >= '0' && *p <= '9'; p++)
		v = v > (UINT64_MAX - 9) / 10 ? UINT64_MAX : 10 * v +
		    (uint64_t)(*p - '0');
	*end = p;
	return v;
}

/* Reads the plan after "plan" at P into the state. */
static inline void
sa_harness_read_plan(const char *p)
{
	struct sa_harness_state *s = &sa_harness_s;
	const char *end;

	s->planned = 0;
	while (*p == ' ' && s->planned < SA_HARNESS_PLAN_MAX) {
		s->plan[s->planned][0] = sa_harness_parse(p + 1, &end);
		if (*end != ':' || end == p + 1)
			sa_harness_fail("a plan's draw is K:V");
		s->plan[s->planned][1] = sa_harness_parse(end + 1, &p);
		if (p == end + 1)
			sa_harness_fail("a plan's draw is K:V");
		s->planned++;
	}
	memcpy(s->asked, "asked", 5);
	s->asked_len = 5;
	s->told = 0;
}

/* V as LEN little-endian bytes at TO. */
static inline void
sa_harness_le(unsigned char *to, uint64_t v, size_t len)
{
	for (size_t i = 0; i < len; i++)
		to[i] = (unsigned char)(v >> (8 * i));
}

/* An answer past a cut: any will do, nothing past it is counted. */
static inline uint64_t
sa_harness_mixed(uint64_t k)
{
	struct sa_harness_walk *w = &sa_harness_w;

	w->mix = w->mix * UINT64_C(6364136223846793005) +
	    UINT64_C(1442695040888963407);
	return k >= 1 ? (w->mix >> 17) % k : 0;
}

/* Room for the record's digit AT. */
static inline void
sa_harness_w_room(size_t at)
{
	struct sa_harness_walk *w = &sa_harness_w;
	size_t room = w->room ? 2 * w->room : 64;

	if (at < w->room)
		return;
	w->val = (uint64_t *)realloc(w->val, room * sizeof *w->val);
	w->bound = (uint64_t *)realloc(w->bound, room * sizeof *w->bound);
	w->kind = (unsigned char *)realloc(w->kind, room);
	w->u = (double *)realloc(w->u, room * sizeof *w->u);
	w->rcell = (uint64_t *)realloc(w->rcell, room * sizeof *w->rcell);
	w->rpos = (uint64_t *)realloc(w->rpos, room * sizeof *w->rpos);
	if (w->val == NULL || w->bound == NULL || w->kind == NULL ||
	    w->u == NULL || w->rcell == NULL || w->rpos == NULL)
		sa_harness_fail("out of memory");
	w->room = room;
}

/*
 * Digit POS of the odometer, below BOUND, of KIND: the record's when it
 * has that digit, else a new one, 0 (the record past it was another
 * run's, and goes).
 */
static inline uint64_t
sa_harness_w_digit(uint64_t bound, unsigned char kind)
{
	struct sa_harness_walk *w = &sa_harness_w;
	size_t p = w->pos;

	if (p < w->len && w->bound[p] == bound && w->kind[p] == kind) {
		w->pos = p + 1;
		return w->val[p];
	}
	if (p < w->len && p < w->from)
		w->from = p;
	sa_harness_w_room(p);
	w->val[p] = 0;
	w->bound[p] = bound;
	w->kind[p] = kind;
	w->places |= kind == 3;
	w->u[p] = 0;
	w->len = w->pos = p + 1;
	return 0;
}

/* Whether the run is cut at this request (the depth, or --max-draws):
 * its item, TAG and LEN bytes of ARG, is left open. */
static inline int
sa_harness_w_cut(int tag, uint64_t arg, size_t len)
{
	struct sa_harness_walk *w = &sa_harness_w;

	if (w->cut)
		return 1;
	if (w->req < w->cap && tag != 'b')
		return 0;
	w->cut = 1;
	w->pend[0] = (unsigned char)tag;
	sa_harness_le(w->pend + 1, arg, len);
	w->npend = 1 + len;
	return 1;
}

static inline uint64_t
sa_harness_w_draw(uint64_t k, unsigned char kind)
{
	int ok = k >= 1 && k <= UINT64_C(1) << 32;

	if (sa_harness_w_cut(kind ? 'w' : ok ? 'd' : 'b', kind ?
	    sa_harness_s.bits : ok ? k - 1 : k, kind || !ok ? 8 : 4))
		return sa_harness_mixed(k);
	sa_harness_w.req++;
	return sa_harness_w_digit(k, kind);
}

static inline double
sa_harness_w_real(void)
{
	struct sa_harness_walk *w = &sa_harness_w;
	size_t from = 0, to, gap, at = w->pos;
	uint64_t cell, lo, hi;

	if (sa_harness_w_cut('u', 0, 0))
		return (double)(sa_harness_mixed(UINT64_C(1) << 53) >> 0) /
		    9007199254740992.0;
	w->req++;
	cell = sa_harness_w_digit(sa_harness_s.cells, 2);
	at = w->pos - 1;
	while (from < w->nreal && w->rcell[from] < cell)
		from++;
	for (to = from; to < w->nreal && w->rcell[to] == cell; to++)
		;
	gap = from + (to > from ? sa_harness_w_digit(to - from + 1, 3) : 0);
	lo = gap > from ? w->rpos[gap - 1] : 0;
	hi = gap < to ? w->rpos[gap] : SA_HARNESS_PLACES;
	memmove(w->rcell + gap + 1, w->rcell + gap, (w->nreal - gap) *
	    sizeof *w->rcell);
	memmove(w->rpos + gap + 1, w->rpos + gap, (w->nreal - gap) *
	    sizeof *w->rpos);
	w->rcell[gap] = cell;
	w->rpos[gap] = lo / 2 + hi / 2;
	w->nreal++;
	return w->u[at] = sa_harness_real_at(cell, w->rpos[gap]);
}

/* The transcript so far to shuffle-audit. */
static inline void
sa_harness_w_flush(void)
{
	struct sa_harness_walk *w = &sa_harness_w;

	if (w->have > 0 && fwrite(w->out, 1, w->have, stdout) != w->have)
		sa_harness_fail("shuffle-audit stopped reading");
	w->have = 0;
	if (fflush(stdout) != 0)
		sa_harness_fail("shuffle-audit stopped reading");
}

/* One run of the odometer as it stands; its transcript out (EMIT). */
static inline void
sa_harness_w_once(void (*shuffle)(unsigned *, size_t), unsigned *deck,
    size_t n, int emit)
{
	struct sa_harness_walk *w = &sa_harness_w;
	unsigned char *o;
	size_t f, kept = 0;

	w->pos = w->req = w->nreal = 0;
	w->cut = 0;
	for (size_t i = 0; i < n; i++)
		deck[i] = (unsigned)i;
	shuffle(deck, n);
	if (!w->cut && w->pos < w->len)
		w->len = w->pos;	/* it stopped short: said as it is */
	if (!emit)
		return;
	f = w->from < w->pos ? w->from : w->pos;
	if (f < w->pos && w->kind[f] == 3)
		f--;
	/* The items kept: the digits before F, less the reals' places
	 * (none in a walk that never drew one). */
	if (!w->places)
		kept = f;
	else
		for (size_t d = 0; d < f; d++)
			kept += w->kind[d] != 3;
	if (w->have + 8 + 17 * (w->pos - f) + w->npend + n > SA_HARNESS_OUT)
		sa_harness_w_flush();
	if (8 + 17 * (w->pos - f) + w->npend + n > SA_HARNESS_OUT)
		sa_harness_fail("a run of more draws than a transcript holds");
	/* Written through O, a pointer of its own, and counted once: a
	 * store through w->out could be one to w->have, which the compiler
	 * would then load again a byte. */
	o = w->out + w->have;
	*o++ = 'R';
	*o++ = 'K';
	sa_harness_le(o, kept, 4);
	o += 4;
	for (size_t d = f; d < w->pos; d++) {
		uint64_t bits;

		switch (w->kind[d]) {
		case 0:
			o[0] = 'v';
			sa_harness_le(o + 1, w->bound[d] - 1, 4);
			sa_harness_le(o + 5, w->val[d], 4);
			o += 9;
			break;
		case 1:
			o[0] = 'W';
			sa_harness_le(o + 1, sa_harness_s.bits, 8);
			sa_harness_le(o + 9, w->val[d], 8);
			o += 17;
			break;
		case 2:
			memcpy(&bits, &w->u[d], sizeof bits);
			o[0] = 'U';
			sa_harness_le(o + 1, bits, 8);
			o += 9;
			break;
		default:
			break;	/* a place: its real's item says it */
		}
	}
	if (w->cut) {
		memcpy(o, w->pend, w->npend);
		o += w->npend;
	} else {
		*o++ = 'D';
		*o++ = (unsigned char)n;
		for (size_t i = 0; i < n; i++)
			o[i] = (unsigned char)(deck[i] < 255 ? deck[i] : 255);
		o += n;
	}
	w->have = (size_t)(o - w->out);
}

/*
 * The odometer past its run, as the auditor's: the last digit that can
 * move goes up and the digits after it go; the first moves to the next
 * value of the part (SKIP: the run was not in it).  0 when done.
 */
static inline int
sa_harness_w_advance(int skip, uint64_t part, uint64_t parts)
{
	struct sa_harness_walk *w = &sa_harness_w;
	size_t k = w->len;

	if (skip)
		k = w->len > 0;
	else
		while (k > 0 && w->val[k - 1] + 1 == w->bound[k - 1])
			k--;
	if (k == 0)
		return 0;
	if (k == 1) {
		uint64_t v = w->val[0] + 1;

		while (v % parts != part && v < w->bound[0])
			v++;
		if (v >= w->bound[0])
			return 0;
		w->val[0] = v;
	} else {
		w->val[k - 1]++;
	}
	w->len = k;
	w->from = k - 1;
	return 1;
}

/* How many times run DONE + 1 (in its part) is run again, as the
 * auditor's engine does: one in EVERY, the k-th at least FLOOR / k.
 * PHASE is DONE % EVERY, kept by the caller, so that a walk divides
 * only in its first FLOOR runs. */
static inline uint64_t
sa_harness_repeats(uint64_t done, uint64_t phase, uint64_t floor_)
{
	uint64_t k = done + 1, base = phase == 0 ? 1 : 0, least;

	if (k > floor_)
		return base;
	least = (floor_ + k - 1) / k;
	return least > base ? least : base;
}

/*
 * Every run of SHUFFLE on N cards, in the auditor's order: the walk
 * "walk N PART PARTS DEPTH MAX EVERY FLOOR" asks for (A), its transcript
 * written when EMIT.  The runs walked.
 */
static inline uint64_t
sa_harness_walk(void (*shuffle)(unsigned *, size_t), const uint64_t *a,
    int emit)
{
	struct sa_harness_walk *w = &sa_harness_w;
	size_t n = (size_t)a[0];
	unsigned *deck = (unsigned *)malloc((n ? n : 1) * sizeof *deck);
	uint64_t done = 0, phase = 0, runs = 0, every = 64, due = every;
	clock_t last = clock();

	if (deck == NULL || a[2] == 0 || a[1] >= a[2])
		sa_harness_fail(deck ? "a walk's part is below its parts" :
		    "out of memory");
	if (emit && (w->out = (unsigned char *)malloc(SA_HARNESS_OUT)) ==
	    NULL)
		sa_harness_fail("out of memory");
	w->on = 1;
	w->cap = (size_t)(a[3] ? a[3] : a[4]);
	w->len = w->from = w->have = 0;
	w->places = 0;
	w->mix = 1;
	sa_harness_w_room(0);
	for (;;) {
		int skip;

		sa_harness_w_once(shuffle, deck, n, emit);
		skip = a[2] > 1 && (w->len ? w->val[0] : 0) % a[2] != a[1];
		if (!w->cut && !skip) {
			uint64_t t = a[5] ? sa_harness_repeats(done, phase, a[6]) :
			    0;

			for (; t > 0; t--) {
				w->from = w->len;
				sa_harness_w_once(shuffle, deck, n, emit);
			}
			done++;
			if (a[5] && ++phase == a[5])
				phase = 0;
		}
		runs++;
		/*
		 * Flushed once in a while, so a slow walk is seen to move.
		 * The clock is a system call: read after EVERY runs, which
		 * doubles while the walk is fast (up to 4096) and is 64 again
		 * when a flush came late.
		 */
		if (emit && --due == 0) {
			clock_t now = clock();

			if (now - last > CLOCKS_PER_SEC / 100) {
				sa_harness_w_flush();
				if (now - last > CLOCKS_PER_SEC / 50)
					every = 64;
				last = now;
			} else if (every < 4096) {
				every *= 2;
			}
			due = every;
		}
		if (!sa_harness_w_advance(skip, a[1], a[2]))
			break;
	}
	if (emit) {
		memcpy(w->out + w->have, "E\0\0\0\0\0\0", 7);
		w->have += 7;
		sa_harness_w_flush();
		free(w->out);
		w->out = NULL;
	}
	w->on = 0;
	free(deck);
	return runs;
}

static inline int
sa_harness_run(void (*shuffle)(unsigned *deck, size_t n))
{
	struct sa_harness_state *s = &sa_harness_s;
	const char *env;
	unsigned *deck = NULL;
	size_t dealt = 0;		/* DECK's room */

	/*
	 * A buffer that holds a whole write of the transcript, set before
	 * anything is written: with stdio's own (4 KiB here), each write of
	 * 64 KiB left in three pieces, and the auditor was woken for each.
	 * Given no buffer, glibc keeps its own size.
	 */
	static char out[2 * SA_HARNESS_OUT];

	setvbuf(stdout, out, _IOFBF, sizeof out);
	env = getenv("SHUFFLE_AUDIT_RAW_BITS");
	s->bits = env != NULL ? (unsigned)strtoul(env, NULL, 10) : 32;
	env = getenv("SHUFFLE_AUDIT_REAL_CELLS");
	s->cells = env != NULL ? strtoull(env, NULL, 10) : UINT64_C(1) << 32;
	env = getenv("SHUFFLE_AUDIT_REAL_PLACE");
	s->place = env != NULL ? (unsigned)strtoul(env, NULL, 10) : 0;
	env = getenv("SHUFFLE_AUDIT_RAW_PLACE");
	s->raw_place = env != NULL ? (unsigned)strtoul(env, NULL, 10) : 0;
	if ((env = getenv("SHUFFLE_AUDIT_LOOP")) != NULL && *env != '\0') {
		/* A benchmark's baseline: the walk here, nothing written. */
		uint64_t a[7] = { strtoull(env, NULL, 10), 0, 1, 0,
		    UINT64_C(1) << 20, 0, 0 }, runs;
		clock_t start = clock();

		runs = sa_harness_walk(shuffle, a, 0);
		printf("%llu runs in %.6f s\n", (unsigned long long)runs,
		    (double)(clock() - start) / CLOCKS_PER_SEC);
		return 0;
	}
	if (sa_harness_gets(s->line, sizeof s->line) == NULL)
		return 0;
	if (strncmp(s->line, "shuffle ", 8) == 0) {
		/* The offer of a streamed walk, on the first line. */
		char first[64];
		uint64_t a[7];
		size_t len = strlen(s->line);

		if (len >= sizeof first)
			sa_harness_fail("expected \"shuffle N\" from "
			    "shuffle-audit");
		memcpy(first, s->line, len + 1);
		fputs("stream 1 plan raw-place\n", stdout);
		if (fflush(stdout) != 0 ||
		    sa_harness_gets(s->line, sizeof s->line) == NULL)
			sa_harness_fail("shuffle-audit closed the line");
		if (sscanf(s->line, "walk %llu %llu %llu %llu %llu %llu %llu",
		    (unsigned long long *)&a[0], (unsigned long long *)&a[1],
		    (unsigned long long *)&a[2], (unsigned long long *)&a[3],
		    (unsigned long long *)&a[4], (unsigned long long *)&a[5],
		    (unsigned long long *)&a[6]) == 7) {
			sa_harness_walk(shuffle, a, 1);
			if (sa_harness_gets(s->line, sizeof s->line) == NULL)
				return 0;
		} else if (strcmp(s->line, "plain\n") == 0) {
			memcpy(s->line, first, len + 1);
		} else {
			sa_harness_fail("expected \"walk ...\" or \"plain\" "
			    "from shuffle-audit");
		}
	}
	do {
		const char *after;
		size_t n;

		if (strncmp(s->line, "shuffle ", 8) != 0 ||
		    strchr(s->line + 8, '\n') == NULL)
			sa_harness_fail("expected \"shuffle N\" from "
			    "shuffle-audit");
		n = (size_t)sa_harness_parse(s->line + 8, &after);
		if (after == s->line + 8 || (*after != ' ' && *after != '\n'))
			sa_harness_fail("expected \"shuffle N\" from "
			    "shuffle-audit");
		s->told = 1;
		s->used = s->asked_len = s->nreal = 0;
		s->raw_index = 0;
		if (strncmp(after, " plan", 5) == 0 && (after[5] == ' ' ||
		    after[5] == '\n'))
			sa_harness_read_plan(after + 5);
		if (n > dealt || deck == NULL) {
			free(deck);
			dealt = n;
			if ((deck = (unsigned *)malloc((n ? n : 1) *
			    sizeof *deck)) == NULL)
				sa_harness_fail("out of memory");
		}
		for (size_t i = 0; i < n; i++)
			deck[i] = (unsigned)i;
		shuffle(deck, n);
		sa_harness_tell();
		sa_harness_deck(deck, n);
		/* Flushed before a read that may wait: no line waits. */
		if (!sa_harness_waiting() && fflush(stdout) != 0)
			sa_harness_fail("shuffle-audit stopped reading");
	} while (sa_harness_gets(s->line, sizeof s->line) != NULL);
	free(deck);
	return 0;
}

/*
 * The raw word V of B bits placed in a word of WIDTH bits (B < WIDTH <=
 * 64) as SHUFFLE_AUDIT_RAW_PLACE says: 0, repeated from bit 0 up (v | v
 * << B | v << 2B ...), so that every B adjacent bits vary as a uniform
 * word's would; 1, 2, 3, at the top (v << (WIDTH - B)) with the bits
 * below all 0, all 1, or those of h(i) | h(i) << 32 for the word's index
 * i in its run (h below).  The auditor has a copy of the program make
 * runs again under 1-3: code that reads only bits of V lands on the same
 * deck under each.
 */
static inline uint64_t
sa_harness_place(uint64_t v, unsigned width)
{
	struct sa_harness_state *s = &sa_harness_s;
	uint64_t w = 0, h, low;
	unsigned b = s->bits;

	if (b >= width) {
		w = v;
	} else if (s->raw_place == 0) {
		for (unsigned at = 0; at < width; at += b)
			w |= v << at;
	} else {
		/* h(i): i + 1 mixed by two multiplications, in 32 bits. */
		h = (uint32_t)((s->raw_index + 1) * UINT32_C(0x9E3779B1));
		h ^= h >> 16;
		h = (uint32_t)(h * UINT32_C(0x85EBCA6B));
		h ^= h >> 13;
		low = s->raw_place == 1 ? 0 : s->raw_place == 2 ? ~UINT64_C(0) :
		    h | h << 32;
		w = v << (width - b) | (low & ((UINT64_C(1) << (width - b)) -
		    1));
	}
	s->raw_index++;
	return width < 64 ? w & ((UINT64_C(1) << width) - 1) : w;
}

#ifdef SA_HARNESS_OWN_INPUT
/*
 * The audit inside a test suite: sa_harness_assert_fair(shuffle, cards)
 * runs, as a child process,
 *
 *	shuffle-audit census --exec 'CHILD' -n CARDS --summary
 *
 * where CHILD is this very program again (/proc/self/exe, with the same
 * arguments) with SHUFFLE_AUDIT_CHILD=K in its environment, K the number
 * of this call among the program's calls of the assertion (1, 2, ...).
 * In that child the K-th call serves the census with SHUFFLE, as
 * sa_harness_run does, and ends the process (exit status 0); the calls
 * before it return 0 at once, auditing nothing.  The child's standard
 * output, which the runner may write on before the call, goes to
 * /dev/null; the census's line is on descriptor 3 (3>&1 1>/dev/null in
 * CHILD), which the K-th call makes standard output.  So the child does
 * again whatever the program did before the call (the tests before it
 * included), and must come to the same K-th call: the calls are counted
 * in the file that includes this header (include it in one file), and
 * the tests must run in the same order every time (cmocka's do; a
 * runner that shuffles them needs its seed fixed).
 */
struct sa_harness_text {
	char *s;
	size_t len, room;
	int broken;			/* out of memory: the text is cut */
};

static inline void
sa_harness_put(struct sa_harness_text *t, const char *s, size_t len)
{
	size_t room;
	char *grown;

	if (t->broken)
		return;
	if (t->len + len + 1 > t->room) {
		for (room = t->room ? t->room : 256; room < t->len + len + 1;
		    room *= 2)
			;
		if ((grown = (char *)realloc(t->s, room)) == NULL) {
			t->broken = 1;
			return;
		}
		t->s = grown;
		t->room = room;
	}
	memcpy(t->s + t->len, s, len);
	t->len += len;
	t->s[t->len] = '\0';
}

/* S, or nothing when it is NULL (a text that ran out of memory). */
static inline void
sa_harness_puts(struct sa_harness_text *t, const char *s)
{
	if (s != NULL)
		sa_harness_put(t, s, strlen(s));
}

/* S as one word of sh: as it is when sh would read nothing in it,
 * else in single quotes (a quote in it as '\''). */
static inline void
sa_harness_quote(struct sa_harness_text *t, const char *s)
{
	const char *p = s;

	while (*p != '\0' && ((*p >= 'a' && *p <= 'z') || (*p >= 'A' &&
	    *p <= 'Z') || (*p >= '0' && *p <= '9') ||
	    strchr("@%+=:,./-_", *p) != NULL))
		p++;
	if (*s != '\0' && *p == '\0') {
		sa_harness_puts(t, s);
		return;
	}
	sa_harness_put(t, "'", 1);
	for (p = s; *p != '\0'; p++)
		if (*p == '\'')
			sa_harness_puts(t, "'\\''");
		else
			sa_harness_put(t, p, 1);
	sa_harness_put(t, "'", 1);
}

/*
 * The auditor: SHUFFLE_AUDIT, a path, when it is set and not empty,
 * else shuffle-audit as PATH finds it, into PATH_; 0, or 127 with where
 * it looked in WHY.
 */
static inline int
sa_harness_find(struct sa_harness_text *path, struct sa_harness_text *why)
{
	const char *env = getenv("SHUFFLE_AUDIT"), *dirs = getenv("PATH");
	const char *dir, *end;
	struct stat st;

	if (env != NULL && *env != '\0') {
		if (stat(env, &st) == 0 && S_ISREG(st.st_mode) &&
		    access(env, X_OK) == 0) {
			sa_harness_puts(path, env);
			return 0;
		}
		sa_harness_puts(why, "shuffle-audit not found: SHUFFLE_AUDIT=");
		sa_harness_puts(why, env);
		sa_harness_puts(why, " is not an executable file");
		return 127;
	}
	for (dir = dirs != NULL ? dirs : ""; dirs != NULL; dir = end + 1) {
		if ((end = strchr(dir, ':')) == NULL)
			end = dir + strlen(dir);
		/* An empty entry is the working directory, as sh has it. */
		path->len = 0;
		if (end > dir)
			sa_harness_put(path, dir, (size_t)(end - dir));
		else
			sa_harness_puts(path, ".");
		sa_harness_puts(path, "/shuffle-audit");
		if (!path->broken && stat(path->s, &st) == 0 &&
		    S_ISREG(st.st_mode) && access(path->s, X_OK) == 0)
			return 0;
		if (*end == '\0')
			break;
	}
	sa_harness_puts(why, "shuffle-audit not found: SHUFFLE_AUDIT is not "
	    "set and no shuffle-audit on PATH (");
	sa_harness_puts(why, dirs != NULL ? dirs : "PATH is not set");
	sa_harness_puts(why, ")");
	return 127;
}

/*
 * The command that runs this program again as call K's audited child,
 * into CMD: this program's file and arguments as /proc/self gives them;
 * 0, or -1 with the reason in WHY.
 */
static inline int
sa_harness_child(struct sa_harness_text *cmd, unsigned k,
    struct sa_harness_text *why)
{
	char exe[4096], num[24];
	struct sa_harness_text args = { NULL, 0, 0, 0 };
	ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
	FILE *f = fopen("/proc/self/cmdline", "rb");
	size_t got, at;

	if (len <= 0 || len >= (ssize_t)sizeof exe - 1 || f == NULL) {
		if (f != NULL)
			fclose(f);
		if (len >= (ssize_t)sizeof exe - 1)
			errno = ENAMETOOLONG;
		sa_harness_puts(why, "this program's file and arguments are "
		    "not in /proc/self (exe, cmdline): ");
		sa_harness_puts(why, strerror(errno));
		return -1;
	}
	exe[len] = '\0';
	while ((got = fread(num, 1, sizeof num, f)) > 0)
		sa_harness_put(&args, num, got);
	fclose(f);
	sprintf(num, "%u", k);
	sa_harness_puts(cmd, "SHUFFLE_AUDIT_CHILD=");
	sa_harness_puts(cmd, num);
	sa_harness_puts(cmd, " ");
	sa_harness_quote(cmd, exe);
	/* The arguments after the first (the program's name), each ended
	 * by a NUL. */
	at = args.s != NULL ? strlen(args.s) + 1 : 0;
	for (; at < args.len; at += strlen(args.s + at) + 1) {
		sa_harness_puts(cmd, " ");
		sa_harness_quote(cmd, args.s + at);
	}
	sa_harness_puts(cmd, " 3>&1 1>/dev/null");
	free(args.s);
	return 0;
}

/*
 * Runs ARGV[0] with ARGV, its standard output into OUT and its standard
 * error into ERR, its input /dev/null; its exit status (128 + N when
 * signal N ended it), 126 with the reason in ERR when it could not be
 * started, or -1 with errno when no process could be.
 */
static inline int
sa_harness_spawn(const char *const *argv, struct sa_harness_text *out,
    struct sa_harness_text *err)
{
	int o[2], e[2], st, open_ = 2;
	pid_t pid;

	if (pipe(o) < 0)
		return -1;
	if (pipe(e) < 0) {
		close(o[0]);
		close(o[1]);
		return -1;
	}
	if ((pid = fork()) < 0) {
		close(o[0]);
		close(o[1]);
		close(e[0]);
		close(e[1]);
		return -1;
	}
	if (pid == 0) {
		int null = open("/dev/null", O_RDONLY);
		const char *why;

		if (null > 0) {
			dup2(null, 0);
			close(null);
		}
		dup2(o[1], 1);
		dup2(e[1], 2);
		close(o[0]);
		close(o[1]);
		close(e[0]);
		close(e[1]);
		execv(argv[0], (char *const *)argv);
		why = strerror(errno);
		if (write(2, argv[0], strlen(argv[0])) < 0 ||
		    write(2, ": cannot run it: ", 17) < 0 ||
		    write(2, why, strlen(why)) < 0 || write(2, "\n", 1) < 0)
			_exit(126);
		_exit(126);
	}
	close(o[1]);
	close(e[1]);
	/* Both read as they come: a full pipe of one would stop the other. */
	while (open_ > 0) {
		struct pollfd fds[2];
		char buf[4096];
		ssize_t got;

		fds[0].fd = o[0];
		fds[1].fd = e[0];
		fds[0].events = fds[1].events = POLLIN;
		if (poll(fds, 2, -1) < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		for (int i = 0; i < 2; i++) {
			if (fds[i].fd < 0 || fds[i].revents == 0)
				continue;
			got = read(fds[i].fd, buf, sizeof buf);
			if (got > 0) {
				sa_harness_put(i == 0 ? out : err, buf,
				    (size_t)got);
			} else if (got == 0 || errno != EINTR) {
				close(fds[i].fd);
				*(i == 0 ? &o[0] : &e[0]) = -1;
				open_--;
			}
		}
	}
	if (o[0] >= 0)
		close(o[0]);
	if (e[0] >= 0)
		close(e[0]);
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return -1;
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

/* In the audited child: serves the census with SHUFFLE and ends the
 * process. */
static inline void
sa_harness_serve(void (*shuffle)(unsigned *deck, size_t n))
{
	/* What the runner wrote is flushed where it went (/dev/null); the
	 * census's line becomes standard output. */
	fflush(stdout);
	if (dup2(3, 1) < 0) {
		fputs("sa_harness: SHUFFLE_AUDIT_CHILD is set but descriptor 3, "
		    "the census's line, is not open: run as "
		    "sa_harness_assert_fair runs it\n", stderr);
		_exit(2);
	}
	close(3);
	/* The shuffle's crash is its own, not caught by the runner. */
	signal(SIGSEGV, SIG_DFL);
	signal(SIGFPE, SIG_DFL);
	signal(SIGILL, SIG_DFL);
	signal(SIGABRT, SIG_DFL);
#ifdef SIGBUS
	signal(SIGBUS, SIG_DFL);
#endif
	sa_harness_run(shuffle);
	fflush(stdout);
	/* Not exit(): the runner's own handlers (its reports, at exit)
	 * belong to the run of the tests, not to this child. */
	_exit(0);
}

/*
 * The message of the census's exit STATUS into MSG, from its standard
 * output OUT and error ERR and the command REPRO that runs it again;
 * for 127 and -1, MSG holds the reason already, and gets its prefix.
 */
static inline void
sa_harness_message(int status, const struct sa_harness_text *out,
    const struct sa_harness_text *err, const struct sa_harness_text *repro,
    struct sa_harness_text *msg)
{
	struct sa_harness_text head = { NULL, 0, 0, 0 };
	char num[24];

	if (status == 0) {
		sa_harness_puts(msg, out->s);
		return;
	}
	if (status == 127 || status < 0) {
		sa_harness_puts(&head, "sa_harness: error: ");
		sa_harness_puts(&head, msg->s);
		sa_harness_puts(&head, "\n");
		free(msg->s);
		*msg = head;
		return;
	}
	if (status == 1 || status == 4) {
		sa_harness_puts(msg, status == 1 ? "sa_harness: unfair (exit "
		    "status 1), the census's report:\n" : "sa_harness: unfair "
		    "under the model of its raw words or reals, which decides "
		    "it (exit status 4), the census's report:\n");
	} else {
		sprintf(num, "%d", status);
		sa_harness_puts(msg, "sa_harness: error: the shuffle was not "
		    "judged (exit status ");
		sa_harness_puts(msg, num);
		sa_harness_puts(msg, status == 2 ? ", a usage error" :
		    status == 3 ? ", the shuffle misbehaved" : status == 126 ?
		    ", shuffle-audit could not be run" : status > 128 ?
		    ", shuffle-audit was killed by a signal" :
		    ", a status shuffle-audit does not give");
		sa_harness_puts(msg, "):\n");
		sa_harness_puts(msg, err->s);
	}
	sa_harness_puts(msg, out->s);
	sa_harness_puts(msg, "reproduce: ");
	sa_harness_puts(msg, repro->s);
	sa_harness_puts(msg, "\n");
}

/*
 * Audits SHUFFLE on CARDS cards from inside a test (see above), with the
 * further census flags EXTRA (NULL, or a list ended by NULL: { "--raw-bits",
 * "3", NULL }).  Returns the census's exit status: 0 fair; 1 unfair and 4
 * unfair under the model of raw words or reals, which decides it (a
 * test's failure); 2 a usage error, 3 the shuffle misbehaved, 127
 * shuffle-audit not found and -1 no process could be started (errors).
 * *REPORT, when REPORT is not NULL, gets the message (malloc'd, the
 * caller frees it; NULL only when memory ran out): for 0, the census's
 * summary (empty for a call the audited child passes over); for 1 and
 * 4, a line saying so, the summary whole (the verdict, the commonest and
 * rarest orderings with their counts) and a line "reproduce: COMMAND", a
 * shell command that runs the same census from the directory the test
 * ran in; for 2 and 3, the reason (the census's standard error), its
 * report and that line; for 127 and -1, the reason.  With REPORT NULL,
 * the message of a status other than 0 goes to standard error.
 */
static inline int
sa_harness_assert_fair_args(void (*shuffle)(unsigned *deck, size_t n),
    unsigned cards, const char *const *extra, char **report)
{
	static unsigned calls;
	struct sa_harness_text bin = { NULL, 0, 0, 0 }, cmd = bin, out = bin,
	    err = bin, msg = bin, repro = bin;
	const char *child = getenv("SHUFFLE_AUDIT_CHILD");
	const char *fixed[] = { NULL, "census", "--exec", NULL, "-n", NULL,
	    "--summary" };
	const char **argv;
	char num[24];
	size_t nextra = 0, i;
	unsigned k = ++calls;
	int status;

	if (report != NULL)
		*report = NULL;
	if (child != NULL && *child != '\0') {
		char *end;
		unsigned long want = strtoul(child, &end, 10);

		if (*end != '\0' || want < k) {
			fprintf(stderr, "sa_harness: SHUFFLE_AUDIT_CHILD=%s: "
			    "this run of the program made no such call of "
			    "sa_harness_assert_fair (this is call %u)\n",
			    child, k);
			_exit(2);
		}
		if (want == k)
			sa_harness_serve(shuffle);
		/* An earlier call, passed over: nothing audited, nothing
		 * to report, but a report all the same. */
		if (report != NULL && (*report = (char *)malloc(1)) != NULL)
			**report = '\0';
		return 0;
	}
	status = sa_harness_find(&bin, &msg);
	if (status == 0)
		status = sa_harness_child(&cmd, k, &msg);
	while (extra != NULL && extra[nextra] != NULL)
		nextra++;
	argv = (const char **)malloc((8 + nextra) * sizeof *argv);
	if (status == 0 && (argv == NULL || bin.broken || cmd.broken)) {
		sa_harness_puts(&msg, "out of memory");
		status = -1;
	}
	if (status == 0) {
		sprintf(num, "%u", cards);
		memcpy(argv, fixed, sizeof fixed);
		argv[0] = bin.s;
		argv[3] = cmd.s;
		argv[5] = num;
		for (i = 0; i < nextra; i++)
			argv[7 + i] = extra[i];
		argv[7 + nextra] = NULL;
		/* The same census, as a shell would be given it. */
		sa_harness_quote(&repro, getenv("SHUFFLE_AUDIT") != NULL &&
		    *getenv("SHUFFLE_AUDIT") != '\0' ? bin.s : "shuffle-audit");
		for (i = 1; argv[i] != NULL; i++) {
			sa_harness_puts(&repro, " ");
			sa_harness_quote(&repro, argv[i]);
		}
		status = sa_harness_spawn(argv, &out, &err);
		if (status < 0) {
			sa_harness_puts(&msg, "cannot start shuffle-audit: ");
			sa_harness_puts(&msg, strerror(errno));
		}
	}
	sa_harness_message(status, &out, &err, &repro, &msg);
	if (report != NULL) {
		*report = msg.s;
		msg.s = NULL;
	} else if (status != 0 && msg.s != NULL) {
		/* After what the runner has written, in a log of both. */
		fflush(stdout);
		fputs(msg.s, stderr);
	}
	free(argv);
	free(bin.s);
	free(cmd.s);
	free(out.s);
	free(err.s);
	free(msg.s);
	free(repro.s);
	return status;
}

/* sa_harness_assert_fair_args with no further flags, its message (if
 * any) to standard error. */
static inline int
sa_harness_assert_fair(void (*shuffle)(unsigned *deck, size_t n),
    unsigned cards)
{
	return sa_harness_assert_fair_args(shuffle, cards, NULL, NULL);
}
#endif /* SA_HARNESS_OWN_INPUT */

#ifdef __cplusplus
namespace sa_harness {
/*
 * 32-bit words, each a raw word v of B bits placed in the word by
 * sa_harness_place: by default repeated across it from bit 0 up (v | v
 * << B | v << 2B ...), so that every B adjacent bits vary as a uniform
 * word's would: what a mask reads and what a shift reads.
 */
struct engine {
	typedef uint32_t result_type;
	static constexpr result_type min() { return 0; }
	static constexpr result_type max() { return UINT32_MAX; }
	result_type operator()()
	{
		return (result_type)sa_harness_place(sa_harness_raw(), 32);
	}
};

/*
 * A generator of B-bit words, as its range says (max() is 2^B - 1): the
 * raw words themselves, so the audit must be run with --raw-bits B.
 */
template <unsigned B>
struct words {
	static_assert(B >= 1 && B <= 32, "1 to 32 bits");
	typedef uint32_t result_type;
	static constexpr result_type min() { return 0; }
	static constexpr result_type max()
	{
		return (result_type)((UINT64_C(1) << B) - 1);
	}
	result_type operator()()
	{
		if (sa_harness_s.bits != B)
			sa_harness_fail("this generator's words are not of the "
			    "--raw-bits width it was built for");
		return (result_type)sa_harness_raw();
	}
};
}
#endif

#endif /* SA_HARNESS_H */
