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
 * The transcript, little-endian, a tag byte an item.  A draw is written
 * before it is made, by a lower-case tag, and the tag is made upper-case
 * (v for d) with the value added once the draw returns; nothing is
 * flushed in between.  A program that walks in a language of its own
 * (the exec protocol's streamed walk) writes each draw once it returns,
 * and may start a run with the items it shares with the run before:
 *
 *	R			a run begins
 *	K P			its first P items are the run before's (4 bytes)
 *	d K-1 / v K-1 V		a draw below K, 1 <= K <= 2^32 (4 bytes each)
 *	b K / B K V		a draw below another K (8 bytes each)
 *	w BITS / W BITS V	a raw word of BITS bits (8 bytes each)
 *	c / C V			a real's cell (4 bytes)
 *	u / U V			a real, its bits (8 bytes)
 *	f STATUS		the code gave the run up (8 bytes)
 *	D N P0 ... P(N-1)	the run's deck (a byte each; N <= SA_PERM_MAX)
 *	X LEN MSG		the code gave up, saying why (2, LEN bytes)
 *	E STATUS LEN MSG	the code's walk ended (4, 2, LEN bytes)
 *
 * A draw left lower-case is one the engine did not return from (a run
 * cut at the depth, or failed): the run's items end there, at the next
 * R or E, and the auditor's odometer must end it at the same draw.  The
 * statuses of f and E are the code's words, never the auditor's: a run
 * given up, or a walk that ends early or not with 0, fails the run with
 * SA_EPROTO, quoting them (E with SA_EOVERRUN, which only the code's
 * own engine can see, is told as that breach).  The
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

/* V as LEN little-endian bytes at TO, and back. */
static void
put_le(unsigned char *to, uint64_t v, size_t len)
{
	for (size_t i = 0; i < len; i++)
		to[i] = (unsigned char)(v >> (8 * i));
}

/* Four little-endian bytes at FROM. */
static uint32_t
le32(const unsigned char *from)
{
	return (uint32_t)from[0] | (uint32_t)from[1] << 8 |
	    (uint32_t)from[2] << 16 | (uint32_t)from[3] << 24;
}

static uint64_t
get_le(const unsigned char *from, size_t len)
{
	uint64_t v = 0;

	for (size_t i = len; i > 0; i--)
		v = v << 8 | from[i - 1];
	return v;
}

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

/* TAG and V as LEN bytes (none: the tag alone). */
static void
out_put(sa_stream_out *w, int tag, uint64_t v, size_t len)
{
	if (w->have + 1 + len > sizeof w->buf)
		out_flush(w);
	w->buf[w->have++] = (unsigned char)tag;
	put_le(w->buf + w->have, v, len);
	w->have += len;
}

/*
 * A draw's tag (TAG) and argument (ALEN bytes), written before it is
 * made; where it was, for done().  Room is made first for its value too,
 * so that nothing is flushed until done() has written it.
 */
static size_t
pending(sa_stream_out *w, int tag, uint64_t arg, size_t alen)
{
	size_t at;

	if (w->have + 1 + alen + 8 > sizeof w->buf)
		out_flush(w);
	at = w->have;
	w->buf[w->have++] = (unsigned char)tag;
	put_le(w->buf + w->have, arg, alen);
	w->have += alen;
	return at;
}

/* The draw at AT returned VALUE (VLEN bytes): its tag upper-cased. */
static void
done(sa_stream_out *w, size_t at, int tag, uint64_t value, size_t vlen)
{
	w->buf[at] = (unsigned char)tag;
	put_le(w->buf + w->have, value, vlen);
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
		at = pending(w, 'd', bound - 1, 4);
		v = r->o->draw(r->o, bound);
		done(w, at, 'v', v, 4);
		return v;
	}
	at = pending(w, 'b', bound, 8);
	v = r->o->draw(r->o, bound);
	done(w, at, 'B', v, 8);
	return v;
}

static uint64_t
rec_raw(sa_oracle *self, unsigned bits)
{
	struct recorder *r = (struct recorder *)self;
	size_t at = pending(r->w, 'w', bits, 8);
	uint64_t v = r->o->raw(r->o, bits);

	done(r->w, at, 'W', v, 8);
	return v;
}

static uint64_t
rec_real(sa_oracle *self)
{
	struct recorder *r = (struct recorder *)self;
	size_t at = pending(r->w, 'c', 0, 0);
	uint64_t v = r->o->real(r->o);

	/* A cell is below the cells, at most 2^32; a wider one is the
	 * engine's to refuse, and is written so that it disagrees. */
	done(r->w, at, 'C', v > UINT32_MAX ? UINT32_MAX : v, 4);
	return v;
}

static double
rec_uniform(sa_oracle *self)
{
	struct recorder *r = (struct recorder *)self;
	size_t at = pending(r->w, 'u', 0, 0);
	double v = r->o->uniform(r->o);
	uint64_t bits;

	memcpy(&bits, &v, sizeof bits);
	done(r->w, at, 'U', bits, 8);
	return v;
}

static void
rec_fail(sa_oracle *self, int status)
{
	struct recorder *r = (struct recorder *)self;

	out_put(r->w, 'f', (uint64_t)(int64_t)status, 8);
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
	out_put(w, 'R', 0, 0);
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
sa_stream_out_flush(sa_stream_out *w)
{
	out_flush(w);
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
	size_t len = msg != NULL ? strnlen(msg, 1024) : 0;

	out_put(w, 'E', (uint32_t)(int32_t)status, 4);
	if (w->have + 2 > sizeof w->buf)
		out_flush(w);
	put_le(w->buf + w->have, len, 2);
	w->have += 2;
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
	size_t plain;		/* the first items, each a draw that returned */
	size_t shared;		/* the first items, the run before's (K) */
	/* The first items, each a draw, that the last run made whole took
	 * as the auditor's odometer gave them: its record when it ended. */
	size_t known;
	bool again;		/* the run read is the run before's draws */
	unsigned *deck;
	unsigned char cards[SA_PERM_MAX];	/* DECK as it was written */
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
	/* The runs kept to be run again by the caller (opts' KEEP): the
	 * first KEEP / 2 completed, and a reservoir of the rest. */
	sa_stream_kept *kept;
	size_t nkept;
	uint64_t rng;
	/* Or every run, or one in K (opts' KEEP_ONE_IN), each written into
	 * the bytes REC (REC_LEN of REC_CAP) as it differs from the run kept
	 * before it, PREV (put_kept); and read back by two readers in turn
	 * (sa_stream_in_kept). */
	unsigned char *rec;
	size_t rec_len, rec_cap;
	struct kept_run {
		sa_stream_kept k;	/* the run, its draws in VAL, BOUND */
		uint64_t *val, *bound;
		unsigned *deck;
		size_t cap;		/* VAL's and BOUND's room */
		size_t next, at;	/* the next run to read, at AT in REC */
	} prev, reader[2];
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

/*
 * The LEN bytes at P->at, reading more as needed: where they are in
 * P->buf until the next read, or NULL with a status in *STATUS.
 */
static const unsigned char *
need(sa_stream_in *p, size_t len, int *status)
{
	while (p->have - p->at < len)
		if ((*status = fill(p)) != SA_OK)
			return NULL;
	return p->buf + p->at;
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
		    p->o.max_draws);
		return SA_EPROTO;
	}
	if (p->plain == p->nitems && tag == 'd' && done_)
		p->plain++;
	p->items[p->nitems].tag = tag;
	p->items[p->nitems].done = done_;
	p->items[p->nitems].arg = arg;
	p->items[p->nitems].value = value;
	p->nitems++;
	return SA_OK;
}

/* A number of LEN little-endian bytes at P->at + OFF into *V. */
static int
num(sa_stream_in *p, size_t off, size_t len, uint64_t *v)
{
	unsigned char b[8];
	int status = take(p, off, b, len);

	*v = get_le(b, len);
	return status;
}

/*
 * A message of a length (2 bytes) and its bytes at P->at + OFF into
 * P->code_msg; the bytes it took, or 0 (a status in *STATUS).
 */
static size_t
message(sa_stream_in *p, size_t off, int *status)
{
	uint64_t len;

	if ((*status = num(p, off, 2, &len)) != SA_OK)
		return 0;
	if (len > 1024) {
		what(p, "wrote a damaged transcript (a message of %u bytes)",
		    (unsigned)len);
		*status = SA_EPROTO;
		return 0;
	}
	if ((*status = take(p, off + 2, p->code_msg, (size_t)len)) != SA_OK)
		return 0;
	p->code_msg[len] = '\0';
	return 2 + (size_t)len;
}

/* The code's end: E's status and message, after its tag. */
static int
read_end(sa_stream_in *p)
{
	uint64_t st;
	size_t len;
	int status;

	if ((status = num(p, 1, 4, &st)) != SA_OK ||
	    (len = message(p, 5, &status)) == 0)
		return status;
	p->code_status = (int32_t)(uint32_t)st;
	p->ended = true;
	p->at += 5 + len;
	return SA_OK;
}

/* The N cards at CARDS (a byte each) as P's deck. */
static void
deck_from(sa_stream_in *p, const unsigned char *cards, size_t n)
{
	for (size_t i = 0; i < n; i++)
		p->deck[i] = cards[i];
	memcpy(p->cards, cards, n);
	p->has_deck = true;
}

/* P's deck of N cards, after its D tag. */
static int
read_deck(sa_stream_in *p, size_t n)
{
	const unsigned char *b;
	uint64_t len;
	int status = SA_OK;

	if ((status = num(p, 1, 1, &len)) != SA_OK)
		return status;
	if (len != n) {
		what(p, "wrote a deck of %u cards for a run of %zu",
		    (unsigned)len, n);
		return SA_EPROTO;
	}
	if ((b = need(p, 2 + n, &status)) == NULL)
		return status;
	deck_from(p, b + 2, n);
	p->at += 2 + n;
	return SA_OK;
}

/*
 * K P: the run's first P items are the run before's, PREV of them, each
 * of which returned (its first PLAIN did, draws all).
 */
static int
read_kept(sa_stream_in *p, size_t prev, size_t plain)
{
	uint64_t kept;
	int status;

	if ((status = num(p, 1, 4, &kept)) != SA_OK)
		return status;
	if (p->nitems != 0 || kept > prev) {
		what(p, "wrote a damaged transcript (a run that keeps %llu "
		    "items of the run before, which had %zu)",
		    (unsigned long long)kept, p->nitems != 0 ? 0 : prev);
		return SA_EPROTO;
	}
	for (size_t k = plain; k < kept; k++)
		if (!p->items[k].done) {
			what(p, "wrote a damaged transcript (a run that keeps "
			    "a draw the run before did not return from)");
			return SA_EPROTO;
		}
	p->nitems = p->shared = (size_t)kept;
	p->plain = plain < kept ? plain : (size_t)kept;
	p->at += 5;
	return SA_OK;
}

/* Whether P's buffer begins with "R K LEN D N" and N cards after it:
 * a run that keeps all LEN items of the run before, then its deck. */
static bool
repeat_at(const sa_stream_in *p, size_t n, size_t len)
{
	const unsigned char *at = p->buf + p->at;

	return p->have - p->at >= 8 + n && at[0] == 'R' && at[1] == 'K' &&
	    le32(at + 2) == len && at[6] == 'D' && at[7] == n;
}

/*
 * "R K KEPT v ... D N deck", whole in P's buffer after a run of PREV
 * draws that all returned: read in one pass, as the items below would
 * read it, and true (most runs of a walk).  False, with nothing taken
 * but items past the ones kept (which the reading below writes again),
 * for anything else.
 */
static bool
read_whole(sa_stream_in *p, size_t n, size_t prev)
{
	const unsigned char *at = p->buf + p->at;
	size_t end = p->have - p->at, i = 6, m;

	if (end < 6 || at[0] != 'R' || at[1] != 'K' || (m = le32(at + 2)) >
	    prev)
		return false;
	p->shared = m;
	for (; i + 9 <= end && at[i] == 'v' && m < p->items_cap; i += 9, m++) {
		p->items[m].tag = 'd';
		p->items[m].done = true;
		p->items[m].arg = (uint64_t)le32(at + i + 1) + 1;
		p->items[m].value = le32(at + i + 5);
	}
	if (i + 2 + n > end || at[i] != 'D' || at[i + 1] != n)
		return false;
	p->nitems = p->plain = m;
	deck_from(p, at + i + 2, n);
	p->at += i + 2 + n;
	return true;
}

/*
 * The code's walk ended (an E item, its status and message read) where
 * the auditor's goes on.  Its own engine may have found its run broken
 * in the one way only it can see, a write outside its deck: that ends
 * the census, which a walk can only make worse by saying so, never
 * better, and is told as that breach.  Every other breach the auditor's
 * own walk finds first.  Any other status is the code's own word, never
 * the auditor's (a time limit, memory, a count too big), and its walk
 * ending early its misbehaviour: SA_EPROTO.
 */
static int
ended_early(sa_stream_in *p)
{
	if (p->code_status == SA_EOVERRUN) {
		p->cause = SA_STREAM_ENDED;
		return SA_EOVERRUN;
	}
	what(p, "ended its walk before the auditor's, with a status of its "
	    "own, %d%s%s", p->code_status, p->code_msg[0] ? ": " : "",
	    p->code_msg);
	p->cause = SA_STREAM_OK;
	return SA_EPROTO;
}

/*
 * The next run's items into P->items (and its deck, when it has one);
 * SA_OK, or a status with P->what.  A run ends at its deck, or at the
 * next run's R or the walk's E, which are left to be read.
 */
static int
read_run(sa_stream_in *p, size_t n)
{
	size_t prev = p->nitems, plain = p->plain, len;
	const unsigned char *at = p->buf + p->at;
	unsigned char tag;
	int status;

	/*
	 * "R K PREV D N deck": the run before's draws, all of them returned,
	 * and a deck (a run made again under --repeat, mostly), read at
	 * once.
	 */
	if (plain == prev && repeat_at(p, n, prev)) {
		deck_from(p, at + 8, n);
		p->at += 8 + n;
		p->shared = prev;
		p->again = true;
		return SA_OK;
	}
	p->again = false;
	if (plain == prev && read_whole(p, n, prev))
		return SA_OK;
	p->nitems = p->plain = p->shared = 0;
	p->has_deck = false;
	if ((status = take(p, 0, &tag, 1)) != SA_OK)
		return status;
	if (tag == 'E') {
		if ((status = read_end(p)) != SA_OK)
			return status;
		return ended_early(p);
	}
	if (tag != 'R') {
		what(p, "wrote a damaged transcript (byte 0x%02x where a run "
		    "begins)", tag);
		return SA_EPROTO;
	}
	p->at++;
	for (;;) {
		uint64_t k = 0, v = 0;
		size_t arg = 0, val = 0;
		const unsigned char *b;
		char kind;

		if ((b = need(p, 1, &status)) == NULL)
			return status;
		/* A draw below a bound of 32 bits, most items: at once. */
		if (b[0] == 'v' && p->have - p->at >= 9) {
			if ((status = add_item(p, 'd', (uint64_t)le32(b + 1) + 1,
			    true, le32(b + 5))) != SA_OK)
				return status;
			p->at += 9;
			continue;
		}
		switch (tag = b[0]) {
		case 'R':
		case 'E':
			return SA_OK;	/* a run the engine left */
		case 'K':
			if ((status = read_kept(p, prev, plain)) != SA_OK)
				return status;
			continue;
		case 'X':
			if ((len = message(p, 1, &status)) == 0)
				return status;
			p->at += 1 + len;
			what(p, "gave the run up: \"%s\"", p->code_msg);
			return SA_EPROTO;
		case 'D':
			return read_deck(p, n);
		case 'd': case 'v': arg = 4; val = 4; kind = 'd'; break;
		case 'b': case 'B': arg = 8; val = 8; kind = 'd'; break;
		case 'w': case 'W': arg = 8; val = 8; kind = 'w'; break;
		case 'f': arg = 8; kind = 'f'; break;
		case 'c': case 'C': val = 4; kind = 'c'; break;
		case 'u': case 'U': val = 8; kind = 'u'; break;
		default:
			what(p, "wrote a damaged transcript (byte 0x%02x)", tag);
			return SA_EPROTO;
		}
		/* A draw left (d b w c u, the small letters but v) has no
		 * value; f never has. */
		if (tag != 'v' && tag >= 'a' && tag <= 'z')
			val = 0;
		if ((b = need(p, 1 + arg + val, &status)) == NULL)
			return status;
		k = arg > 0 ? get_le(b + 1, arg) : 0;
		v = val > 0 ? get_le(b + 1 + arg, val) : 0;
		if ((status = add_item(p, kind, tag == 'd' || tag == 'v' ? k + 1 :
		    k, val > 0, v)) != SA_OK)
			return status;
		p->at += 1 + arg + val;
		if (val == 0)
			return SA_OK;	/* the run ends at a draw left */
	}
}

/* The auditor's oracle disagrees with the code's: the run is failed. */
static void
disagree(sa_stream_in *p, sa_oracle *o, size_t k, const char *how)
{
	what(p, "walked otherwise than the auditor at draw %zu of the "
	    "run: %s", k + 1, how);
	sa_oracle_break(o, SA_EPROTO);
}

/*
 * The code gave its run up at item K with STATUS of its own (an f item:
 * a plugin's oracle->fail): its misbehaviour, whatever the status says.
 * It names no status of the auditor's (a run cut at the depth, a time
 * limit, memory), so the run is failed with SA_EPROTO and the status is
 * quoted as the code's.
 */
static void
gave_up(sa_stream_in *p, sa_oracle *o, size_t k, int64_t status)
{
	what(p, "gave the run up itself after %zu draw%s, with a status of "
	    "its own, %lld (oracle->fail, or a streamed walk's f item)", k,
	    k == 1 ? "" : "s", (long long)status);
	sa_oracle_break(o, SA_EPROTO);
}

/* A run of P's reservoir: xorshift64 (Marsaglia 2003). */
static uint64_t
next_rng(sa_stream_in *p)
{
	p->rng ^= p->rng << 13;
	p->rng ^= p->rng >> 7;
	p->rng ^= p->rng << 17;
	return p->rng;
}

/* *A, of SIZE-byte items with room for *CAP, grown (by doubling) to
 * hold NEED; false when it cannot be. */
static bool
grow(void **a, size_t size, size_t *cap, size_t need)
{
	size_t c = *cap > 0 ? *cap : 256;
	void *q;

	while (c < need) {
		if (c > SIZE_MAX / 2 / size)
			return false;
		c *= 2;
	}
	if (c == *cap)
		return true;
	if ((q = realloc(*a, c * size)) == NULL)
		return false;
	*a = q;
	*cap = c;
	return true;
}

/* Room in R for LEN draws; false when memory is short. */
static bool
kept_room(struct kept_run *r, size_t len)
{
	size_t cap = r->cap ? r->cap : 16;
	uint64_t *val, *bound;

	while (cap < len)
		cap *= 2;
	if (cap == r->cap)
		return true;
	if ((val = realloc(r->val, cap * sizeof *val)) == NULL)
		return false;
	r->val = val;
	if ((bound = realloc(r->bound, cap * sizeof *bound)) == NULL)
		return false;
	r->bound = bound;
	r->cap = cap;
	return true;
}

/* V into P's record, 7 bits a byte, the low first (room is the caller's). */
static void
put_varint(sa_stream_in *p, uint64_t v)
{
	while (v >= 0x80) {
		p->rec[p->rec_len++] = (unsigned char)(v | 0x80);
		v >>= 7;
	}
	p->rec[p->rec_len++] = (unsigned char)v;
}

/* The number at *AT in P's record, *AT moved past it. */
static inline uint64_t
get_varint(const sa_stream_in *p, size_t *at)
{
	uint64_t v;
	unsigned shift = 7;
	unsigned char b = p->rec[(*at)++];

	if (b < 0x80)
		return b;	/* the commonest: a number below 128 */
	v = b & 0x7f;
	do {
		b = p->rec[(*at)++];
		v |= (uint64_t)(b & 0x7f) << shift;
		shift += 7;
	} while (b & 0x80);
	return v;
}

/*
 * Run RUN (LEN draws VAL and BOUND, the deck DECK of N cards) into P's
 * record, as it differs from the run kept before it (P->prev): its
 * number past that one's, how many draws they share at their starts,
 * its draws past those (each bound and value), then its cards (0 past
 * N, to the P->deck_n a deck is read back with), each a number of 7 bits
 * a byte.  A walk's runs come in the odometer's order,
 * each mostly the one before, so a run takes some 2 + N bytes where its
 * draws and deck took 16 a draw and 4 a card.  False when memory is
 * short.
 */
static bool
put_kept(sa_stream_in *p, uint64_t run, const uint64_t *val,
    const uint64_t *bound, size_t len, const unsigned *deck, size_t n)
{
	struct kept_run *last = &p->prev;
	size_t same = 0, need;

	while (same < len && same < last->k.len && val[same] ==
	    last->val[same] && bound[same] == last->bound[same])
		same++;
	/* At most 10 bytes a number: three, two a draw past SAME, a card. */
	if ((len - same) > (SIZE_MAX / 32 - p->deck_n - 3) / 2)
		return false;
	need = 10 * (3 + 2 * (len - same) + p->deck_n);
	if (!kept_room(last, len) ||
	    (p->rec_len > SIZE_MAX - need) ||
	    !grow((void **)&p->rec, 1, &p->rec_cap, p->rec_len + need))
		return false;
	put_varint(p, run - last->k.run);
	put_varint(p, same);
	put_varint(p, len - same);
	for (size_t i = same; i < len; i++) {
		put_varint(p, bound[i]);
		put_varint(p, val[i]);
		last->val[i] = val[i];
		last->bound[i] = bound[i];
	}
	for (size_t i = 0; i < p->deck_n; i++)
		put_varint(p, i < n ? deck[i] : 0);
	last->k.run = run;
	last->k.len = len;
	return true;
}

/*
 * The run just read (its draws S's record) appended to P's runs kept
 * one in KEEP_ONE_IN, every one for 1: the choice is a draw below K
 * from the seed the code never learns, so a lie in any one run is kept
 * with the odds 1 in K, wherever it is.  False when memory is short:
 * a run that should be kept is never dropped.
 */
static bool
keep_one_in(sa_stream_in *p, const sa_script *s, size_t n)
{
	uint64_t k = p->o.keep_one_in;

	if (k > 1 && (uint64_t)(((u128)next_rng(p) * k) >> 64) != 0)
		return true;
	if (!put_kept(p, p->win.runs, s->val, s->bound, s->pos, p->deck, n))
		return false;
	p->nkept++;
	return true;
}

/*
 * The run just read, its draws in O's record, into P's kept runs when
 * chosen: one in KEEP_ONE_IN where that is set (keep_one_in, false
 * when memory is short); else the first KEEP / 2 runs, then each later
 * run with the chance of a reservoir (Vitter's algorithm R) over the
 * rest, where a run kept when memory is short is not kept.
 */
static bool
keep_run(sa_stream_in *p, const sa_oracle *o, size_t n)
{
	const sa_script *s = sa_script_of(o);
	size_t half = p->o.keep / 2, slot;
	uint64_t seen = p->win.runs;	/* this run's number */
	sa_stream_kept *k;
	uint64_t *val, *bound;

	/* A run made again (a repeat, under --repeat) is the same run: it
	 * is kept, if at all, as itself. */
	if (s == NULL || s->mode == SA_SCRIPT_STRICT)
		return true;
	if (p->o.keep_one_in > 0)
		return keep_one_in(p, s, n);
	if (p->o.keep == 0)
		return true;
	if (seen <= half || p->nkept < p->o.keep) {
		slot = p->nkept;
	} else {
		/* Below SEEN - HALF by a multiplication, not a division (the
		 * run's choice, not a figure: 2^-64 off uniform is nothing). */
		uint64_t r = (uint64_t)(((u128)next_rng(p) * (seen - half)) >>
		    64);

		if (r >= p->o.keep - half)
			return true;
		slot = half + (size_t)r;
	}
	k = &p->kept[slot];
	val = realloc((void *)k->val, (s->pos + 1) * sizeof *val);
	if (val != NULL)
		k->val = val;
	bound = realloc((void *)k->bound, (s->pos + 1) * sizeof *bound);
	if (bound != NULL)
		k->bound = bound;
	if (val == NULL || bound == NULL || k->deck == NULL)
		return true;
	memcpy(val, s->val, s->pos * sizeof *val);
	memcpy(bound, s->bound, s->pos * sizeof *bound);
	memcpy((unsigned *)k->deck, p->deck, n * sizeof *k->deck);
	k->len = s->pos;
	k->run = p->win.runs;
	if (slot == p->nkept)
		p->nkept++;
	return true;
}

/* A run handed over: counted, and the progress line told a run in 256,
 * or after the code kept us waiting (a slow walk is shown as it goes, a
 * fast one cheaply). */
static void
run_done(sa_stream_in *p)
{
	p->completed++;
	if (p->o.after_run != NULL && (++p->since >= 256 || p->waited)) {
		p->since = 0;
		p->waited = false;
		p->o.after_run(p->o.ctx, &p->win);
	}
}

static void
in_run(const sa_shuffle *sh, unsigned *deck, size_t n, sa_oracle *o)
{
	sa_stream_in *p = sh->ctx;
	size_t known = p->known;
	int status;

	p->known = 0;	/* until this run is made whole */
	if (n > p->deck_n) {
		what(p, "a run of %zu cards, past the %zu it was set up for", n,
		    p->deck_n);
		sa_oracle_break(o, SA_EPROTO);
	}
	if ((status = read_run(p, n)) != SA_OK)
		sa_oracle_break(o, status);
	/*
	 * Each draw made again, in order, by the auditor's odometer: those
	 * its record holds already (the run's kept draws, mostly) compared
	 * with the record at once, the rest asked for one by one.  The kept
	 * items that the run before took from the record, where the record
	 * has not moved since, are its own: not compared again.
	 */
	size_t first = p->again ? sa_script_again(o, p->plain) : 0;

	if (first == 0 && p->plain > 0)
		first = sa_script_take(o, &p->items[0].arg, &p->items[0].value,
		    sizeof *p->items, p->plain, p->shared < known ? p->shared :
		    known);
	for (size_t k = first; k < p->nitems; k++) {
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
			gave_up(p, o, k, (int64_t)it->arg);
		}
		if (!it->done)
			disagree(p, o, k, "its run ended there, and the "
			    "auditor's went on");
		if (v != it->value) {
			char how[160];

			if (it->tag == 'd' && it->value >= it->arg)
				snprintf(how, sizeof how, "it says it got %llu "
				    "from a draw below %llu", (unsigned long long)
				    it->value, (unsigned long long)it->arg);
			else
				snprintf(how, sizeof how, "it says it got %llu "
				    "where the auditor's odometer gives %llu (a "
				    "run skipped, repeated or out of order?)",
				    (unsigned long long)it->value,
				    (unsigned long long)v);
			disagree(p, o, k, how);
		}
	}
	if (!p->has_deck) {
		what(p, "its run ended after %zu draws, and the auditor's "
		    "went on", p->nitems);
		sa_oracle_break(o, SA_EPROTO);
	}
	memcpy(deck, p->deck, n * sizeof *deck);
	if (p->plain == p->nitems)
		p->known = p->nitems;
	if (!keep_run(p, o, n)) {
		what(p, "its runs could not all be kept to be made again");
		o->fail(o, SA_ENOMEM);
	}
	run_done(p);
}

/*
 * A repeat taken at once: what in_run does with "R K LEN D N deck" after
 * a run of LEN draws that all returned (read_run's first case), less the
 * replay around it (at 9 cards, a repeat cost the auditor some 320
 * instructions with it, and some 150 without).  The
 * deck must be the one just read, byte for byte (which in_run copied to
 * the engine's deck); anything else is left to the replay, which names
 * it.
 */
bool
sa_stream_again(const sa_shuffle *sh, size_t n, size_t len)
{
	sa_stream_in *p = sh->ctx;
	const unsigned char *at = p->buf + p->at;

	if (!p->has_deck || p->plain != p->nitems || p->nitems != len ||
	    n > p->deck_n || !repeat_at(p, n, len) ||
	    memcmp(at + 8, p->cards, n) != 0)
		return false;
	p->at += 8 + n;
	p->again = true;
	run_done(p);
	return true;
}

bool
sa_stream_reader(const sa_shuffle *sh)
{
	return sh->run == in_run;
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
	/* A run's items and deck, with room to read ahead: a read takes
	 * up to the 1 MiB pipe (run_exec.c) at once. */
	p->cap = 17 * p->items_cap + n + (1 << 20);
	p->buf = malloc(p->cap);
	p->items = malloc(p->items_cap * sizeof *p->items);
	p->deck = malloc(n * sizeof *p->deck);
	p->deck_n = n;
	p->last = sa_clock();
	p->rng = o->seed | 1;
	if (o->keep_one_in > 0)
		p->o.keep = 0;	/* the arenas grow as runs come */
	p->kept = calloc(p->o.keep ? p->o.keep : 1, sizeof *p->kept);
	for (size_t i = 0; p->kept != NULL && i < p->o.keep; i++)
		if ((p->kept[i].deck = malloc(n * sizeof *p->kept[i].deck)) ==
		    NULL)
			break;
	if (!sa_window_new(&p->win, o->max_draws) || p->buf == NULL ||
	    p->items == NULL || p->deck == NULL || p->kept == NULL ||
	    (p->o.keep > 0 && p->kept[p->o.keep - 1].deck == NULL)) {
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
	for (size_t i = 0; p->kept != NULL && i < p->o.keep; i++) {
		free((void *)p->kept[i].val);
		free((void *)p->kept[i].bound);
		free((void *)p->kept[i].deck);
	}
	free(p->kept);
	free(p->rec);
	free(p->prev.val);
	free(p->prev.bound);
	for (size_t i = 0; i < 2; i++) {
		free(p->reader[i].val);
		free(p->reader[i].bound);
		free(p->reader[i].deck);
	}
	sa_window_free(&p->win);
	free(p);
}

size_t
sa_stream_in_kept(sa_stream_in *p, unsigned reader, size_t i,
    const sa_stream_kept **run)
{
	struct kept_run *r = &p->reader[reader & 1];

	if (run == NULL || i >= p->nkept)
		return p->nkept;
	if (p->o.keep_one_in == 0) {
		*run = &p->kept[i];
		return p->nkept;
	}
	if (r->deck == NULL &&
	    (r->deck = malloc(p->deck_n * sizeof *r->deck)) == NULL)
		return 0;
	/* Read in turn from the first, or on from the last run read. */
	if (i + 1 < r->next || r->next == 0) {
		r->next = r->at = 0;
		r->k.run = 0;
		r->k.len = 0;
	}
	while (r->next <= i) {
		size_t same, len;

		r->k.run += get_varint(p, &r->at);
		same = (size_t)get_varint(p, &r->at);
		len = same + (size_t)get_varint(p, &r->at);
		if (!kept_room(r, len)) {
			r->next = 0;	/* read again from the first */
			return 0;
		}
		for (size_t d = same; d < len; d++) {
			r->bound[d] = get_varint(p, &r->at);
			r->val[d] = get_varint(p, &r->at);
		}
		for (size_t c = 0; c < p->deck_n; c++)
			r->deck[c] = (unsigned)get_varint(p, &r->at);
		r->k.len = len;
		r->next++;
	}
	r->k.val = r->val;
	r->k.bound = r->bound;
	r->k.deck = r->deck;
	*run = &r->k;
	return p->nkept;
}

const unsigned *
sa_stream_in_deck(const sa_stream_in *p)
{
	return p->deck;
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
		what(p, "its own walk ended with a status of its own, %d%s%s, "
		    "where the auditor's ended well", p->code_status,
		    p->code_msg[0] ? ": " : "", p->code_msg);
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
