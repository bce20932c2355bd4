/*
 * test_big.c - exact big integers, checked against 128-bit arithmetic,
 * published values, and the identity q * b + r = a with r < b.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "shuffle_audit.h"

__extension__ typedef unsigned __int128 u128;

static uint64_t lcg = 88172645463325252u;

static uint64_t
next(void)
{
	/* xorshift64: a deterministic stream, not a generator under test. */
	lcg ^= lcg << 13;
	lcg ^= lcg >> 7;
	lcg ^= lcg << 17;
	return lcg;
}

/* A limb that is often an edge value, to provoke Algorithm D's fixes. */
static uint32_t
edgy(void)
{
	static const uint32_t edge[] = { 0, 1, 0x7fffffffu, 0x80000000u,
	    0xffffffffu, 0xfffffffeu };
	uint64_t r = next();

	return r % 3 == 0 ? (uint32_t)(r >> 32) : edge[(r >> 8) % 6];
}

static void
set_limbs(sa_big *a, size_t len)
{
	sa_big_set_u64(a, 0);
	for (size_t i = 0; i < len; i++) {
		sa_big_mul_u64(a, UINT64_C(1) << 32);
		sa_big_mul_u64(a, 1);	/* no-op, but exercises the path */
		{
			sa_big l;

			sa_big_init(&l);
			sa_big_set_u64(&l, edgy());
			sa_big_add(a, &l);
			sa_big_free(&l);
		}
	}
}

static u128
to_u128(const sa_big *a)
{
	u128 v = 0;

	assert_true(a->len <= 4);
	for (size_t i = a->len; i-- > 0;)
		v = v << 32 | a->limb[i];
	return v;
}

static void
test_against_u128(void **state)
{
	(void)state;
	for (int k = 0; k < 20000; k++) {
		uint64_t x = next() >> (next() % 64), y = next() >> (next() % 64);
		sa_big a, b, p, q, r;

		sa_big_init(&a);
		sa_big_init(&b);
		sa_big_init(&p);
		sa_big_init(&q);
		sa_big_init(&r);
		assert_int_equal(sa_big_set_u64(&a, x), SA_OK);
		assert_int_equal(sa_big_set_u64(&b, y), SA_OK);
		assert_int_equal(sa_big_mul(&p, &a, &b), SA_OK);
		assert_true(to_u128(&p) == (u128)x * y);
		assert_int_equal(sa_big_cmp(&a, &b), x < y ? -1 : x > y);
		if (y != 0) {
			/* (x*y + x%y) / y == x, remainder x % y */
			u128 big = (u128)x * y + x % y;
			sa_big rem;

			sa_big_init(&rem);
			sa_big_set_u64(&rem, x % y);
			sa_big_add(&p, &rem);
			assert_true(to_u128(&p) == big);
			assert_int_equal(sa_big_divmod(&q, &r, &p, &b), SA_OK);
			assert_true(to_u128(&q) == big / y);
			assert_true(to_u128(&r) == big % y);
			sa_big_free(&rem);
		}
		sa_big_free(&a);
		sa_big_free(&b);
		sa_big_free(&p);
		sa_big_free(&q);
		sa_big_free(&r);
	}
}

/* Long division on many sizes: q * b + r == a and r < b. */
static void
test_divmod_identity(void **state)
{
	(void)state;
	for (int k = 0; k < 3000; k++) {
		size_t la = 1 + next() % 12, lb = 1 + next() % 8;
		sa_big a, b, q, r, check;

		sa_big_init(&a);
		sa_big_init(&b);
		sa_big_init(&q);
		sa_big_init(&r);
		sa_big_init(&check);
		set_limbs(&a, la);
		set_limbs(&b, lb);
		if (sa_big_is_zero(&b))
			sa_big_set_u64(&b, 3);
		assert_int_equal(sa_big_divmod(&q, &r, &a, &b), SA_OK);
		assert_true(sa_big_cmp(&r, &b) < 0);
		assert_int_equal(sa_big_mul(&check, &q, &b), SA_OK);
		assert_int_equal(sa_big_add(&check, &r), SA_OK);
		assert_int_equal(sa_big_cmp(&check, &a), 0);
		sa_big_free(&a);
		sa_big_free(&b);
		sa_big_free(&q);
		sa_big_free(&r);
		sa_big_free(&check);
	}
}

static void
assert_dec(const sa_big *a, const char *want)
{
	char *s = sa_big_to_dec(a);

	assert_non_null(s);
	assert_string_equal(s, want);
	free(s);
}

/* Published values: 25!, 52!, 2^64, 2^100, and the length of 52^52. */
static void
test_known_values(void **state)
{
	sa_big a, b, r;
	char *s;

	(void)state;
	sa_big_init(&a);
	sa_big_init(&b);
	sa_big_init(&r);
	assert_dec(&a, "0");
	sa_big_factorial(&a, 0);
	assert_dec(&a, "1");
	sa_big_factorial(&a, 25);
	assert_dec(&a, "15511210043330985984000000");
	sa_big_factorial(&a, 52);
	assert_dec(&a, "806581751709438785716606368564037669752895054408832778"
	    "24000000000000");
	sa_big_pow2(&a, 64);
	assert_dec(&a, "18446744073709551616");
	sa_big_pow2(&a, 100);
	assert_dec(&a, "1267650600228229401496703205376");
	sa_big_pow_u32(&a, 10, 30);
	assert_dec(&a, "1000000000000000000000000000000");
	sa_big_pow_u32(&a, 52, 52);
	s = sa_big_to_dec(&a);
	assert_int_equal(strlen(s), 90);
	assert_string_equal(s, "170676555274132171974277914691501574771358362"
	    "295975962674353045737940041855191232907575296");
	free(s);
	/* 4^4 mod 4! = 256 mod 24 = 16; 52! divides 52^52? no. */
	sa_big_pow_u32(&a, 4, 4);
	sa_big_factorial(&b, 4);
	sa_big_divmod(NULL, &r, &a, &b);
	assert_dec(&r, "16");
	assert_int_equal(sa_big_div_u32(&a, 7), 256 % 7);
	assert_dec(&a, "36");
	/* log2 for display: close to exact. */
	sa_big_pow2(&a, 1000);
	assert_true(sa_big_log2(&a) > 999.999 && sa_big_log2(&a) < 1000.001);
	sa_big_factorial(&a, 52);
	assert_true(sa_big_log2(&a) > 225.58 && sa_big_log2(&a) < 225.59);
	assert_int_equal(sa_big_divmod(NULL, &r, &a, &r), SA_OK);
	sa_big_set_u64(&b, 0);
	assert_int_equal(sa_big_divmod(NULL, &r, &a, &b), SA_EINVAL);
	sa_big_free(&a);
	sa_big_free(&b);
	sa_big_free(&r);
}

static void
test_u64_round_trip(void **state)
{
	sa_big a;
	uint64_t v;

	(void)state;
	sa_big_init(&a);
	sa_big_set_u64(&a, UINT64_MAX);
	assert_true(sa_big_to_u64(&a, &v));
	assert_true(v == UINT64_MAX);
	assert_dec(&a, "18446744073709551615");
	sa_big_mul_u64(&a, UINT64_MAX);
	assert_false(sa_big_to_u64(&a, &v));
	assert_dec(&a, "340282366920938463426481119284349108225");
	sa_big_set_u64(&a, 0);
	assert_true(sa_big_is_zero(&a));
	assert_true(sa_big_to_u64(&a, &v));
	assert_true(v == 0);
	sa_big_free(&a);
}

/*
 * The state-space argument against figures known independently: 12! =
 * 479001600 fits below 2^32 = 4294967296 and 13! = 6227020800 does not,
 * so 32 bits cover 12 cards and not 13; 2^32 / 13! = 0.6897... .
 */
static void
test_state_space(void **state)
{
	sa_state_space s;
	char *t;

	(void)state;
	assert_int_equal(sa_state_space_for(12, 32, &s), SA_OK);
	assert_true(s.covers);
	assert_int_equal(s.smallest_uncovered, 13);
	t = sa_fraction_exact(&s.reach);
	assert_string_equal(t, "1");
	free(t);
	sa_state_space_free(&s);

	assert_int_equal(sa_state_space_for(13, 32, &s), SA_OK);
	assert_false(s.covers);
	t = sa_fraction_sci(&s.reach, 2);
	assert_string_equal(t, "6.9e-1");
	free(t);
	t = sa_fraction_sig(&s.reach, 4);
	assert_string_equal(t, "0.6897");
	free(t);
	t = sa_fraction_exact(&s.reach);
	/* 2^32 / 13! in lowest terms: 13! = 2^10 * 6081075. */
	assert_string_equal(t, "4194304/6081075");
	free(t);
	sa_state_space_free(&s);

	assert_int_equal(sa_state_space_for(0, 32, &s), SA_EINVAL);
	sa_state_space_free(&s);
	assert_int_equal(sa_state_space_for(5, 0, &s), SA_EINVAL);
	sa_state_space_free(&s);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_state_space),
		cmocka_unit_test(test_against_u128),
		cmocka_unit_test(test_divmod_identity),
		cmocka_unit_test(test_known_values),
		cmocka_unit_test(test_u64_round_trip),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
