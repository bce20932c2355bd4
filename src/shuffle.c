/*
 * shuffle.c - the built-in shuffles, each written against the draw oracle.
 *
 * Every shuffle here is the short loop its authors wrote, plus, where it
 * is made of swap steps, the same loop described step by step for the
 * census's dynamic program.  The test suite runs both forms over every
 * draw sequence and checks that they agree.
 */
#include <string.h>

#include "shuffle_audit.h"

static void
swap(unsigned *deck, size_t i, size_t j)
{
	unsigned t = deck[i];

	deck[i] = deck[j];
	deck[j] = t;
}

/*
 * The naive shuffle: for each position i from 0 up, swap it with a
 * position drawn from all n.  n^n runs onto n! orderings; n! does not
 * divide n^n for n > 2, so it cannot be fair there.
 */
static void
naive_run(const sa_shuffle *self, unsigned *deck, size_t n, sa_oracle *o)
{
	(void)self;
	for (size_t i = 0; i < n; i++)
		swap(deck, i, sa_draw(o, n));
}

static size_t
naive_steps(const sa_shuffle *self, size_t n)
{
	(void)self;
	return n;
}

static void
naive_step(const sa_shuffle *self, size_t n, size_t s, sa_step *out)
{
	(void)self;
	out->pos = s;
	out->lo = 0;
	out->count = n;
}

/*
 * Durstenfeld's shuffle (Algorithm 235, 1964), the in-place Fisher-Yates:
 * for i from n-1 down to 1, swap i with a position drawn from [0, i].
 * The bounds are n, n-1, ..., 2, so there are exactly n! runs, and each
 * lands on a different ordering.
 */
static void
durstenfeld_run(const sa_shuffle *self, unsigned *deck, size_t n,
    sa_oracle *o)
{
	(void)self;
	for (size_t i = n; i-- > 1;)
		swap(deck, i, sa_draw(o, i + 1));
}

static size_t
durstenfeld_steps(const sa_shuffle *self, size_t n)
{
	(void)self;
	return n > 0 ? n - 1 : 0;
}

static void
durstenfeld_step(const sa_shuffle *self, size_t n, size_t s, sa_step *out)
{
	(void)self;
	out->pos = n - 1 - s;
	out->lo = 0;
	out->count = n - s;
}

static const sa_shuffle builtins[] = {
	{
		"naive",
		"for each position i from 0 up, swap it with a position drawn "
		"from all n",
		"n^n",
		naive_run, naive_steps, naive_step
	},
	{
		"durstenfeld",
		"for i from n-1 down to 1, swap i with a position drawn from "
		"[0, i] (Fisher-Yates)",
		"n!",
		durstenfeld_run, durstenfeld_steps, durstenfeld_step
	},
};

size_t
sa_shuffle_count(void)
{
	return sizeof builtins / sizeof builtins[0];
}

const sa_shuffle *
sa_shuffle_at(size_t i)
{
	return i < sa_shuffle_count() ? &builtins[i] : NULL;
}

const sa_shuffle *
sa_shuffle_find(const char *name)
{
	for (size_t i = 0; i < sa_shuffle_count(); i++)
		if (strcmp(builtins[i].name, name) == 0)
			return &builtins[i];
	return NULL;
}
