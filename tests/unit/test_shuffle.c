/*
 * test_shuffle.c - the registry of built-in shuffles and their
 * parameters (shuffle.c), notations at any deck (perm.c), the refusals
 * of the reducer (reduce.c).
 */
#include <sys/resource.h>

#include <errno.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "shuffle_audit.h"
#include "shuffle_audit_audit.h"	/* the audit's options */

static void
test_parse(void **state)
{
	sa_shuffle sh;

	(void)state;
	assert_int_equal(sa_shuffle_parse("swaps", &sh), SA_OK);
	assert_int_equal(sa_shuffle_param(&sh, 5), 10);
	assert_int_equal(sa_shuffle_parse("swaps:3", &sh), SA_OK);
	assert_int_equal(sa_shuffle_param(&sh, 5), 3);
	assert_int_equal(sa_shuffle_parse("sort-keys", &sh), SA_OK);
	assert_int_equal(sa_shuffle_param(&sh, 5), 5);
	assert_int_equal(sa_shuffle_parse("swaps:0", &sh), SA_EPARAM);
	assert_int_equal(sa_shuffle_parse("swaps:x", &sh), SA_EPARAM);
	assert_int_equal(sa_shuffle_parse("swaps:", &sh), SA_EPARAM);
	assert_int_equal(sa_shuffle_parse("swaps:99999999999", &sh), SA_EPARAM);
	assert_int_equal(sa_shuffle_parse("sort-keys:1", &sh), SA_EPARAM);
	assert_int_equal(sa_shuffle_parse("naive:3", &sh), SA_EPARAM);
	assert_string_equal(sh.name, "naive");
	assert_int_equal(sa_shuffle_parse("bogus", &sh), SA_EUNKNOWN);
	assert_int_equal(sa_shuffle_parse("naive2", &sh), SA_EUNKNOWN);
	assert_int_equal(sa_shuffle_param(sa_shuffle_find("naive"), 5), 0);
}

static void
test_registry(void **state)
{
	(void)state;
	assert_true(sa_shuffle_count() >= 2);
	assert_null(sa_shuffle_at(sa_shuffle_count()));
	assert_null(sa_shuffle_find("bogus"));
	assert_null(sa_shuffle_find(""));
	for (size_t i = 0; i < sa_shuffle_count(); i++) {
		const sa_shuffle *sh = sa_shuffle_at(i);

		assert_ptr_equal(sa_shuffle_find(sh->name), sh);
		assert_non_null(sh->summary);
		assert_non_null(sh->run);
	}
	assert_string_equal(sa_strerror(SA_ETOOBIG),
	    "needs more memory than this machine has");
	assert_string_equal(sa_strerror(-1), "unknown error");
}

/*
 * Inverse and cycles past SA_PERM_MAX cards, checked against the
 * definitions; and a partial deck that repeats a card has neither.
 */
static void
test_notations_any_deck(void **state)
{
	unsigned p[25], q[25], dup[3] = { 0, 0, 2 };
	char buf[256], want[256];
	size_t len = 0;

	(void)state;
	/* p: card i ends at position (i + 1) mod 25, one cycle of 25. */
	for (unsigned i = 0; i < 25; i++)
		p[(i + 1) % 25] = i;
	for (unsigned i = 0; i < 25; i++)
		q[p[i]] = i;
	len = sa_perm_format_as(p, 25, SA_NOTATION_CYCLES, buf, sizeof buf);
	assert_int_equal(len, strlen(buf));
	len = 0;
	for (unsigned c = 0; c < 25; c++)
		len += (size_t)snprintf(want + len, sizeof want - len, "%s%u",
		    c ? " " : "(", c);
	snprintf(want + len, sizeof want - len, ")");
	assert_string_equal(buf, want);
	sa_perm_format_as(p, 25, SA_NOTATION_INVERSE, buf, sizeof buf);
	sa_perm_format(q, 25, want, sizeof want);
	assert_string_equal(buf, want);

	errno = 0;
	assert_int_equal(sa_perm_format_as(dup, 3, SA_NOTATION_CYCLES, buf,
	    sizeof buf), 0);
	assert_int_equal(errno, EINVAL);
	assert_string_equal(buf, "");
	assert_int_equal(sa_perm_format_as(dup, 3, SA_NOTATION_INVERSE, buf,
	    sizeof buf), 0);
	assert_int_equal(sa_perm_format_as(dup, 3, SA_NOTATION_ARRAY, buf,
	    sizeof buf), 3);
	assert_string_equal(buf, "002");
}

/* A word source that counts its calls. */
struct counting {
	sa_oracle base;
	uint64_t calls;
};

static uint64_t
counting_raw(sa_oracle *o, unsigned bits)
{
	struct counting *c = (struct counting *)o;

	c->calls++;
	return c->calls & ((UINT64_C(1) << bits) - 1);
}

/*
 * A rejecting reducer asked for a bound above 2^bits would throw back
 * every word: it says so instead of returning a 0 as a draw.  And which
 * reductions are unbiased, against the definition (every value below k
 * made by equally many words), for every k up to 2^bits + 1 at 3 bits.
 */
static void
test_reducer_refuses(void **state)
{
	struct counting src;
	sa_reduce rj = { SA_REDUCE_REJECT, 2 };
	sa_reducer red;

	memset(&src, 0, sizeof src);
	src.base.raw = counting_raw;
	(void)state;
	sa_reducer_init(&red, &rj, &src.base);
	assert_int_equal(red.base.word_bits, 0);
	assert_null(red.base.fail);
	assert_true(sa_draw(&red.base, 4) < 4);
	assert_int_equal(red.err, SA_OK);
	assert_int_equal(sa_draw(&red.base, 5), 0);
	assert_int_equal(red.err, SA_ERANGE);
	assert_int_equal(red.bad_bound, 5);

	for (int m = SA_REDUCE_NONE; m <= SA_REDUCE_LEMIRE; m++) {
		sa_reduce r = { (enum sa_reduce_method)m, 3 };

		for (uint64_t k = 1; k <= 9; k++) {
			unsigned hits[9] = { 0 };
			bool even = true;

			if (m == SA_REDUCE_NONE) {
				assert_true(sa_reduce_unbiased(&r, k));
				continue;
			}
			for (uint64_t w = 0; w < 8; w++) {
				uint64_t v;

				if (m == SA_REDUCE_MODULO)
					v = w % k;
				else if (m == SA_REDUCE_MULTIPLY)
					v = w * k >> 3;
				else if (w >= 8 / k * k)
					continue;	/* thrown back */
				else
					v = m == SA_REDUCE_REJECT ? w % k :
					    w * k >> 3;
				hits[v]++;
			}
			for (uint64_t v = 1; v < k; v++)
				even = even && hits[v] == hits[0];
			if (m == SA_REDUCE_LEMIRE)
				even = k <= 8;	/* its own proof, not w % k */
			assert_int_equal(sa_reduce_unbiased(&r, k),
			    even && hits[0] > 0);
		}
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse),
		cmocka_unit_test(test_registry),
		cmocka_unit_test(test_notations_any_deck),
		cmocka_unit_test(test_reducer_refuses),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
