/*
 * stream.c - a walk streamed: audited code walks the census in a process
 * of its own and writes what each run did to a descriptor, and the
 * auditor's census takes that transcript as its shuffle.  Each run's
 * draws are made again in the auditor's own odometer, in order, and each
 * value the code got must be the one the odometer gives there; its deck
 * is handed to the engine, which checks it and counts it.  So nothing
 * the code writes is counted unchecked, and what it does to its own
 * memory (the census it keeps, a flag saying it is done) changes
 * nothing: the walk, its end and the tally are the auditor's.
 *
 * The transcript, in this machine's byte order, a tag byte an item.  A
 * draw is written before it is made, by a lower-case tag, and the tag is
 * made upper-case (v for d) with the value added once the draw returns;
 * nothing is flushed in between:
 *
 *	R			a run begins
 *	d K-1 / v K-1 V		a draw below K, 1 <= K <= 2^32 (4 bytes each)
 *	b K / B K V		a draw below another K (8 bytes each)
 *	w BITS / W BITS V	a raw word of BITS bits (8 bytes each)
 *	c / C V			a real's cell (4 bytes)
 *	u / U V			a real, its bits (8 bytes)
 *	f STATUS		the code gave the run up (8 bytes)
 *	D N P0 ... P(N-1)	the run's deck (a byte each; N <= SA_PERM_MAX)
 *	E STATUS LEN MSG	the code's walk ended (4, 2, LEN bytes)
 *
 * A draw left lower-case is one the engine did not return from (a run
 * cut at the depth, or failed): the run's items end there, at the next
 * R or E, and the auditor's odometer must end it at the same draw.  The
 * writer flushes at least every SA_STREAM_FLUSH_S seconds, so that a
 * slow run is not held in a buffer past the timeout.
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

#define FLUSH_BYTES (1 << 15)

/* ==== The code's side ==== */

struct sa_stream_out {
	int fd;
	const sa_shuffle *inner;
	unsigned char buf[FLUSH_BYTES + 64];
	size_t have;
	double flushed;		/* when the buffer was last written */
	volatile int *due;	/* set by the caller's timer: flush */
	bool broken;		/* a write failed: the auditor is gone */
	struct recorder {
		sa_oracle base;
		sa_oracle *o;	/* the engine's */
		sa_stream_out *w;
	} rec;
};

static void
out_flush(sa_stream_out *w)
{
	size_t at = 0;

	while (at < w->have && !w->broken) {
		ssize_t put = write(w->fd, w->buf + at, w->have - at);

		if (put < 0 && errno == EINTR)
			continue;
		if (put <= 0)
			w->broken = true;
		else
			at += (size_t)put;
	}
	w->have = 0;
	w->flushed = sa_clock();
}

static void
out_put(sa_stream_out *w, int tag, const void *data, size_t len)
{
	if (w->have + 1 + len > sizeof w->buf)
		out_flush(w);
	w->buf[w->have++] = (unsigned char)tag;
	if (len > 0)	/* a tag alone passes no data (NULL) */
		memcpy(w->buf + w->have, data, len);
	w->have += len;
}

/*
 * A draw's tag (TAG) and argument (ALEN bytes), written before it is
 * made; where it was, for done().  Room is made first for its value too,
 * so that nothing is flushed until done() has written it.
 */
static size_t
pending(sa_stream_out *w, int tag, const void *arg, size_t alen)
{
	size_t at;

	if (w->have + 1 + alen + 8 > sizeof w->buf)
		out_flush(w);
	at = w->have;
	w->buf[w->have++] = (unsigned char)tag;
	if (alen > 0)
		memcpy(w->buf + w->have, arg, alen);
	w->have += alen;
	return at;
}

/* The draw at AT returned VALUE (VLEN bytes): its tag upper-cased. */
static void
done(sa_stream_out *w, size_t at, int tag, const void *value, size_t vlen)
{
	w->buf[at] = (unsigned char)tag;
	memcpy(w->buf + w->have, value, vlen);
	w->have += vlen;
}

static uint64_t
rec_draw(sa_oracle *self, uint64_t bound)
{
	struct recorder *r = (struct recorder *)self;
	sa_stream_out *w = r->w;
	uint64_t v;
	size_t at;

	if (bound >= 1 && bound <= SA_DRAW_MAX) {
		uint32_t k = (uint32_t)(bound - 1), v32;

		at = pending(w, 'd', &k, sizeof k);
		v = r->o->draw(r->o, bound);
		v32 = (uint32_t)v;
		done(w, at, 'v', &v32, sizeof v32);
		return v;
	}
	at = pending(w, 'b', &bound, sizeof bound);
	v = r->o->draw(r->o, bound);
	done(w, at, 'B', &v, sizeof v);
	return v;
}

static uint64_t
rec_raw(sa_oracle *self, unsigned bits)
{
	struct recorder *r = (struct recorder *)self;
	uint64_t b = bits, v;
	size_t at = pending(r->w, 'w', &b, sizeof b);

	v = r->o->raw(r->o, bits);
	done(r->w, at, 'W', &v, sizeof v);
	return v;
}

static uint64_t
rec_real(sa_oracle *self)
{
	struct recorder *r = (struct recorder *)self;
	size_t at = pending(r->w, 'c', NULL, 0);
	uint64_t v = r->o->real(r->o);
	uint32_t v32 = (uint32_t)v;

	/* A cell is below the cells, at most 2^32; a wider one is the
	 * engine's to refuse, and is written so that it disagrees. */
	if (v > UINT32_MAX)
		v32 = UINT32_MAX;
	done(r->w, at, 'C', &v32, sizeof v32);
	return v;
}

static double
rec_uniform(sa_oracle *self)
{
	struct recorder *r = (struct recorder *)self;
	size_t at = pending(r->w, 'u', NULL, 0);
	double v = r->o->uniform(r->o);
	uint64_t bits;

	memcpy(&bits, &v, sizeof bits);
	done(r->w, at, 'U', &bits, sizeof bits);
	return v;
}

static void
rec_fail(sa_oracle *self, int status)
{
	struct recorder *r = (struct recorder *)self;

	uint64_t st = (uint64_t)(int64_t)status;

	out_put(r->w, 'f', &st, sizeof st);
	if (r->o->fail != NULL)
		r->o->fail(r->o, status);
}

static void
out_run(const sa_shuffle *sh, unsigned *deck, size_t n, sa_oracle *o)
{
	sa_stream_out *w = sh->ctx;
	struct recorder *r = &w->rec;
	r->o = o;
	r->base.draw = rec_draw;
	r->base.raw = o->raw != NULL ? rec_raw : NULL;
	r->base.word_bits = o->word_bits;
	r->base.fail = rec_fail;
	r->base.real_cells = o->real_cells;
	r->base.real = o->real != NULL ? rec_real : NULL;
	r->base.uniform = o->uniform != NULL ? rec_uniform : NULL;
	out_put(w, 'R', NULL, 0);
	w->inner->run(w->inner, deck, n, &r->base);
	/* What the code may have changed in the oracle it was given. */
	o->real_cells = r->base.real_cells;
	if (w->have + 2 + n > sizeof w->buf)
		out_flush(w);
	w->buf[w->have++] = 'D';
	w->buf[w->have++] = (unsigned char)n;
	for (size_t i = 0; i < n; i++)
		w->buf[w->have++] = (unsigned char)(deck[i] < 255 ? deck[i] :
		    255);
	/* With the caller's timer, no clock is read a run. */
	if (w->have >= FLUSH_BYTES || (w->due != NULL ? *w->due != 0 :
	    sa_clock() - w->flushed >= SA_STREAM_FLUSH_S)) {
		out_flush(w);
		if (w->due != NULL)
			*w->due = 0;
	}
}

void
sa_stream_out_timer(sa_stream_out *w, volatile int *due)
{
	w->due = due;
}

int
sa_stream_out_new(int fd, const sa_shuffle *inner, sa_stream_out **out)
{
	sa_stream_out *w = calloc(1, sizeof *w);

	*out = w;
	if (w == NULL)
		return SA_ENOMEM;
	w->fd = fd;
	w->inner = inner;
	w->flushed = sa_clock();
	w->rec.w = w;
	return SA_OK;
}

void
sa_stream_out_shuffle(sa_stream_out *w, sa_shuffle *sh)
{
	memset(sh, 0, sizeof *sh);
	sh->name = w->inner->name;
	sh->run = out_run;
	sh->ctx = w;
}

int
sa_stream_out_end(sa_stream_out *w, int status, const char *msg)
{
	int32_t st = status;
	uint16_t len = (uint16_t)(msg != NULL ? strnlen(msg, 1024) : 0);

	out_put(w, 'E', &st, sizeof st);
	if (w->have + sizeof len + len > sizeof w->buf)
		out_flush(w);
	memcpy(w->buf + w->have, &len, sizeof len);
	w->have += sizeof len;
	for (size_t i = 0; i < len; i++) {
		if (w->have + 1 > sizeof w->buf)
			out_flush(w);
		w->buf[w->have++] = (unsigned char)msg[i];
	}
	out_flush(w);
	return w->broken ? SA_EPROTO : SA_OK;
}

void
sa_stream_out_free(sa_stream_out *w)
{
	free(w);
}

/* ==== The auditor's side ==== */

/* One draw of a run as the code told it. */
struct item {
	char tag;		/* d w c u f */
	bool done;		/* a value came back */
	uint64_t arg, value;
};

struct sa_stream_in {
	sa_stream_opts o;
	unsigned char *buf;
	size_t have, cap, at;	/* AT: the next item not yet taken */
	struct item *items;
	size_t nitems, items_cap;
	unsigned *deck;
	unsigned char cards[SA_PERM_MAX];
	size_t deck_n;
	bool has_deck;
	bool ended;		/* E was read */
	int code_status;
	char code_msg[1025];
	int cause;		/* SA_STREAM_ */
	double last;		/* when a wait began after whole runs */
	uint64_t completed, seen;	/* runs handed over; at LAST */
	unsigned since;		/* runs since the progress line was told */
	bool waited;		/* a read had to wait for the code */
	sa_replay_window win;
	char what[512];
};

static void
what(sa_stream_in *p, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(p->what, sizeof p->what, fmt, ap);
	va_end(ap);
}

/*
 * More bytes into P's buffer, waiting at most until the timeout since the
 * last whole run or the deadline, whichever is first.  SA_OK; SA_ETIME at
 * the deadline; SA_EPROTO (with P->what) at the timeout, an end of file
 * or an error.
 */
static int
fill(sa_stream_in *p)
{
	if (p->at > 0) {
		memmove(p->buf, p->buf + p->at, p->have - p->at);
		p->have -= p->at;
		p->at = 0;
	}
	if (p->have == p->cap) {
		what(p, "wrote a run longer than %zu bytes of transcript",
		    p->cap);
		return SA_EPROTO;
	}
	for (;;) {
		struct pollfd pfd = { p->o.from, POLLIN, 0 };
		double now = sa_clock(), until, left;
		ssize_t got;

		/* The timeout runs from the last whole run, which came no
		 * later than the first wait after it: the clock is read when
		 * a read waits, not a run. */
		if (p->completed != p->seen) {
			p->seen = p->completed;
			p->last = now;
		}
		until = p->last + p->o.timeout;
		p->waited = true;
		if (p->o.deadline > 0 && p->o.deadline < until) {
			if (now >= p->o.deadline)
				return SA_ETIME;
			left = p->o.deadline - now;
		} else if (now >= until) {
			what(p, "made no progress for %u second%s (an endless "
			    "loop?)", p->o.timeout, p->o.timeout == 1 ? "" :
			    "s");
			p->cause = SA_STREAM_QUIET;
			return SA_EPROTO;
		} else {
			left = until - now;
		}
		if (left > 0.25)
			left = 0.25;	/* the watcher's stop is looked at */
		if (p->win.stop)
			return SA_ETIME;
		if (poll(&pfd, 1, (int)(left * 1000) + 1) < 0) {
			if (errno == EINTR)
				continue;
			what(p, "poll: %s", strerror(errno));
			return SA_EPROTO;
		}
		if (pfd.revents == 0)
			continue;
		got = read(p->o.from, p->buf + p->have, p->cap - p->have);
		if (got < 0 && (errno == EINTR || errno == EAGAIN))
			continue;
		if (got <= 0) {
			p->cause = SA_STREAM_CLOSED;
			what(p, "exited, or closed its transcript, in the middle "
			    "of the walk");
			return SA_EPROTO;
		}
		p->have += (size_t)got;
		return SA_OK;
	}
}

/* LEN bytes at P->at + OFF into OUT, reading more as needed. */
static int
take(sa_stream_in *p, size_t off, void *out, size_t len)
{
	int status;

	while (p->have - p->at < off + len)
		if ((status = fill(p)) != SA_OK)
			return status;
	memcpy(out, p->buf + p->at + off, len);
	return SA_OK;
}

static int
add_item(sa_stream_in *p, char tag, uint64_t arg, bool done_, uint64_t value)
{
	if (p->nitems == p->items_cap) {
		what(p, "made more than %zu draws in a run (--max-draws)",
		    p->items_cap / 2);
		return SA_EPROTO;
	}
	p->items[p->nitems].tag = tag;
	p->items[p->nitems].done = done_;
	p->items[p->nitems].arg = arg;
	p->items[p->nitems].value = value;
	p->nitems++;
	return SA_OK;
}

/* The code's end: E's status and message, after its tag. */
static int
read_end(sa_stream_in *p)
{
	int32_t st;
	uint16_t len;
	int status;

	if ((status = take(p, 1, &st, sizeof st)) != SA_OK ||
	    (status = take(p, 5, &len, sizeof len)) != SA_OK)
		return status;
	if (len > 1024) {
		what(p, "wrote a damaged transcript (an end of %u bytes)",
		    (unsigned)len);
		return SA_EPROTO;
	}
	if ((status = take(p, 7, p->code_msg, len)) != SA_OK)
		return status;
	p->code_msg[len] = '\0';
	p->code_status = st;
	p->ended = true;
	p->at += 7 + len;
	return SA_OK;
}

/*
 * The next run's items into P->items (and its deck, when it has one);
 * SA_OK, or a status with P->what.  A run ends at its deck, or at the
 * next run's R or the walk's E, which are left to be read.
 */
static int
read_run(sa_stream_in *p, size_t n)
{
	unsigned char tag;
	int status;

	p->nitems = 0;
	p->has_deck = false;
	if ((status = take(p, 0, &tag, 1)) != SA_OK)
		return status;
	if (tag == 'E') {
		if ((status = read_end(p)) != SA_OK)
			return status;
		/*
		 * Its own engine found its run broken (it wrote outside its
		 * deck, say): that is the census's end, which a walk can
		 * only make worse by saying so, never better.
		 */
		p->cause = SA_STREAM_ENDED;
		if (p->code_status != SA_OK && p->code_status != SA_ETIME)
			return p->code_status;
		what(p, "ended its walk before the auditor's (its own walk "
		    "said: %s%s%s)", sa_strerror(p->code_status),
		    p->code_msg[0] ? ", " : "", p->code_msg);
		p->cause = SA_STREAM_OK;
		return SA_EPROTO;
	}
	if (tag != 'R') {
		what(p, "wrote a damaged transcript (byte 0x%02x where a run "
		    "begins)", tag);
		return SA_EPROTO;
	}
	p->at++;
	for (;;) {
		uint64_t k = 0, v = 0;
		uint32_t k32 = 0, v32 = 0;
		unsigned char len8;
		bool up;

		if ((status = take(p, 0, &tag, 1)) != SA_OK)
			return status;
		switch (tag) {
		case 'R':
		case 'E':
			return SA_OK;	/* a run the engine left */
		case 'd':
		case 'v':
			if ((status = take(p, 1, &k32, sizeof k32)) != SA_OK ||
			    (tag == 'v' && (status = take(p, 5, &v32,
			    sizeof v32)) != SA_OK) || (status = add_item(p, 'd',
			    (uint64_t)k32 + 1, tag == 'v', v32)) != SA_OK)
				return status;
			p->at += tag == 'v' ? 9 : 5;
			if (tag == 'd')
				return SA_OK;
			break;
		case 'b':
		case 'B':
		case 'w':
		case 'W':
		case 'f':
			up = tag == 'B' || tag == 'W';
			if ((status = take(p, 1, &k, sizeof k)) != SA_OK ||
			    (up && (status = take(p, 9, &v, sizeof v)) != SA_OK) ||
			    (status = add_item(p, tag == 'f' ? 'f' : tag == 'b' ||
			    tag == 'B' ? 'd' : 'w', k, up, v)) != SA_OK)
				return status;
			p->at += up ? 17 : 9;
			if (!up)
				return SA_OK;
			break;
		case 'c':
		case 'C':
			if ((tag == 'C' && (status = take(p, 1, &v32,
			    sizeof v32)) != SA_OK) || (status = add_item(p, 'c', 0,
			    tag == 'C', v32)) != SA_OK)
				return status;
			p->at += tag == 'C' ? 5 : 1;
			if (tag == 'c')
				return SA_OK;
			break;
		case 'u':
		case 'U':
			if ((tag == 'U' && (status = take(p, 1, &v,
			    sizeof v)) != SA_OK) || (status = add_item(p, 'u', 0,
			    tag == 'U', v)) != SA_OK)
				return status;
			p->at += tag == 'U' ? 9 : 1;
			if (tag == 'u')
				return SA_OK;
			break;
		case 'D':
			if ((status = take(p, 1, &len8, 1)) != SA_OK)
				return status;
			if (len8 != n) {
				what(p, "wrote a deck of %u cards for a run of "
				    "%zu", (unsigned)len8, n);
				return SA_EPROTO;
			}
			if ((status = take(p, 2, p->cards, n)) != SA_OK)
				return status;
			for (size_t i = 0; i < n; i++)
				p->deck[i] = p->cards[i];
			p->at += 2 + n;
			p->has_deck = true;
			return SA_OK;
		default:
			what(p, "wrote a damaged transcript (byte 0x%02x)", tag);
			return SA_EPROTO;
		}
	}
}

/* The auditor's oracle disagrees with the code's: the run is failed. */
static void
disagree(sa_stream_in *p, sa_oracle *o, size_t k, const char *how)
{
	what(p, "walked otherwise than the auditor at draw %zu of the "
	    "run: %s", k + 1, how);
	o->fail(o, SA_EPROTO);
}

static void
in_run(const sa_shuffle *sh, unsigned *deck, size_t n, sa_oracle *o)
{
	sa_stream_in *p = sh->ctx;
	int status;

	if (n > p->deck_n) {
		what(p, "a run of %zu cards, past the %zu it was set up for", n,
		    p->deck_n);
		o->fail(o, SA_EPROTO);
	}
	if ((status = read_run(p, n)) != SA_OK)
		o->fail(o, status);
	/* Each draw made again, in order, by the auditor's odometer. */
	for (size_t k = 0; k < p->nitems; k++) {
		const struct item *it = &p->items[k];
		uint64_t v = 0;
		double u;

		switch (it->tag) {
		case 'd':
			v = o->draw(o, it->arg);
			break;
		case 'w':
			if (o->raw == NULL || it->arg < 1 || it->arg > 64)
				disagree(p, o, k, "a raw word it could not ask");
			v = o->raw(o, (unsigned)it->arg);
			break;
		case 'c':
			if (o->real == NULL)
				disagree(p, o, k, "a real it could not ask");
			v = o->real(o);
			break;
		case 'u':
			if (o->uniform == NULL)
				disagree(p, o, k, "a real it could not ask");
			u = o->uniform(o);
			memcpy(&v, &u, sizeof v);
			break;
		default:	/* 'f' */
			if (o->fail != NULL)
				o->fail(o, (int)(int64_t)it->arg);
			disagree(p, o, k, "it gave the run up");
		}
		if (!it->done)
			disagree(p, o, k, "its run ended there, and the "
			    "auditor's went on");
		if (v != it->value)
			disagree(p, o, k, "it got another value");
	}
	if (!p->has_deck) {
		what(p, "its run ended after %zu draws, and the auditor's "
		    "went on", p->nitems);
		o->fail(o, SA_EPROTO);
	}
	memcpy(deck, p->deck, n * sizeof *deck);
	p->completed++;
	/* The progress line a run in 256, or after the code kept us
	 * waiting: a slow walk is shown as it goes, a fast one cheaply. */
	if (p->o.after_run != NULL && (++p->since >= 256 || p->waited)) {
		p->since = 0;
		p->waited = false;
		p->o.after_run(p->o.ctx, &p->win);
	}
}

int
sa_stream_in_new(const sa_stream_opts *o, size_t n, sa_stream_in **out)
{
	sa_stream_in *p;

	*out = NULL;
	if (o->max_draws == 0 || o->timeout == 0 || n == 0 ||
	    o->max_draws > SIZE_MAX / 64 || n > SA_PERM_MAX)
		return SA_EINVAL;
	if ((p = calloc(1, sizeof *p)) == NULL)
		return SA_ENOMEM;
	p->o = *o;
	p->items_cap = 2 * o->max_draws + 2;
	/* A run's items and deck, with room to read ahead. */
	p->cap = 17 * p->items_cap + n + (1 << 16);
	p->buf = malloc(p->cap);
	p->items = malloc(p->items_cap * sizeof *p->items);
	p->deck = malloc(n * sizeof *p->deck);
	p->deck_n = n;
	p->last = sa_clock();
	if (!sa_window_new(&p->win, o->max_draws) || p->buf == NULL ||
	    p->items == NULL || p->deck == NULL) {
		sa_stream_in_free(p);
		return SA_ENOMEM;
	}
	*out = p;
	return SA_OK;
}

void
sa_stream_in_free(sa_stream_in *p)
{
	if (p == NULL)
		return;
	free(p->buf);
	free(p->items);
	free(p->deck);
	sa_window_free(&p->win);
	free(p);
}

void
sa_stream_in_shuffle(sa_stream_in *p, sa_shuffle *sh)
{
	memset(sh, 0, sizeof *sh);
	sh->name = "stream";
	sh->run = in_run;
	sh->ctx = p;
}

sa_replay_window *
sa_stream_in_window(sa_stream_in *p)
{
	return &p->win;
}

const char *
sa_stream_in_what(const sa_stream_in *p)
{
	return p->what;
}

int
sa_stream_in_finish(sa_stream_in *p, int *code_status, char *msg,
    size_t size)
{
	unsigned char tag;
	int status;

	*code_status = SA_OK;
	if (msg != NULL && size > 0)
		msg[0] = '\0';
	if (!p->ended) {
		if ((status = take(p, 0, &tag, 1)) != SA_OK)
			return status;
		if (tag != 'E') {
			what(p, "walked on past the auditor's last run");
			return SA_EPROTO;
		}
		if ((status = read_end(p)) != SA_OK)
			return status;
	}
	*code_status = p->code_status;
	if (msg != NULL && size > 0)
		snprintf(msg, size, "%s", p->code_msg);
	if (p->code_status != SA_OK) {
		what(p, "its own walk ended with \"%s\", where the auditor's "
		    "ended well", sa_strerror(p->code_status));
		return SA_EPROTO;
	}
	return SA_OK;
}

int
sa_stream_in_cause(const sa_stream_in *p)
{
	return p->cause;
}

int
sa_stream_in_opening(sa_stream_in *p, int *code_status, char *msg,
    size_t size)
{
	unsigned char tag;
	int status;

	*code_status = SA_OK;
	if ((status = take(p, 0, &tag, 1)) != SA_OK)
		return status;
	if (tag != 'E')
		return SA_OK;	/* its walk began */
	if ((status = read_end(p)) != SA_OK)
		return status;
	*code_status = p->code_status;
	if (msg != NULL && size > 0)
		snprintf(msg, size, "%s", p->code_msg);
	return SA_EINVAL;
}
