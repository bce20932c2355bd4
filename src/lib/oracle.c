/*
 * oracle.c - the scripted oracle, shared by the replay engine and trace,
 * and the one place the draw contract is checked (see internal.h).
 */
#include <string.h>

#include "shuffle_audit.h"
#include "internal.h"

/* A draw that breaks the contract jumps out of the shuffle, which may be
 * looping on the answer it would have been given. */
static void
script_fail(sa_script *s, int err)
{
	s->err = err;
	longjmp(s->abort, 1);
}

static void
script_abandon(sa_oracle *o, int err)
{
	script_fail((sa_script *)o, err == SA_OK ? SA_EPROTO : err);
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

static uint64_t
script_draw(sa_oracle *o, uint64_t bound)
{
	sa_script *s = (sa_script *)o;
	size_t k = s->pos;
	bool bad = bound == 0 || bound > SA_DRAW_MAX;
	uint64_t v;

	if (s->watch != NULL)
		*s->watch = k + 1;
	if (k < s->len) {
		if (s->bound[k] != bound)
			script_fail(s, bad ? SA_EBOUND : SA_ENONDET);
		s->pos++;
		return s->val[k];
	}
	if (s->mode == SA_SCRIPT_STRICT)
		script_fail(s, SA_ENONDET);	/* more draws than the first time */
	if (k == s->cap) {
		s->cut_bound = bound;
		script_fail(s, s->cut ? SA_SCRIPT_CUT : SA_EDRAWS);
	}
	if (s->before != NULL)
		s->before(s);
	/* Recorded before it is judged, so a report can show it. */
	s->bound[k] = bound;
	s->val[k] = 0;
	if (bad)
		script_fail(s, SA_EBOUND);
	v = answer(s, k, bound);
	s->val[k] = v;
	s->len = s->pos = k + 1;
	return v;
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

/* The cell of a real is a draw below the cells. */
static uint64_t
script_real(sa_oracle *o)
{
	sa_script *s = (sa_script *)o;

	if (s->real_used != NULL)
		*s->real_used = true;
	return script_draw(o, sa_real_cells(o));
}

void
sa_script_init(sa_script *s, enum sa_script_mode mode, uint64_t *val,
    uint64_t *bound, size_t cap, unsigned word_bits)
{
	memset(s, 0, sizeof *s);
	s->base.draw = script_draw;
	s->base.raw = script_raw;
	s->base.real = script_real;
	s->base.fail = script_abandon;
	s->base.word_bits = word_bits;
	s->mode = mode;
	s->val = val;
	s->bound = bound;
	s->cap = cap;
}
