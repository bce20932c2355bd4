/*
 * oracle.c - the scripted oracle, shared by the replay engine and trace,
 * and the one place the draw contract is checked (see internal.h).
 */
#include <stdlib.h>
#include <string.h>

#include "shuffle_audit.h"
#include "shuffle_audit_audit.h"
#include "internal.h"

/* A draw that breaks the contract jumps out of the shuffle, which may be
 * looping on the answer it would have been given. */
static void
script_fail(sa_script *s, int err)
{
	s->err = err;
	longjmp(s->abort, 1);
}

/*
 * The code's own oracle->fail: the run is its misbehaviour, SA_EPROTO,
 * whatever STATUS it gives.  Its status picks none of the walk's (a run
 * cut at the depth, a deadline, memory), which are the library's alone:
 * those reach the walk only through sa_oracle_break.
 */
static void
script_abandon(sa_oracle *o, int status)
{
	(void)status;
	script_fail((sa_script *)o, SA_EPROTO);
}

/* The answer to new draw K below BOUND, by the script's mode. */
static uint64_t
answer(sa_script *s, size_t k, uint64_t bound)
{
	uint64_t v = 0;

	switch (s->mode) {
	case SA_SCRIPT_GIVEN:
		if (k >= s->ngiven)
			script_fail(s, SA_ESHORT);
		v = s->given[k];
		s->val[k] = v;
		if (v >= bound)
			script_fail(s, SA_ERANGE);
		break;
	case SA_SCRIPT_SOURCE:
		v = sa_draw(s->source, bound);
		break;
	case SA_SCRIPT_REPLAY:
	case SA_SCRIPT_STRICT:
		break;		/* the odometer's new digit starts at 0 */
	}
	return v;
}

/*
 * Digit POS of the odometer, below BOUND: a draw the code asked for, or,
 * PLACE, the place of a real among the run's earlier reals in its cell,
 * whose recorded bound carries SA_PLACE_DRAW.  A place draw is part of
 * its real: it does not count against the cap (CAP counts the code's own
 * draws), only against the room the record has.
 */
static uint64_t
digit(sa_script *s, uint64_t bound, bool place)
{
	size_t k = s->pos;
	uint64_t mark = place ? SA_PLACE_DRAW : 0;
	bool bad = bound == 0 || bound > SA_DRAW_MAX;
	uint64_t v;

	if (s->watch != NULL)
		*s->watch = k + 1;
	if (k < s->len) {
		if (s->bound[k] != (bound | mark))
			script_fail(s, bad ? SA_EBOUND : SA_ENONDET);
		s->pos++;
		s->places += place;
		return s->val[k];
	}
	if (s->mode == SA_SCRIPT_STRICT)
		script_fail(s, SA_ENONDET);	/* more draws than the first time */
	if (k == s->room || (!place && k - s->places == s->cap)) {
		if (s->watch != NULL)
			*s->watch = k;	/* not recorded: the run's draws end */
		s->cut_bound = bound;
		script_fail(s, s->cut && k < s->room ? SA_SCRIPT_CUT :
		    SA_EDRAWS);
	}
	if (s->before != NULL)
		s->before(s);
	/* Recorded before it is judged, so a report can show it. */
	s->bound[k] = bound | mark;
	s->val[k] = 0;
	if (bad)
		script_fail(s, SA_EBOUND);
	v = answer(s, k, bound);
	s->val[k] = v;
	s->len = s->pos = k + 1;
	s->places += place;
	return v;
}

static uint64_t
script_draw(sa_oracle *o, uint64_t bound)
{
	return digit((sa_script *)o, bound, false);
}

/* A raw word of BITS bits is a draw below 2^BITS. */
static uint64_t
script_raw(sa_oracle *o, unsigned bits)
{
	sa_script *s = (sa_script *)o;

	if (s->raw_used != NULL)
		*s->raw_used = true;
	if (bits < 1 || bits > 32) {
		if (s->watch != NULL)
			*s->watch = s->pos;
		script_fail(s, SA_EBOUND);
	}
	return script_draw(o, UINT64_C(1) << bits);
}

/*
 * Reals exact under comparison.  Independent uniform reals U1, U2, ...
 * fall in cells floor(M Ui) that are independent and uniform; given the
 * cells, their places within the cells are independent and uniform
 * again, so the reals of one cell lie in a uniformly random order (a tie
 * has probability 0), independent of everything else.  A run builds
 * that order one real at a time: a real that falls in a cell holding K
 * earlier reals of the run takes each of the K + 1 gaps among them with
 * probability 1/(K + 1), a draw below K + 1, and inserting each new one
 * at a uniform gap makes every order of the cell's reals equally likely.
 * So a run has probability M^-r over the product of those K + 1, the
 * chance independent uniform reals give its cells and order, and code
 * whose outcome depends on its reals only through their cells and their
 * order is counted exactly: floor(u * k) for k dividing M and u < p/q
 * for q dividing M are functions of the cell, u < v of the cells and the
 * order.  The values (sa_real_at) keep both: each lies strictly inside
 * its cell, at the middle of its gap.  A draw below 1 would change
 * nothing, so the first real of a cell makes no place draw, and code
 * without ties is walked as it always was.
 */

/* The run's reals in cell CELL: [*FROM, *TO) of S's sorted list. */
static void
cell_range(const sa_script *s, uint64_t cell, size_t *from, size_t *to)
{
	size_t i = 0;

	while (i < s->nreal && s->real_cell[i] < cell)
		i++;
	*from = i;
	while (i < s->nreal && s->real_cell[i] == cell)
		i++;
	*to = i;
}

/* A real of the run: its cell into *CELL, its value returned. */
static double
take_real(sa_script *s, uint64_t *cell)
{
	uint64_t m = sa_real_cells(&s->base), lo, hi, pos;
	size_t from, to, at;
	double u;

	if (s->real_used != NULL)
		*s->real_used = true;
	if (s->real_cell == NULL || s->real_pos == NULL) {
		sa_script_release(s);
		s->real_cell = malloc(s->cap * sizeof *s->real_cell);
		s->real_pos = malloc(s->cap * sizeof *s->real_pos);
		if (s->real_cell == NULL || s->real_pos == NULL)
			script_fail(s, SA_ENOMEM);
	}
	*cell = digit(s, m, false);
	cell_range(s, *cell, &from, &to);
	at = from;
	if (to > from)
		at += digit(s, to - from + 1, true);
	lo = at > from ? s->real_pos[at - 1] : 0;
	hi = at < to ? s->real_pos[at] : SA_REAL_PLACES;
	pos = lo / 2 + hi / 2;
	/* An odd sum is a gap of one place: deeper than any double keeps. */
	if ((lo % 2 + hi % 2) != 0 ||
	    sa_real_at(*cell, pos, m, s->real_place, &u) != SA_OK)
		script_fail(s, SA_ETIES);
	/* At most one real a draw, so the list has room. */
	memmove(s->real_cell + at + 1, s->real_cell + at,
	    (s->nreal - at) * sizeof *s->real_cell);
	memmove(s->real_pos + at + 1, s->real_pos + at,
	    (s->nreal - at) * sizeof *s->real_pos);
	s->real_cell[at] = *cell;
	s->real_pos[at] = pos;
	s->nreal++;
	return u;
}

static double
script_uniform(sa_oracle *o)
{
	uint64_t cell;

	return take_real((sa_script *)o, &cell);
}

/*
 * A real for code that asks for its cell only (a plugin built against a
 * header from before the oracle had uniform()): it computes the midpoint
 * itself, so its tied reals are equal, as they were then.
 */
static uint64_t
script_real(sa_oracle *o)
{
	uint64_t cell;

	(void)take_real((sa_script *)o, &cell);
	return cell;
}

void
sa_oracle_break(sa_oracle *o, int status)
{
	if (o->draw == script_draw)
		script_fail((sa_script *)o, status);
	if (o->fail != NULL)
		o->fail(o, status);
}

const sa_script *
sa_script_of(const sa_oracle *o)
{
	return o != NULL && o->draw == script_draw ? (const sa_script *)o :
	    NULL;
}

size_t
sa_script_take(sa_oracle *o, const uint64_t *bound, const uint64_t *value,
    size_t stride, size_t n, size_t known)
{
	sa_script *s = (sa_script *)o;
	size_t k;

	if (o == NULL || o->draw != script_draw || s->pos != 0)
		return 0;
	if (n > s->len)
		n = s->len;
	/*
	 * As digit takes a recorded draw: the same bound, its value.  The
	 * first K were the record's when the run before ended, and it has
	 * not moved them since: they would compare equal.
	 */
	k = known < s->same ? known : s->same;
	if (k > n)
		k = n;
	for (; k < n; k++) {
		const uint64_t *b = (const uint64_t *)(const void *)
		    ((const char *)bound + k * stride);
		const uint64_t *v = (const uint64_t *)(const void *)
		    ((const char *)value + k * stride);

		if (s->bound[k] != *b || s->val[k] != *v)
			break;
	}
	s->pos = k;
	if (k > 0 && s->watch != NULL)
		*s->watch = k;
	return k;
}

size_t
sa_script_again(sa_oracle *o, size_t n)
{
	sa_script *s = (sa_script *)o;

	if (o == NULL || o->draw != script_draw || s->pos != 0 ||
	    s->mode != SA_SCRIPT_STRICT)
		return 0;
	if (n > s->len)
		n = s->len;
	s->pos = n;
	if (n > 0 && s->watch != NULL)
		*s->watch = n;
	return n;
}

size_t
sa_script_requests(const sa_script *s)
{
	return s->pos - s->places;
}

bool
sa_script_expects(const sa_script *s, uint64_t bound)
{
	return s->mode != SA_SCRIPT_STRICT ||
	    (s->pos < s->len && s->bound[s->pos] == bound);
}

uint64_t
sa_script_real_place(const sa_script *s)
{
	uint64_t cell = s->pos < s->len ? s->val[s->pos] : 0;
	size_t from, to;

	cell_range(s, cell, &from, &to);
	return to > from ? to - from + 1 : 0;
}

unsigned
sa_real_place_bits(uint64_t m)
{
	unsigned bits = 0;

	for (; m != 0; m >>= 1)
		bits++;
	return bits >= 51 ? 0 : (51 - bits) / 2 < 20 ? (51 - bits) / 2 : 20;
}

/* An odd integer next to (3 - sqrt 5) / 2 times 2^K, K <= 52. */
static uint64_t
inner_of(unsigned k)
{
	/* (3 - sqrt 5) / 2 = 0.3819660112501051517..., times 2^52:
	 * 1720221985934168.24... */
	uint64_t c = UINT64_C(1720221985934168) >> (52 - k);

	return c | 1;
}

/*
 * The bits of the inner point of a place of depth D among M cells: as
 * many as the double keeps, 51 less the bits of M and D, so that the
 * point's low bits are no small power of two's (code that reads a
 * real's low bits, floor(u * 2^32) & 1, sees them vary); at least K.
 */
static unsigned
inner_bits(uint64_t m, unsigned d, unsigned k)
{
	unsigned bits = 0;

	for (; m != 0; m >>= 1)
		bits++;
	return bits + d + k >= 51 ? k : 51 - bits - d;
}

int
sa_real_at(uint64_t cell, uint64_t pos, uint64_t m, unsigned place,
    double *u)
{
	uint64_t a = pos, c;
	unsigned d = 52, k = sa_real_place_bits(m);

	if (m == 0 || m > SA_DRAW_MAX || cell >= m || pos == 0 ||
	    pos >= SA_REAL_PLACES || (place > SA_PLACE_INNER &&
	    (place % SA_PLACE_AT_ONE != SA_PLACE_AT(0) ||
	    place / SA_PLACE_AT_ONE == 0)))
		return SA_EINVAL;
	for (; a % 2 == 0; a /= 2)
		d--;
	if (place > SA_PLACE_INNER) {
		/* h(x) = T / 2^22 + (x - 1/2) / 2^24, over 2^(D + 24), odd
		 * past D = 1: refused where a double cannot hold it. */
		if (d >= 2 && d + 24 > 51)
			return SA_ETIES;
		a = (uint64_t)(place / SA_PLACE_AT_ONE) << (d + 2);
		a = a + (pos >> (52 - d)) - (UINT64_C(1) << (d - 1));
		d += 24;
		for (; a % 2 == 0 && d > 0; a /= 2)
			d--;
		place = SA_PLACE_MID;	/* placed: the checks below */
	}
	/* x = A / 2^D, A odd, D from 1 to 52; then h(x), as A / 2^D. */
	switch (place) {
	case SA_PLACE_QUARTER:
		d += 1;
		break;
	case SA_PLACE_LOW:
	case SA_PLACE_HIGH:
	case SA_PLACE_INNER:
		if (k == 0 || d + k > 51)
			return SA_ETIES;
		if (place == SA_PLACE_HIGH)	/* 2^(D+K) - (2^D - A) */
			a = (UINT64_C(1) << (d + k)) - (UINT64_C(1) << d) + a;
		else if (place == SA_PLACE_INNER) {
			k = inner_bits(m, d, k);
			c = inner_of(k);
			/* x <= 1/2: 2 C x; past it, C + (2x - 1)(2^K - C). */
			a = 2 * a <= (UINT64_C(1) << d) ? 2 * c * a : (c << d) +
			    (2 * a - (UINT64_C(1) << d)) *
			    ((UINT64_C(1) << k) - c);
		}
		d += k;
		for (; a % 2 == 0 && d > 0; a /= 2)
			d--;
		break;
	default:
		break;
	}
	if (d > 51 || m > (UINT64_C(1) << 51) >> d)
		return SA_ETIES;
	*u = (double)((cell << d) + a) / (double)(m << d);
	return SA_OK;
}

void
sa_script_release(sa_script *s)
{
	free(s->real_cell);
	free(s->real_pos);
	s->real_cell = s->real_pos = NULL;
	s->nreal = 0;
}

void
sa_script_init(sa_script *s, enum sa_script_mode mode, uint64_t *val,
    uint64_t *bound, size_t cap, unsigned word_bits)
{
	memset(s, 0, sizeof *s);
	s->base.draw = script_draw;
	s->base.raw = script_raw;
	s->base.real = script_real;
	s->base.uniform = script_uniform;
	s->base.fail = script_abandon;
	s->base.word_bits = word_bits;
	s->mode = mode;
	s->val = val;
	s->bound = bound;
	s->cap = s->room = cap;
}
