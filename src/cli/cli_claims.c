/*
 * cli_claims.c - `shuffle-audit claims`: the common claims about the
 * naive and Fisher-Yates shuffles and the seeded deal, and the ones this
 * tool proves, each checked when the command runs.
 *
 * A claim's sentence states what it claims; every figure in its
 * "measured" column comes from the census, the divisibility arithmetic or
 * the deal, computed here and now.
 */
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

#define UPTO_MAX 10
#define DEAL_SEEDS 500
#define DIV_FROM 3
#define DIV_TO 1000

static const char usage_text[] =
    "usage: " PROGNAME " claims [--upto N] [--big] [-f FORMAT]\n";

static void
help(void)
{
	fputs(usage_text, stdout);
	fputs("\n"
	    "Checks the common claims about the naive and Fisher-Yates shuffles\n"
	    "and the seeded deal, and those this tool proves, by computing their\n"
	    "figures now.  Exits 0 when every claim holds and 1 when any fails:\n"
	    "a self-test for CI.\n"
	    "\n"
	    "  --upto N              check the naive shuffle's fairness up to N\n"
	    "                        cards (default 7, at most 10)\n"
	    "      --big             count the naive shuffle's patterns up to 12\n"
	    "                        cards, not 9: past OEIS A192053, minutes\n"
	    "                        and about 4 GiB\n"
	    "  -f, --format FORMAT   text (default), tsv, csv or json\n"
	    "  -h, --help            show this help\n", stdout);
}

struct claim {
	const char *text;
	bool held;
	char measured[512];
};

/* Adds to the claim's measurement, as much as fits. */
static void
measure(struct claim *c, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static void
measure(struct claim *c, const char *fmt, ...)
{
	size_t len = strlen(c->measured);
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(c->measured + len, sizeof c->measured - len, fmt, ap);
	va_end(ap);
}

/* A failed computation: the claim does not hold, and says why. */
static void
broke(struct claim *c, int status)
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
claim_naive_runs(struct claim *c)
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
claim_naive_extremes(struct claim *c)
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
claim_durstenfeld(struct claim *c)
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
claim_naive_boundary(struct claim *c, size_t upto)
{
	static char text[160];
	sa_census *two;
	int status;

	snprintf(text, sizeof text, "the naive shuffle is fair at n = 2 and at "
	    "no larger size checked (up to %zu)", upto);
	c->text = text;
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
claim_deal_rule(struct claim *c)
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
claim_same_seed(struct claim *c)
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
claim_divisibility(struct claim *c)
{
	static char text[160];
	const sa_shuffle *naive = sa_shuffle_find("naive");
	size_t digits = 0;

	snprintf(text, sizeof text, "n! does not divide n^n for any n from %d "
	    "to %d, and does at n = 1 and 2", DIV_FROM, DIV_TO);
	c->text = text;
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
claim_state_space(struct claim *c)
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
claim_oeis(struct claim *c)
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
claim_patterns(struct claim *common, struct claim *rare, size_t upto)
{
	static char ctext[160], rtext[160];

	snprintf(ctext, sizeof ctext, "the naive shuffle's commonest ordering "
	    "is 1 .. k-1, 0, k+1 .. n-1, k with k = n/2 rounded down, at n = "
	    "3 .. %zu", upto);
	snprintf(rtext, sizeof rtext, "the rotation n-1, 0, 1 .. n-2 is a "
	    "rarest ordering of the naive shuffle, with 2^(n-1) runs, at n = "
	    "3 .. %zu", upto);
	common->text = ctext;
	rare->text = rtext;
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

enum { OPT_UPTO = 256, OPT_BIG };

int
cmd_claims(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "format", required_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ "upto", required_argument, NULL, OPT_UPTO },
		{ "big", no_argument, NULL, OPT_BIG },
		{ NULL, 0, NULL, 0 },
	};
	static const struct rep_col cols[] = {
		{ "claim", "claim", REP_STR, 0, false, true, 0, NULL },
		{ "held", "held", REP_BOOL, 0, false, true, 0, NULL },
		{ "measured", "measured", REP_STR, 0, false, true, 0, NULL },
	};
	struct claim claims[11];
	uint64_t upto = 7;
	bool big = false;
	int c, fmt = REP_TEXT, width = 0, nheld = 0, status;
	const struct cli_options common = { "claims", help, NULL, &fmt, NULL,
	    0 };
	const int count = (int)(sizeof claims / sizeof claims[0]);
	struct rep_col shown[3];
	report r;

	while ((c = getopt_long(argc, argv, ":f:h", longopts, NULL)) != -1) {
		switch (c) {
		case OPT_UPTO:
			if (!cli_parse_uint("--upto", optarg, 2, UPTO_MAX, &upto))
				return EXIT_TROUBLE;
			break;
		case OPT_BIG:
			big = true;
			break;
		default:
			if ((status = cli_option(c, argv, &common)) !=
			    CLI_CONTINUE)
				return status;
			break;
		}
	}
	if (!cli_no_operands("claims", argc, argv))
		return EXIT_TROUBLE;

	memset(claims, 0, sizeof claims);
	claim_naive_runs(&claims[0]);
	claim_naive_extremes(&claims[1]);
	claim_durstenfeld(&claims[2]);
	claim_naive_boundary(&claims[3], (size_t)upto);
	claim_deal_rule(&claims[4]);
	claim_same_seed(&claims[5]);
	claim_divisibility(&claims[6]);
	claim_state_space(&claims[7]);
	claim_oeis(&claims[8]);
	claim_patterns(&claims[9], &claims[10], big ? 12 : 9);

	for (int i = 0; i < count; i++) {
		int len = (int)strlen(claims[i].text);

		if (len > width)
			width = len;
		nheld += claims[i].held;
	}
	memcpy(shown, cols, sizeof shown);
	shown[0].width = width;
	rep_begin(&r, stdout, (enum rep_format)fmt);
	rep_line(&r, "Each claim, whether it held, and the number behind it, "
	    "computed just now.");
	rep_line(&r, "%s", "");
	if (fmt == REP_TEXT) {
		/* A list, since a table of these sentences is 265 columns. */
		for (int i = 0; i < count; i++) {
			char measured[sizeof claims[i].measured + 16];

			snprintf(measured, sizeof measured, "measured: %s",
			    claims[i].measured);
			rep_wrap(&r, claims[i].held ? "held" : "FAILED", 8,
			    claims[i].text);
			rep_wrap(&r, "", 8, measured);
			rep_line(&r, "%s", "");
		}
	} else {
		rep_table(&r, "claims", shown, 3);
		for (int i = 0; i < count; i++) {
			struct rep_cell cells[3];

			memset(cells, 0, sizeof cells);
			cells[0].s = claims[i].text;
			cells[1].b = claims[i].held;
			cells[2].s = claims[i].measured;
			rep_row(&r, cells);
		}
		rep_table_end(&r);
	}
	rep_u64(&r, "held", NULL, (uint64_t)nheld, NULL);
	rep_u64(&r, "failed", NULL, (uint64_t)(count - nheld), NULL);
	rep_line(&r, "%d of %d claims held.", nheld, count);
	rep_end(&r);
	return cli_finish(nheld == count ? EXIT_FAIR : EXIT_UNFAIR);
}
