/*
 * cardtable.c - the shuffles people do by hand, over the draw oracle:
 * the riffle (Gilbert-Shannon-Reeds), the overhand shuffle, the pile
 * shuffle and the cut.  Their entries are in shuffle.c's table.
 */
#include <stdlib.h>
#include <string.h>

#include "shuffle_audit.h"
#include "internal.h"

#define SCRATCH 1024

/*
 * The shuffle's K or P: its value, or its default ("1", "2").  (Not
 * sa_shuffle_param: shuffle.c's table points here, and the library's
 * files call each other in one direction only.)
 */
static uint64_t
param_of(const sa_shuffle *self)
{
	return self->value != 0 ? self->value :
	    strtoull(self->param_default, NULL, 10);
}

/*
 * One riffle in the Gilbert-Shannon-Reeds model: a fair coin for each
 * position of the result; the cards of the top packet (as many as there
 * are 0s, in their order) fall where the coins say 0, the rest where they
 * say 1.  Each of the 2^n coin sequences is one cut and one interleaving,
 * so the cut is binomial and every interleaving of it equally likely
 * (Bayer and Diaconis 1992, section 2).
 */
static void
riffle_once(unsigned *deck, size_t n, sa_oracle *o)
{
	unsigned char coin[SCRATCH];
	unsigned out[SCRATCH];
	size_t top = 0, bottom, zeros = 0;

	for (size_t p = 0; p < n; p++) {
		coin[p] = (unsigned char)sa_draw(o, 2);
		zeros += coin[p] == 0;
	}
	bottom = zeros;
	for (size_t p = 0; p < n; p++)
		out[p] = coin[p] == 0 ? deck[top++] : deck[bottom++];
	memcpy(deck, out, n * sizeof *deck);
}

/* 2^(COINS K) runs for K rounds of COINS coins, up to 2^20 bits. */
static int
coin_runs(const sa_shuffle *self, size_t coins, sa_big *out)
{
	uint64_t times = param_of(self);

	/* As the step form's counts are held to it (sa_runs_exact). */
	if (coins > 0 && times > SA_RUNS_MAX_BITS / coins)
		return SA_ETOOBIG;
	return sa_big_pow2(out, (uint32_t)(coins * times));
}

void
sa_riffle_run(const sa_shuffle *self, unsigned *deck, size_t n,
    sa_oracle *o)
{
	for (uint64_t k = param_of(self); k > 0; k--)
		riffle_once(deck, n, o);
}

int
sa_riffle_runs(const sa_shuffle *self, size_t n, sa_big *out)
{
	return coin_runs(self, n, out);
}

/*
 * After K riffles an ordering with r rising sequences comes up in
 * C(2^K + n - r, n) of the 2^(nK) runs (Bayer and Diaconis 1992,
 * theorem 1).  A rising sequence is a maximal run of consecutive cards
 * c, c + 1, ... that lie in increasing positions, so r is one more than
 * the cards c whose c + 1 lies above them.
 */
int
sa_riffle_closed(const sa_shuffle *self, size_t n, const unsigned *deck,
    sa_big *out)
{
	uint64_t times = param_of(self), r = 1;
	size_t pos[SCRATCH];

	if (times > 62)
		return SA_EOVERFLOW;	/* 2^K + n must fit in 64 bits */
	for (size_t p = 0; p < n; p++)
		pos[deck[p]] = p;
	for (size_t c = 0; c + 1 < n; c++)
		r += pos[c + 1] < pos[c];
	return sa_big_binomial(out, (UINT64_C(1) << times) + n - r,
	    (uint32_t)n);
}

/*
 * One overhand shuffle in the standard model (Pemantle 1989): each of
 * the n - 1 gaps between neighbouring cards is a cut by a fair coin, and
 * the packets so made are taken off the top one by one onto a new pile,
 * so their order reverses while each keeps its own.
 */
static void
overhand_once(unsigned *deck, size_t n, sa_oracle *o)
{
	unsigned out[SCRATCH];
	size_t start = 0, end = n;

	if (n < 2)
		return;
	for (size_t gap = 1; gap <= n; gap++) {
		/* a packet ends at each cut, and at the bottom */
		if (gap < n && sa_draw(o, 2) == 0)
			continue;
		end -= gap - start;
		memcpy(out + end, deck + start, (gap - start) * sizeof *deck);
		start = gap;
	}
	memcpy(deck, out, n * sizeof *deck);
}

void
sa_overhand_run(const sa_shuffle *self, unsigned *deck, size_t n,
    sa_oracle *o)
{
	for (uint64_t k = param_of(self); k > 0; k--)
		overhand_once(deck, n, o);
}

int
sa_overhand_runs(const sa_shuffle *self, size_t n, sa_big *out)
{
	return coin_runs(self, n > 0 ? n - 1 : 0, out);
}

/*
 * The pile shuffle: deal the cards from the top one by one onto P piles
 * in turn, each card on top of its pile, then stack the piles with the
 * first on top.  No draw at all: one run, one ordering.
 */
void
sa_pile_run(const sa_shuffle *self, unsigned *deck, size_t n,
    sa_oracle *o)
{
	uint64_t piles = param_of(self);
	unsigned out[SCRATCH];
	size_t at = 0;

	(void)o;
	for (uint64_t j = 0; j < piles && j < n; j++) {
		/* pile j holds cards j, j + P, ...; the last dealt on top */
		size_t last = j + (n - 1 - j) / piles * piles;

		for (size_t c = last + piles; c >= j + piles; c -= piles)
			out[at++] = deck[c - piles];
	}
	memcpy(deck, out, n * sizeof *deck);
}

int
sa_pile_runs(const sa_shuffle *self, size_t n, sa_big *out)
{
	(void)self;
	(void)n;
	return sa_big_set_u64(out, 1);
}
