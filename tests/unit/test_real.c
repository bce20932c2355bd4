/*
 * test_real.c - the reals of audits (exec.c, the plugin header): the
 * cells' default, the text "real" is answered with, and that floor(u * k)
 * never lands on a cell's edge, so that it is exactly uniform for every k
 * dividing the cells, checked against integer arithmetic.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "shuffle_audit.h"
#include "shuffle_audit_audit.h"

/* lcm(1..n) by trial: the smallest multiple of lcm(1..n-1) that k divides. */
static uint64_t
lcm_upto(unsigned n)
{
	uint64_t l = 1;

	for (uint64_t k = 2; k <= n; k++) {
		uint64_t m = l;

		while (m % k != 0)
			m += l;
		l = m;
	}
	return l;
}

static void
test_real_cells_default(void **state)
{
	uint64_t m;

	(void)state;
	for (unsigned n = 0; n <= 22; n++) {
		assert_int_equal(sa_real_cells_for(n, &m), SA_OK);
		assert_true(m == lcm_upto(n));
	}
	assert_true(m == UINT64_C(232792560));	/* lcm(1..22) */
	assert_true(m <= SA_DRAW_MAX);
	assert_int_equal(sa_real_cells_for(23, &m), SA_ERANGE);
	assert_int_equal(sa_real_cells_for(100, &m), SA_ERANGE);
}

/*
 * Cell J of M as the text says it, read back: the same double as the
 * midpoint computed in doubles, which is what a harness computes from a
 * plan; and floor(u * k) is (2J + 1) k div 2M, the exact answer, for K.
 */
static void
check_cell(uint64_t j, uint64_t m, uint64_t k)
{
	char text[40];
	double u, mid = (double)(2 * j + 1) / (double)(2 * m);

	sa_real_text(j, m, text, sizeof text);
	assert_non_null(strchr(text, '\n'));
	u = strtod(text, NULL);
	if (u != mid)
		fail_msg("cell %llu of %llu: \"%s\" reads %.17g, not %.17g",
		    (unsigned long long)j, (unsigned long long)m, text, u, mid);
	assert_true(u > 0 && u < 1);
	if ((uint64_t)floor(u * (double)k) != (2 * j + 1) * k / (2 * m))
		fail_msg("cell %llu of %llu, k %llu: floor(u * k) is %.0f",
		    (unsigned long long)j, (unsigned long long)m,
		    (unsigned long long)k, floor(u * (double)k));
}

/* Every cell of lcm(1..n) up to 11 cards, every k up to n. */
static void
test_real_every_cell(void **state)
{
	(void)state;
	for (unsigned n = 1; n <= 11; n++) {
		uint64_t m = lcm_upto(n);

		for (uint64_t j = 0; j < m; j++)
			for (uint64_t k = 1; k <= n; k++)
				check_cell(j, m, k);
	}
}

/*
 * The largest cells allowed (2^32, lcm(1..22)) and others large: the
 * cells on either side of every edge floor(u * k) could fall on, for
 * many k dividing M, where a rounding would show first.  For k dividing
 * M the exact u * k is at least k / 2M from an integer, and a double's
 * two roundings move it by less than k * 2^-52.
 */
static void
test_real_edges(void **state)
{
	const uint64_t ms[] = { SA_DRAW_MAX, 232792560, UINT64_C(3221225472),
	    UINT64_C(4294967291), 720720, 3 };
	uint64_t s = 12345;

	(void)state;
	for (size_t i = 0; i < sizeof ms / sizeof ms[0]; i++) {
		uint64_t m = ms[i];

		for (uint64_t k = 1; k <= 64 && k <= m; k++) {
			if (m % k != 0)
				continue;
			for (int t = 0; t < 200; t++) {
				uint64_t q, mk = m / k, edge;

				s = s * 6364136223846793005u + 1442695040888963407u;
				q = (s >> 33) % k;	/* an edge: q * M / k */
				edge = q * mk;
				check_cell(edge, m, k);
				if (edge > 0)
					check_cell(edge - 1, m, k);
				check_cell(edge + mk - 1, m, k);
			}
			check_cell(0, m, k);
			check_cell(m - 1, m, k);
		}
	}
}

/* sa_real over an oracle: its cells, or 2^32 when it names none. */
static uint64_t last_bound;

static uint64_t
top_draw(sa_oracle *o, uint64_t bound)
{
	(void)o;
	last_bound = bound;
	return bound - 1;
}

static void
test_real_oracle(void **state)
{
	sa_oracle o;
	double u;

	(void)state;
	memset(&o, 0, sizeof o);
	o.draw = top_draw;
	u = sa_real(&o);
	assert_true(last_bound == SA_DRAW_MAX);
	assert_true(u == (double)(2 * SA_DRAW_MAX - 1) / (double)(2 *
	    SA_DRAW_MAX));
	o.real_cells = 6;
	u = sa_real(&o);
	assert_true(last_bound == 6);
	assert_true(u == 11.0 / 12.0);
	assert_true(floor(u * 6) == 5 && floor(u * 3) == 2 && floor(u * 2) == 1);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_real_cells_default),
		cmocka_unit_test(test_real_every_cell),
		cmocka_unit_test(test_real_edges),
		cmocka_unit_test(test_real_oracle),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
