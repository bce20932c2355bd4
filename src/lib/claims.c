/*
 * claims.c - the common claims about the naive and Fisher-Yates shuffles
 * and the seeded deal, and the ones this tool proves, each checked when
 * asked: a claim's sentence states what it claims, and every figure in
 * its measurement comes from the census, the divisibility arithmetic or
 * the deal, computed then.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shuffle_audit.h"

#define DEAL_SEEDS 500
#define DIV_FROM 3
#define DIV_TO 1000

/* Adds to the claim's measurement, as much as fits. */
static void
measure(sa_claim *c, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static void
measure(sa_claim *c, const char *fmt, ...)
{
	size_t len = strlen(c->measured);
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(c->measured + len, sizeof c->measured - len, fmt, ap);
	va_end(ap);
}

/* A failed computation: the claim does not hold, and says why. */
static void
broke(sa_claim *c, int status)
{
	c->held = false;
	snprintf(c->measured, sizeof c->measured, "could not compute: %s",
	    sa_strerror(status));
}

static int
census(const char *name, size_t n, sa_census **c)
{
	return sa_census_run(sa_shuffle_find(name), n, NULL, c);
}

static void
claim_naive_runs(sa_claim *c)
{
	sa_census *cen;
	sa_fraction f;
	char *per;
	int status = census("naive", 4, &cen);

	c->text = "the naive shuffle of 4 has 256 runs and 24 orderings, and 24 "
	    "does not divide 256";
	if (status != SA_OK) {
		broke(c, status);
		return;
	}
	c->held = sa_census_about(cen)->runs == 256 && sa_census_about(cen)->orderings == 24 && !sa_census_about(cen)->divides;
	sa_fraction_init(&f);
	per = sa_census_per_ordering(cen, &f) == SA_OK ?
	    sa_fraction_fixed(&f, 3) : NULL;
	snprintf(c->measured, sizeof c->measured, "%llu / %llu = %s, so they "
	    "cannot come up equally often", (unsigned long long)sa_census_about(cen)->runs,
	    (unsigned long long)sa_census_about(cen)->orderings, per ? per : "?");
	free(per);
	sa_fraction_free(&f);
	sa_census_free(cen);
}

static void
claim_naive_extremes(sa_claim *c)
{
	sa_census *cen;
	sa_fraction f;
	char *ratio;
	int status = census("naive", 4, &cen);

	c->text = "counting all 256 runs, the commonest ordering comes up 15 "
	    "times and the rarest 8";
	if (status != SA_OK) {
		broke(c, status);
		return;
	}
	c->held = sa_census_about(cen)->runs == 256 && sa_census_about(cen)->max == 15 && sa_census_about(cen)->min == 8;
	sa_fraction_init(&f);
	ratio = sa_census_ratio(cen, &f) == SA_OK ? sa_fraction_fixed(&f, 2) :
	    NULL;
	snprintf(c->measured, sizeof c->measured, "%llu and %llu over %llu "
	    "runs: a %sx difference, with nothing random about it",
	    (unsigned long long)sa_census_about(cen)->max, (unsigned long long)sa_census_about(cen)->min,
	    (unsigned long long)sa_census_about(cen)->runs, ratio ? ratio : "unbounded");
	free(ratio);
	sa_fraction_free(&f);
	sa_census_free(cen);
}

static void
claim_durstenfeld(sa_claim *c)
{
	c->text = "Durstenfeld's has exactly n! runs onto n! orderings, one "
	    "apiece, at n = 3, 4 and 5";
	c->held = true;
	snprintf(c->measured, sizeof c->measured, "every ordering exactly "
	    "once, at every size checked");
	for (size_t n = 3; n <= 5; n++) {
		sa_census *cen;
		int status = census("durstenfeld", n, &cen);

		if (status != SA_OK) {
			broke(c, status);
			return;
		}
		if (sa_census_about(cen)->runs != sa_census_about(cen)->orderings || sa_census_about(cen)->min != 1 || sa_census_about(cen)->max != 1) {
			c->held = false;
			snprintf(c->measured, sizeof c->measured, "at n = %zu: %llu "
			    "runs, counts from %llu to %llu", n,
			    (unsigned long long)sa_census_about(cen)->runs,
			    (unsigned long long)sa_census_about(cen)->min,
			    (unsigned long long)sa_census_about(cen)->max);
			sa_census_free(cen);
			return;
		}
		sa_census_free(cen);
	}
}

static void
claim_naive_boundary(sa_claim *c, size_t upto)
{
	sa_census *two;
	int status;

	snprintf(c->text_buf, sizeof c->text_buf, "the naive shuffle is fair "
	    "at n = 2 and at no larger size checked (up to %zu)", upto);
	c->text = c->text_buf;
	status = census("naive", 2, &two);
	if (status != SA_OK) {
		broke(c, status);
		return;
	}
	c->held = sa_census_about(two)->fair;
	for (size_t n = 3; n <= upto && c->held; n++) {
		sa_census *cen;

		if ((status = census("naive", n, &cen)) != SA_OK) {
			sa_census_free(two);
			broke(c, status);
			return;
		}
		if (sa_census_about(cen)->fair) {
			c->held = false;
			snprintf(c->measured, sizeof c->measured, "fair at n = %zu "
			    "too", n);
		}
		sa_census_free(cen);
	}
	if (c->held)
		snprintf(c->measured, sizeof c->measured, "%llu runs, %llu "
		    "orderings, %llu each -- and it fails from 3 up to %zu",
		    (unsigned long long)sa_census_about(two)->runs,
		    (unsigned long long)sa_census_about(two)->orderings,
		    (unsigned long long)sa_census_count(two, 0), upto);
	else if (!sa_census_about(two)->fair)
		snprintf(c->measured, sizeof c->measured, "unfair at n = 2");
	sa_census_free(two);
}

/*
 * The deal asks its oracle for the bounds 4, 3, 2: Durstenfeld's walk
 * from i = 3 down, whose census is fair.  Checked seed by seed.
 */
static void
claim_deal_rule(sa_claim *c)
{
	const sa_shuffle *d = sa_shuffle_find("durstenfeld");
	char asked[64] = "";
	sa_census *cen;
	int status;

	c->text = "the deal draws from i downward, matching the rule the "
	    "census proves fair, over 500 seeds";
	if ((status = sa_census_run(d, 4, NULL, &cen)) != SA_OK) {
		broke(c, status);
		return;
	}
	c->held = sa_census_about(cen)->fair;
	sa_census_free(cen);
	for (uint32_t k = 0; k < DEAL_SEEDS && c->held; k++) {
		sa_mulberry32 g;
		sa_trace t;
		size_t steps = d->steps(d, 4);

		sa_mulberry32_init(&g, 12345u + k);
		if ((status = sa_trace_run(d, 4, &g.base, NULL, 0, 0, &t)) !=
		    SA_OK) {
			broke(c, status);
			return;
		}
		c->held = t.steps == steps;
		for (size_t s = 0; s < steps && c->held; s++) {
			sa_step st;

			d->step(d, 4, s, &st);
			c->held = t.bound[s] == st.count;
		}
		if (!c->held)
			snprintf(c->measured, sizeof c->measured, "seed %u asked "
			    "for other bounds", 12345u + k);
		for (size_t s = 0, len = 0; k == 0 && s < t.steps &&
		    len < sizeof asked; s++)
			len += (size_t)snprintf(asked + len, sizeof asked - len,
			    "%s%llu", s ? ", " : "", (unsigned long long)t.bound[s]);
		sa_trace_free(&t);
	}
	if (c->held)
		snprintf(c->measured, sizeof c->measured, "every seed from 12345 "
		    "to %u asks for %s and agrees with the fair walk",
		    12345u + DEAL_SEEDS - 1, asked);
}

static void
deal_hand(uint32_t seed, char *out)
{
	static const char name[] = "AKQJ";
	const sa_shuffle *d = sa_shuffle_find("durstenfeld");
	unsigned deck[4] = { 0, 1, 2, 3 };
	sa_mulberry32 g;

	sa_mulberry32_init(&g, seed);
	d->run(d, deck, 4, &g.base);
	for (int i = 0; i < 4; i++)
		out[i] = name[deck[i]];
	out[4] = '\0';
}

static void
claim_same_seed(sa_claim *c)
{
	char a[5], b[5], next[5];

	c->text = "the same seed deals the same hand, and a different one does "
	    "not";
	deal_hand(12345, a);
	deal_hand(12345, b);
	deal_hand(12346, next);
	c->held = strcmp(a, b) == 0 && strcmp(a, next) != 0;
	snprintf(c->measured, sizeof c->measured, "seed 12345 gives %s then "
	    "%s; 12346 gives %s", a, b, next);
}

static void
claim_divisibility(sa_claim *c)
{
	const sa_shuffle *naive = sa_shuffle_find("naive");
	size_t digits = 0;

	snprintf(c->text_buf, sizeof c->text_buf, "n! does not divide n^n for "
	    "any n from %d to %d, and does at n = 1 and 2", DIV_FROM, DIV_TO);
	c->text = c->text_buf;
	c->held = true;
	for (size_t n = 1; n <= DIV_TO && c->held; n++) {
		sa_divisibility d;
		int status = sa_divisibility_for(naive, n, &d);

		if (status != SA_OK) {
			broke(c, status);
			return;
		}
		c->held = d.divides == (n < DIV_FROM);
		if (!c->held)
			snprintf(c->measured, sizeof c->measured, "fails at "
			    "n = %zu", n);
		if (n == DIV_TO) {
			char *s = sa_big_to_dec(&d.runs);

			digits = s ? strlen(s) : 0;
			free(s);
		}
		sa_divisibility_free(&d);
	}
	if (c->held)
		snprintf(c->measured, sizeof c->measured, "each remainder "
		    "computed exactly; the largest, %d^%d, has %zu digits",
		    DIV_TO, DIV_TO, digits);
}

static void
claim_state_space(sa_claim *c)
{
	sa_state_space s;
	char *s52 = NULL;
	int status;

	c->text = "a 32-bit seed cannot reach every ordering of 52 cards, and "
	    "13 cards is the smallest deck it cannot cover";
	status = sa_state_space_for(52, 32, &s);
	if (status == SA_OK && (s52 = sa_big_to_dec(&s.orderings)) == NULL)
		status = SA_ENOMEM;
	if (status != SA_OK) {
		broke(c, status);
	} else {
		c->held = !s.covers && s.smallest_uncovered == 13;
		snprintf(c->measured, sizeof c->measured, "52! has %zu digits "
		    "against 2^32's 10; the smallest deck past 2^32 is %llu "
		    "cards, compared exactly", strlen(s52),
		    (unsigned long long)s.smallest_uncovered);
	}
	free(s52);
	sa_state_space_free(&s);
}

static void
claim_oeis(sa_claim *c)
{
	static const uint64_t published[] = { 1, 2, 5, 15, 47, 159, 543, 1931 };
	c->text = "the naive shuffle's commonest ordering comes up 1, 2, 5, 15, "
	    "47, 159, 543, 1931 times at n = 1 .. 8 (OEIS A192053)";
	c->held = true;
	for (size_t n = 1; n <= 8; n++) {
		sa_census *cen;
		int status = census("naive", n, &cen);

		if (status != SA_OK) {
			broke(c, status);
			return;
		}
		c->held = c->held && sa_census_about(cen)->max == published[n - 1];
		measure(c, "%s%llu", n > 1 ? ", " : "counted: ",
		    (unsigned long long)sa_census_about(cen)->max);
		sa_census_free(cen);
	}
}

/*
 * Two patterns the census shows and these claims check at every size
 * counted: the naive shuffle's commonest ordering is two rotations side
 * by side, 1 .. k-1, 0 and k+1 .. n-1, k with k = n / 2 rounded down,
 * and the single rotation n-1, 0, 1 .. n-2 is among the rarest, with
 * 2^(n-1) runs.  Up to 10 cards OEIS A192053 lists the commonest counts;
 * --big counts 11 and 12 cards as well.
 */
static void
claim_patterns(sa_claim *common, sa_claim *rare, size_t upto)
{
	snprintf(common->text_buf, sizeof common->text_buf, "the naive "
	    "shuffle's commonest ordering is 1 .. k-1, 0, k+1 .. n-1, k with "
	    "k = n/2 rounded down, at n = 3 .. %zu", upto);
	snprintf(rare->text_buf, sizeof rare->text_buf, "the rotation n-1, 0, "
	    "1 .. n-2 is a rarest ordering of the naive shuffle, with 2^(n-1) "
	    "runs, at n = 3 .. %zu", upto);
	common->text = common->text_buf;
	rare->text = rare->text_buf;
	common->held = rare->held = true;
	for (size_t n = 3; n <= upto; n++) {
		unsigned two[SA_PERM_MAX], one[SA_PERM_MAX];
		size_t k = n / 2;
		uint64_t ctwo, cone;
		sa_census *cen;
		int status = census("naive", n, &cen);

		if (status != SA_OK) {
			broke(common, status);
			broke(rare, status);
			return;
		}
		for (size_t i = 0; i < n; i++) {
			two[i] = (unsigned)(i + 1 == k ? 0 : i + 1 == n ? k : i + 1);
			one[i] = (unsigned)(i == 0 ? n - 1 : i - 1);
		}
		ctwo = sa_census_count(cen, sa_perm_rank(two, n));
		cone = sa_census_count(cen, sa_perm_rank(one, n));
		common->held = common->held && ctwo == sa_census_about(cen)->max;
		rare->held = rare->held && cone == sa_census_about(cen)->min &&
		    cone == UINT64_C(1) << (n - 1);
		measure(common, "%sn=%zu: %llu of max %llu", n > 3 ? "; " : "",
		    n, (unsigned long long)ctwo, (unsigned long long)sa_census_about(cen)->max);
		measure(rare, "%sn=%zu: %llu of min %llu", n > 3 ? "; " : "", n,
		    (unsigned long long)cone, (unsigned long long)sa_census_about(cen)->min);
		sa_census_free(cen);
	}
}

int
sa_claims_check(size_t upto, size_t patterns_upto, sa_claim *out)
{
	if (upto < 2 || upto > SA_CLAIMS_UPTO_MAX || patterns_upto < 3 ||
	    patterns_upto > SA_CLAIMS_PATTERNS_MAX)
		return SA_EINVAL;
	memset(out, 0, SA_CLAIMS * sizeof *out);
	claim_naive_runs(&out[0]);
	claim_naive_extremes(&out[1]);
	claim_durstenfeld(&out[2]);
	claim_naive_boundary(&out[3], upto);
	claim_deal_rule(&out[4]);
	claim_same_seed(&out[5]);
	claim_divisibility(&out[6]);
	claim_state_space(&out[7]);
	claim_oeis(&out[8]);
	claim_patterns(&out[9], &out[10], patterns_upto);
	return SA_OK;
}
