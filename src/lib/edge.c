/*
 * edge.c - where inside its cells a run of audited code changes its
 * deck: the run made again with every real at one point of its cell,
 * the point moved by halves from where the run lands on its deck to
 * where it lands elsewhere, and the simplest fraction where it moved
 * (the cells that put that point on a cell's edge are the cells to
 * count the code at next).
 *
 * The search proposes; it proves nothing.  A census at the cells it
 * names is made again with every run placed, and only that census's
 * agreement under every placement gives a verdict.  So a wrong guess
 * (code whose edge is no small fraction, or a run whose reals in two
 * cells move together) costs a census, never a verdict.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* The cells past which no cell of a run is looked at for its edge. */
#define EDGE_CELLS_MOST 65536

struct frac {
	uint64_t num, den;	/* DEN 0: infinity */
};

/* -1, 0 or 1 as X is below, at or above Y (DEN 0: infinity), by their
 * continued fractions, so that no product of terms can overflow. */
static int
frac_cmp(struct frac x, struct frac y)
{
	for (int sign = 1;; sign = -sign) {
		uint64_t qx, qy, rx, ry;

		if (x.den == 0 || y.den == 0)
			return x.den == y.den ? 0 : x.den == 0 ? sign : -sign;
		qx = x.num / x.den;
		qy = y.num / y.den;
		if (qx != qy)
			return qx < qy ? -sign : sign;
		rx = x.num % x.den;
		ry = y.num % y.den;
		/* The rest, X - QX = RX / X.DEN, compared by reciprocals:
		 * the order turns over; a rest of 0 is the least. */
		x.num = x.den;
		x.den = rx;
		y.num = y.den;
		y.den = ry;
		if (rx == 0 && ry == 0)
			return 0;
		if (rx == 0 || ry == 0)
			return rx == 0 ? -sign : sign;
	}
}

/* Whether X < Y, or X <= Y with OR_EQUAL. */
static bool
frac_less(struct frac x, struct frac y, bool or_equal)
{
	int c = frac_cmp(x, y);

	return c < 0 || (or_equal && c == 0);
}

/*
 * The simplest fraction (least denominator, then least numerator) in
 * the interval from LO to HI, LO < HI, 0 <= LO, each end in or out as
 * LO_IN and HI_IN say, into *OUT; by continued fractions (Stern and
 * Brocot's tree), each step an integer part and a reciprocal, so at
 * most as many steps as Euclid takes on LO's and HI's terms.  False
 * when the terms outgrow 64 bits.
 */
static bool
simplest(struct frac lo, struct frac hi, bool lo_in, bool hi_in, int depth,
    struct frac *out)
{
	uint64_t f = lo.num / lo.den, k;
	struct frac kf, rlo, rhi, y;

	if (depth > 128)
		return false;
	/* The least integer in the interval, if it is one: simplest. */
	k = lo.num % lo.den == 0 && lo_in ? f : f + 1;
	kf.num = k;
	kf.den = 1;
	if (frac_less(kf, hi, hi_in)) {
		*out = kf;
		return true;
	}
	/* Both ends within (F, F + 1]: X = F + 1 / Y, Y between 1 / (HI - F)
	 * and 1 / (LO - F), the ends' being in swapped. */
	rlo.num = hi.den;
	rlo.den = hi.num - f * hi.den;
	rhi.num = lo.den;
	rhi.den = lo.num - f * lo.den;	/* 0: LO is F, Y unbounded */
	if (rlo.den == 0 || !simplest(rlo, rhi, hi_in, lo_in, depth + 1, &y))
		return false;
	if (y.num > (UINT64_MAX - y.den) / (f ? f : 1))
		return false;
	out->num = f * y.num + y.den;
	out->den = y.num;
	return true;
}

/* Whether run VAL, BOUND of SH, with its reals at point T of their
 * cells, lands on DECK (N cards): its draws and its deck the same. */
static bool
lands(const sa_shuffle *sh, size_t n, const uint64_t *val,
    const uint64_t *bound, size_t len, sa_audit_opts *ao, unsigned t,
    const unsigned *deck, unsigned *got)
{
	ao->real_place = SA_PLACE_AT(t);
	return sa_replay_strict(sh, n, val, bound, len, ao, got) == SA_OK &&
	    memcmp(deck, got, n * sizeof *deck) == 0;
}

int
sa_replay_edge(const sa_shuffle *sh, size_t n, const uint64_t *val,
    const uint64_t *bound, size_t len, const sa_audit_opts *audit,
    uint64_t *cells)
{
	/* Where a run that lands on its deck at the low end may land
	 * elsewhere: the high end, an inner point, the middle. */
	static const unsigned far[] = { SA_PLACE_AT_MAX, 1602070, 1u << 21 };
	sa_audit_opts ao;
	unsigned *deck = malloc(2 * (n ? n : 1) * sizeof *deck), *got;
	uint64_t m = audit != NULL ? audit->real_cells : 0, best = 0;
	unsigned lo = 1, hi = 0;
	int status = SA_OK;

	if (deck == NULL)
		return SA_ENOMEM;
	got = deck + (n ? n : 1);
	memset(&ao, 0, sizeof ao);
	if (audit != NULL) {
		ao.raw_bits = audit->raw_bits;
		ao.real_cells = audit->real_cells;
	}
	if (m == 0 || m > EDGE_CELLS_MOST) {
		status = SA_ERANGE;
		goto out;
	}
	ao.real_place = SA_PLACE_AT(lo);
	status = sa_replay_strict(sh, n, val, bound, len, &ao, deck);
	for (size_t i = 0; status == SA_OK && i < sizeof far / sizeof far[0] &&
	    hi == 0; i++)
		if (!lands(sh, n, val, bound, len, &ao, far[i], deck, got))
			hi = far[i];
	if (status != SA_OK || hi == 0) {
		status = SA_ERANGE;
		goto out;
	}
	while (hi - lo > 1) {
		unsigned mid = lo + (hi - lo) / 2;

		if (lands(sh, n, val, bound, len, &ao, mid, deck, got))
			lo = mid;
		else
			hi = mid;
	}
	/* The edge lies from LO to HI in one cell: in cell C it is in
	 * [(C 2^22 + LO) / M 2^22, (C 2^22 + HI) / M 2^22], LO itself
	 * where the code sends a tie there the low side's way (rounding
	 * half to even at 1/4). */
	for (uint64_t c = 0; c < m; c++) {
		struct frac a = { (c << 22) + lo, m << 22 };
		struct frac b = { (c << 22) + hi, m << 22 };
		struct frac x;
		uint64_t l;

		if (!simplest(a, b, true, true, 0, &x) || x.den == 0)
			continue;
		l = m / sa_gcd(m, x.den);
		if (l > SA_DRAW_MAX / x.den)
			continue;
		l *= x.den;
		if (best == 0 || l < best)
			best = l;
	}
	status = best != 0 ? SA_OK : SA_ERANGE;
	if (best != 0)
		*cells = best;
out:
	free(deck);
	return status;
}
