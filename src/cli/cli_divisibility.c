/*
 * cli_divisibility.c - `shuffle-audit divisibility`: why n! must divide
 * the runs, and the arithmetic that shows whether it does, for any n.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* This command, as main.c's list (made by make) has it. */
extern const struct cli_command cli_cmd_divisibility;

#define CARDS_MAX 10000
#define CENSUS_MAX 8	/* sizes small enough to settle by census too */

static const char usage_text[] =
    "usage: " PROGNAME " divisibility [-a ALGORITHM] [-n CARDS]\n"
    "                          [--reduce METHOD:BITS] [-f FORMAT]\n";

static void
help(FILE *out)
{
	fputs(usage_text, out);
	fputs("\n"
	    "Prints the runs a shuffle can take on CARDS cards and the n!\n"
	    "orderings, exactly, and whether n! divides the runs: a shuffle can\n"
	    "only be fair when it does.  Needs no enumeration, so CARDS may be\n"
	    "as large as 10000.\n"
	    "\n"
	    "  -a, --algorithm NAME  the shuffle (default naive)\n"
	    "  -n, --cards N         cards in the deck (default 4)\n"
	    "      --reduce M:B      count raw-word runs: each draw made from a\n"
	    "                        B-bit word by M, as census --reduce does\n"
	    CLI_HELP_FORMAT
	    CLI_HELP_HELP, out);
}

/* The census verdict for small sizes, where n! divides the runs. */
static int
census_says(const sa_shuffle *sh, size_t n, sa_census **c)
{
	if (n > CENSUS_MAX || (sh->max_cards != 0 && n > sh->max_cards))
		return -1;
	return sa_census_run(sh, n, NULL, c) == SA_OK ? 0 : -1;
}

static void
naive_reason(report *r, size_t n, const sa_divisibility *d,
    const char *runs)
{
	/* Each figure below is the library's, computed, not asserted. */
	rep_line(r, "Why: n - 1 = %zu divides %zu! (%zu! mod %zu = %u), but %zu "
	    "and %zu share no factor (their greatest common divisor is %u), so "
	    "%zu does not divide %zu^%zu (%s mod %zu = %u).", n - 1, n, n,
	    n - 1, d->orderings_mod_n1, n, n - 1, (unsigned)d->gcd_n_n1,
	    n - 1, n, n, strlen(runs) <= 40 ? runs : "that number", n - 1,
	    d->runs_mod_n1);
}

/* Where the argument stops: at 2 cards, counted. */
static void
naive_boundary(report *r)
{
	sa_census *c;
	const sa_census_info *in;

	if (sa_census_run(sa_shuffle_find("naive"), 2, NULL, &c) != SA_OK)
		return;
	in = sa_census_about(c);
	rep_line(r, "The boundary: n - 1 needs a prime factor, so the argument "
	    "starts at 3 cards.  At 2 cards the census counts %llu runs onto "
	    "%llu orderings, %llu and %llu: %s.", (unsigned long long)in->runs,
	    (unsigned long long)in->orderings,
	    (unsigned long long)sa_census_count(c, 0),
	    (unsigned long long)sa_census_count(c, 1),
	    in->fair ? "fair" : "unfair");
	sa_census_free(c);
}

/* The argument's three big figures as decimal digits. */
struct digits {
	char *runs, *orderings, *rem;
};

/* STATUS from working out the argument, as an exit status. */
static int
refused(const sa_shuffle *sh, size_t n, int status)
{
	char name[64];

	if (status == SA_OK)
		return EXIT_FAIR;
	if (status == SA_ETOOBIG) {
		cli_shuffle_label(sh, n, name, sizeof name);
		if (sh->steps != NULL)
			cli_error("-a %s -n %zu: its run count has more than %llu "
			    "bits (%zu steps), past what divisibility works "
			    "with", name, n, (unsigned long long)SA_RUNS_MAX_BITS,
			    sh->steps(sh, n));
		else
			cli_error("-a %s -n %zu: its run count has more than %llu "
			    "bits, past what divisibility works with", name, n,
			    (unsigned long long)SA_RUNS_MAX_BITS);
	} else {
		cli_error("divisibility of %zu cards: %s", n,
		    sa_strerror(status));
	}
	return EXIT_TROUBLE;
}

/*
 * The argument for SH on N cards into D, its run count found as R and
 * the shuffle allow: raw-word runs under a reduction, the weighted total
 * of runs of different lengths (from a census), or the step form's.
 * *WEIGHTED says which of the last two; an exit status.
 */
static int
argue(const sa_shuffle *sh, size_t n, const sa_reduce *red,
    sa_divisibility *d, bool *weighted)
{
	sa_census *cen;
	sa_big total;
	int status;

	*weighted = false;
	sa_big_init(&total);
	if (red->method != SA_REDUCE_NONE) {
		if (!cli_check_reduce(sh, red, n)) {
			sa_big_free(&total);
			return EXIT_TROUBLE;
		}
		if (sh->steps == NULL) {
			cli_error("--reduce: the %s shuffle has no step form to "
			    "count raw words over", sh->name);
			return EXIT_TROUBLE;
		}
		status = sa_runs_reduced(sh, n, red, &total);
		if (status == SA_EINVAL) {
			cli_error("--reduce: cannot weigh the %s shuffle's draws "
			    "(it weighs draws below at most %d, and no retries)",
			    sh->name, SA_REDUCE_MAX_K);
			sa_big_free(&total);
			return EXIT_TROUBLE;
		}
	} else if (sh->steps == NULL && sh->runs == NULL) {
		/*
		 * Runs of different lengths: the count that must divide is
		 * the weighted total, which only walking the runs finds.
		 */
		if (n > CENSUS_MAX || !cli_check_cards(sh, n)) {
			cli_error("-a %s -n %zu: its runs differ in length, and "
			    "their weighted total is found by walking them, up "
			    "to %d cards", sh->name, n, CENSUS_MAX);
			return EXIT_TROUBLE;
		}
		status = sa_census_run(sh, n, NULL, &cen);
		if (status == SA_OK) {
			status = sa_census_runs(cen, &total);
			sa_census_free(cen);
		}
		*weighted = true;
	} else {
		return refused(sh, n, sa_divisibility_for(sh, n, d));
	}
	if (status == SA_OK)
		status = sa_divisibility_of(&total, n, d);
	sa_big_free(&total);
	return refused(sh, n, status);
}

/* Whether this machine's census would take SH on N cards as RED says. */
static bool
census_fits(const sa_shuffle *sh, size_t n, const sa_reduce *red)
{
	sa_census_opts o;
	sa_census_plan plan;

	memset(&o, 0, sizeof o);
	o.reduce = *red;
	return sa_census_plan_for(sh, n, &o, &plan) == SA_OK;
}

/* What the census says when n! divides the runs. */
static void
settled(report *r, const sa_shuffle *sh, size_t n, const sa_reduce *red,
    const char *label)
{
	sa_census *cen;

	rep_line(r, "n! divides the runs, so a fair shuffle is possible; "
	    "divisibility cannot say more.");
	if (red->method == SA_REDUCE_NONE && census_says(sh, n, &cen) == 0) {
		const sa_census_info *in = sa_census_about(cen);

		if (in->fair && in->orderings == 1)
			rep_line(r, "The census settles it: there is one "
			    "ordering, and every run lands on it, so the %s "
			    "shuffle is fair at %zu card.", sh->name, n);
		else if (in->fair)
			rep_line(r, "The census settles it: each of the %llu "
			    "orderings gets exactly %llu of the %llu runs, so "
			    "the %s shuffle is fair at %zu card%s.",
			    (unsigned long long)in->orderings,
			    (unsigned long long)in->min,
			    (unsigned long long)in->runs, sh->name, n,
			    n == 1 ? "" : "s");
		else
			rep_line(r, "The census settles it: the counts run from "
			    "%llu to %llu, so the %s shuffle is unfair at %zu "
			    "cards all the same.", (unsigned long long)in->min,
			    (unsigned long long)in->max, sh->name, n);
		rep_bool(r, "census_fair", NULL, in->fair, NULL);
		sa_census_free(cen);
	} else if (n <= SA_PERM_MAX && census_fits(sh, n, red)) {
		char how[48] = "";

		if (red->method != SA_REDUCE_NONE)
			snprintf(how, sizeof how, " --reduce %s:%u",
			    sa_reduce_name(red->method), red->bits);
		rep_line(r, "Whether every ordering gets its share is for the "
		    "census to count: " PROGNAME " census -a %s -n %zu%s.",
		    label, n, how);
	} else if (n <= SA_PERM_MAX) {
		rep_line(r, "Whether every ordering gets its share is for a "
		    "census to count, and %zu cards are beyond what this "
		    "machine's census can hold.", n);
	} else {
		rep_line(r, "Whether every ordering gets its share is for a "
		    "census to count, and %zu cards are beyond this one's %d.",
		    n, SA_PERM_MAX);
	}
}

/* Why n! does not divide the runs. */
static void
unsettled(report *r, const sa_shuffle *sh, size_t n, const sa_reduce *red,
    const sa_divisibility *d, const struct digits *x, bool weighted)
{
	bool naive = strcmp(sh->name, "naive") == 0 &&
	    red->method == SA_REDUCE_NONE;

	rep_line(r, "%s does not divide %s, so the runs cannot be shared out "
	    "equally among the orderings: whatever the random numbers do, "
	    "some ordering comes up more often than another.",
	    strlen(x->orderings) <= 40 ? x->orderings : "n!",
	    strlen(x->runs) <= 40 ? x->runs : "the runs");
	if (naive && n >= 3)
		naive_reason(r, n, d, x->runs);
	rep_line(r, "In primes: %u divides %zu! %llu time%s, and the runs %llu "
	    "time%s.", d->prime, n, (unsigned long long)d->prime_in_orderings,
	    d->prime_in_orderings == 1 ? "" : "s",
	    (unsigned long long)d->prime_in_runs,
	    d->prime_in_runs == 1 ? "" : "s");
	if (weighted)
		rep_line(r, "The weighted total came from walking every run; the "
		    "rest is arithmetic, exact for %zu cards.", n);
	else
		rep_line(r, "This needs no enumeration: it is arithmetic on the "
		    "run count, exact for %zu cards.", n);
	if (naive)
		naive_boundary(r);
}

static void
render(enum rep_format fmt, const sa_shuffle *sh, size_t n,
    const sa_reduce *red, const sa_divisibility *d, const struct digits *x,
    bool weighted)
{
	char note[128], label[96];
	report r;

	rep_begin(&r, stdout, fmt);
	cli_shuffle_label(sh, n, label, sizeof label);
	rep_line(&r, "The %s shuffle of %zu card%s: %s.", label, n,
	    n == 1 ? "" : "s", sh->summary);
	rep_line(&r, "%s", "");
	rep_str(&r, "algorithm", NULL, label, NULL);
	rep_u64(&r, "cards", NULL, n, NULL);
	note[0] = '\0';
	if (sh->runs_formula != NULL) {
		char f[64];

		cli_formula(sh, n, f, sizeof f);
		snprintf(note, sizeof note, "%s = %s", sh->runs_formula, f);
	}
	if (weighted)
		snprintf(note, sizeof note, "runs differ in length: the "
		    "weighted total, from walking them");
	if (red->method != SA_REDUCE_NONE)
		snprintf(note, sizeof note, "every sequence of %u-bit words, "
		    "each draw made by %s", red->bits,
		    sa_reduce_name(red->method));
	rep_str(&r, "runs", red->method != SA_REDUCE_NONE ? "raw-word runs" :
	    weighted ? "weighted total" : "runs it can take", x->runs,
	    note[0] ? note : NULL);
	rep_str(&r, "orderings", "orderings (n!)", x->orderings, NULL);
	rep_str(&r, "remainder", "runs mod orderings", x->rem, NULL);
	rep_bool(&r, "divides", "n! divides the runs", d->divides, NULL);
	if (!d->divides) {
		rep_u64(&r, "prime", "witness prime", d->prime, NULL);
		rep_u64(&r, "prime_in_orderings", NULL, d->prime_in_orderings,
		    NULL);
		rep_u64(&r, "prime_in_runs", NULL, d->prime_in_runs, NULL);
	}
	rep_line(&r, "%s", "");
	if (!d->divides)
		unsettled(&r, sh, n, red, d, x, weighted);
	else
		settled(&r, sh, n, red, label);
	rep_end(&r);
}

/* The options, as getopt reads them and the completions list them. */
static const struct option options[] = {
	CLI_ROW_ALGORITHM,
	CLI_ROW_CARDS,
	CLI_ROW_FORMAT,
	CLI_ROW_HELP,
	CLI_ROW_REDUCE,
	CLI_ROW_END,
};

/* --reduce into the reduction at CTX (cli_getopts' OWN). */
static int
reduce_option(int c, const char *arg, void *ctx)
{
	if (c != CLI_OPT_REDUCE)
		return CLI_CONTINUE;
	return cli_parse_reduce(arg, ctx) ? CLI_TAKEN : EXIT_TROUBLE;
}

static int
cmd_divisibility(int argc, char **argv)
{
	sa_shuffle shuffle = *sa_shuffle_find("naive");
	int fmt = REP_TEXT, status;
	uint64_t cards = 4;
	size_t n;
	const struct cli_options common = { "divisibility", help, &shuffle,
	    &fmt, &cards, CARDS_MAX };
	sa_divisibility d;
	struct digits x;
	bool weighted;
	sa_reduce reduce = { SA_REDUCE_NONE, 0 };

	status = cli_getopts(argc, argv, &cli_cmd_divisibility, &common,
	    reduce_option, &reduce);
	if (status != 0)
		return status < 0 ? EXIT_FAIR : status;
	n = (size_t)cards;
	reduce = sa_reduce_settle(&shuffle, &reduce);
	if ((status = argue(&shuffle, n, &reduce, &d, &weighted)) != EXIT_FAIR)
		return status;
	x.runs = sa_big_to_dec(&d.runs);
	x.orderings = sa_big_to_dec(&d.orderings);
	x.rem = sa_big_to_dec(&d.remainder);
	if (x.runs == NULL || x.orderings == NULL || x.rem == NULL) {
		cli_error("divisibility of %zu cards: out of memory", n);
		status = EXIT_TROUBLE;
	} else {
		render((enum rep_format)fmt, &shuffle, n, &reduce, &d, &x,
		    weighted);
		status = cli_finish(EXIT_FAIR);
	}
	free(x.runs);
	free(x.orderings);
	free(x.rem);
	sa_divisibility_free(&d);
	return status;
}

const struct cli_command cli_cmd_divisibility = {
	.name = "divisibility",
	.summary = "whether n! divides the runs, for any n",
	.shortopts = ":a:f:hn:",
	.longopts = options,
	.help = help,
	.run = cmd_divisibility,
	.merge = NULL,
	.more_formats = NULL,
	.operands = CLI_OPERANDS_NONE,
};
