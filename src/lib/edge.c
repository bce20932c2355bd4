/*
 * edge.c - the cells that put where a run of audited code changed its
 * deck on a cell's edge: the simplest fraction (Stern and Brocot's
 * tree) within the last step of sa_replay_edge's search (replay.c),
 * which moves every real of the run to one point of its cell by halves.
 *
 * The search proposes; it proves nothing.  A census at the cells it
 * names is made again with every run placed, and only that census's
 * agreement under every placement gives a verdict.  So a wrong guess
 * (code whose edge is no small fraction, or a run whose reals in two
 * cells move together) costs a census, never a verdict.
 */
#include <stdbool.h>
#include <stdint.h>

#include "internal.h"

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

uint64_t
sa_edge_cells(uint64_t m, unsigned lo, unsigned hi)
{
	uint64_t best = 0;

	if (m == 0 || m > SA_EDGE_CELLS_MOST || lo >= hi)
		return 0;
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
	return best;
}
