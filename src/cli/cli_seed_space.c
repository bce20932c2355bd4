/*
 * cli_seed_space.c - `shuffle-audit seed-space`: every seed of a seeded
 * deal dealt, and the orderings counted exactly.
 */
#define _POSIX_C_SOURCE 200809L

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "cli_part.h"

/* This command, as main.c's list (made by make) has it. */
extern const struct cli_command cli_cmd_seed_space;

#define CARDS_MAX SA_SEEDS_MATCH_MAX_CARDS
#define LIST_MAX 1000

static const char usage_text[] =
    "usage: " PROGNAME " seed-space [-g GENERATOR] [--seeds FROM-TO] "
    "[-a ALGORITHM]\n"
    "                         [-n CARDS] [--reduce METHOD:BITS] "
    "[--threads N]\n"
    "                         [--check] [--match CARDS [--list L]] "
    "[--time-limit S]\n"
    "                         [-f FORMAT] [--part I/P]\n";

static void
help(FILE *out)
{
	size_t count;
	const sa_seeded_gen *g = sa_seeded_gens(&count);

	fputs(usage_text, out);
	fputs("\n"
	    "Deals from every seed of a seeded generator (or the seeds FROM to\n"
	    "TO) and counts the orderings exactly: how many are reached, the\n"
	    "commonest and the rarest, and whether the deal is uniform over the\n"
	    "seeds.\n"
	    "\n"
	    "  -g, --generator NAME  the generator (default mulberry32):\n", out);
	for (size_t i = 0; i < count; i++)
		fprintf(out, "                          %-11s %u-bit seeds\n",
		    g[i].name, g[i].seed_bits);
	fputs("      --seeds FROM-TO   the seeds dealt (default: every one)\n"
	    "  -a, --algorithm NAME  the shuffle (default durstenfeld)\n"
	    "  -n, --cards N         cards in the deck (default 4); past 12,\n"
	    "                        the seeds against n! (--match to count)\n"
	    "      --reduce M:B      make each draw from a B-bit word by M\n"
	    "                        (default: the generator's own draw)\n"
	    "      --threads N       threads (default: the machine's cores)\n"
	    "      --check           exit 1 unless every ordering is dealt by\n"
	    "                        as many seeds\n"
	    "      --match CARDS     count the seeds whose deal starts with\n"
	    "                        CARDS (numbers from 0, as 51,3,17, or at 52\n"
	    "                        cards names, as AS,10H,KC), and the\n"
	    "                        seeds left once 1 to 8 cards are seen; any\n"
	    "                        deck up to 64 cards\n"
	    "      --list L          list the first L matching seeds (10)\n"
	    "      --time-limit S    refuse, or stop, work past S seconds (600)\n"
	    "      --part I/P        deal part I of P stretches of the seeds and\n"
	    "                        write it as a part file, for merge\n"
	    CLI_HELP_FORMAT
	    CLI_HELP_HELP, out);
}

enum { OPT_SEEDS = 256, OPT_MATCH,
	OPT_LIST };

struct seeds_args {
	const struct part_set *merging;	/* under merge: the parts */
	sa_shuffle shuffle;
	size_t n;
	enum rep_format fmt;
	const sa_seeded_gen *gen;
	sa_seeds_opts o;
	sa_time_limit limit;
	bool check;
	double start;		/* for the progress */
	const char *match;	/* --match, as given */
	const char *seeds;	/* --seeds, as given */
	unsigned seen[CARDS_MAX];
	size_t nseen;
	uint64_t list;
	unsigned part_index, part_count;	/* --part I/P; 0: whole */
};

/* "-g NAME: no such generator (every name)". */
static void
unknown_generator(const char *name)
{
	size_t count, len = 0;
	const sa_seeded_gen *g = sa_seeded_gens(&count);
	char list[256];

	list[0] = '\0';
	for (size_t i = 0; i < count && len < sizeof list; i++)
		len += (size_t)snprintf(list + len, sizeof list - len, "%s%s",
		    i ? ", " : "", g[i].name);
	cli_error("-g %s: no such generator (%s)", cli_arg(name), list);
}

/* --seeds FROM-TO, inside GEN's space, into O. */
static bool
parse_seeds(const char *arg, const sa_seeded_gen *gen, sa_seeds_opts *o)
{
	uint64_t max = (UINT64_C(1) << gen->seed_bits) - 1, from, to;
	const char *dash = strchr(arg, '-');
	char *head;
	bool ok;

	if (dash == NULL || dash == arg || dash[1] == '\0') {
		cli_error("--seeds %s: expected FROM-TO, two seeds", arg);
		return false;
	}
	if ((head = strndup(arg, (size_t)(dash - arg))) == NULL) {
		cli_error("--seeds: out of memory");
		return false;
	}
	ok = cli_parse_uint("--seeds FROM", head, 0, max, &from) &&
	    cli_parse_uint("--seeds TO", dash + 1, 0, max, &to);
	free(head);
	if (ok && to < from) {
		cli_error("--seeds %s: TO is below FROM", arg);
		return false;
	}
	if (ok) {
		o->first = from;
		o->count = to - from + 1;	/* 0 only for the whole 2^64 */
	}
	return ok;
}

/* --match: cards from 0 to n-1, each once, separated by ',' or ' '. */
static bool
parse_match(struct seeds_args *a)
{
	const char *s = a->match;

	a->nseen = 0;
	while (*s != '\0') {
		char buf[32];
		size_t len = strcspn(s, ", ");
		uint64_t v;
		unsigned name;
		bool named;

		if (len == 0) {
			s++;
			continue;
		}
		if (a->nseen == a->n) {
			cli_error("--match %s: more cards than the deck's %zu",
			    a->match, a->n);
			return false;
		}
		snprintf(buf, sizeof buf, "%.*s", (int)(len < 31 ? len : 31), s);
		named = a->n == 52 && strspn(buf, "0123456789") != strlen(buf);
		if (named && sa_card_from_name(s, len, &name))
			v = name;
		else if (named) {
			cli_error("--match card %s: not a card of a standard "
			    "deck (AS .. KS, AH .. KH, AD .. KD, AC .. KC)", buf);
			return false;
		} else if (!cli_parse_uint("--match card", buf, 0, a->n - 1,
		    &v))
			return false;
		for (size_t i = 0; i < a->nseen; i++)
			if (a->seen[i] == v) {
				cli_error("--match %s: card %llu twice", a->match,
				    (unsigned long long)v);
				return false;
			}
		a->seen[a->nseen++] = (unsigned)v;
		s += len;
	}
	if (a->nseen == 0) {
		cli_error("--match: no cards given");
		return false;
	}
	return true;
}

/* One of seed-space's own options into A (cli_getopts' OWN). */
static int
seeds_option(int c, const char *arg, void *ctx)
{
	struct seeds_args *a = ctx;
	uint64_t threads = 0;
	bool ok = true;

	switch (c) {
	case 'g':
		if ((a->gen = sa_seeded_find(arg)) == NULL)
			unknown_generator(arg);
		ok = a->gen != NULL;
		break;
	case OPT_SEEDS:
		a->seeds = arg;
		break;
	case CLI_OPT_REDUCE:
		ok = cli_parse_reduce(arg, &a->o.reduce);
		break;
	case CLI_OPT_THREADS:
		ok = cli_parse_uint("--threads", arg, 1, 64, &threads);
		a->o.threads = (unsigned)threads;
		break;
	case CLI_OPT_CHECK:
		a->check = true;
		break;
	case OPT_MATCH:
		a->match = arg;
		break;
	case OPT_LIST:
		ok = cli_parse_uint("--list", arg, 0, LIST_MAX, &a->list);
		break;
	case CLI_OPT_TIME_LIMIT:
		ok = cli_parse_time_limit(arg, &a->limit.seconds);
		break;
	case CLI_OPT_PART:
		ok = part_parse(arg, &a->part_index, &a->part_count);
		break;
	default:
		return CLI_CONTINUE;
	}
	return ok ? CLI_TAKEN : EXIT_TROUBLE;
}

/* The options, as getopt reads them and the completions list them. */
static const struct option options[] = {
	CLI_ROW_ALGORITHM,
	CLI_ROW_CARDS,
	CLI_ROW_FORMAT,
	{ "generator", required_argument, NULL, 'g' },
	CLI_ROW_HELP,
	{ "seeds", required_argument, NULL, OPT_SEEDS },
	CLI_ROW_REDUCE,
	CLI_ROW_THREADS,
	CLI_ROW_CHECK,
	{ "match", required_argument, NULL, OPT_MATCH },
	{ "list", required_argument, NULL, OPT_LIST },
	CLI_ROW_TIME_LIMIT,
	CLI_ROW_PART,
	CLI_ROW_END,
};

/* The options A holds, checked together; false after a message. */
static bool
seeds_args_fit(struct seeds_args *a)
{
	if (a->seeds != NULL && !parse_seeds(a->seeds, a->gen, &a->o))
		return false;
	if (a->o.reduce.method != SA_REDUCE_NONE &&
	    a->o.reduce.bits > a->gen->word_bits) {
		cli_error("--reduce %s:%u: %s's outputs have %u bits",
		    sa_reduce_name(a->o.reduce.method), a->o.reduce.bits,
		    a->gen->name, a->gen->word_bits);
		return false;
	}
	if (a->match == NULL && a->n > SA_SEEDS_MAX_CARDS && a->check) {
		cli_error("--check: -n %zu is too large to count every "
		    "ordering (at most %d)", a->n, SA_SEEDS_MAX_CARDS);
		return false;
	}
	if (a->match != NULL && a->check) {
		cli_error("--check: not with --match, which has no verdict");
		return false;
	}
	if (a->match != NULL && !parse_match(a))
		return false;
	/* Under MPI, the tally is shared out over the ranks (cli_mpi.c). */
	if (a->merging == NULL && a->match == NULL &&
	    a->n <= SA_SEEDS_MAX_CARDS)
		(void)mpi_part(&a->part_index, &a->part_count);
	if ((a->part_count != 0 || a->merging != NULL) &&
	    (a->match != NULL || a->n > SA_SEEDS_MAX_CARDS)) {
		cli_error("--part: parts of the tally of every seed, at most %d "
		    "cards, so not with %s", SA_SEEDS_MAX_CARDS, a->match ?
		    "--match" : "this many cards");
		return false;
	}
	return cli_check_cards(&a->shuffle, a->n) &&
	    cli_check_reduce(&a->shuffle, &a->o.reduce, a->n);
}

static int
parse_args(int argc, char **argv, const struct part_set *merging,
    struct seeds_args *a)
{
	int fmt = REP_TEXT, status;
	uint64_t cards = 4;
	const struct cli_options common = { "seed-space", help, &a->shuffle,
	    &fmt, &cards, CARDS_MAX };

	memset(a, 0, sizeof *a);
	a->merging = merging;
	a->list = 10;
	a->shuffle = *sa_shuffle_find("durstenfeld");
	a->gen = sa_seeded_find("mulberry32");
	status = cli_getopts(argc, argv, &cli_cmd_seed_space, &common,
	    seeds_option, a);
	if (status != 0)
		return status;
	if (a->limit.seconds == 0)
		a->limit.seconds = CLI_TIME_LIMIT;
	a->o.limit = &a->limit;
	a->fmt = (enum rep_format)fmt;
	a->n = (size_t)cards;
	return seeds_args_fit(a) ? 0 : EXIT_TROUBLE;
}

/* Progress on a terminal. */
static void
progress(void *ctx, double done)
{
	const struct seeds_args *a = ctx;

	cli_progress("seed-space", a->start, done, a->o.count, "seeds",
	    isatty(STDERR_FILENO), "writing the report");
}

/*
 * One extreme ordering as fields: its ordering, its seeds and its ratio
 * to an even share.  (A report keeps a field's key by its pointer, so
 * the keys are constant strings.)
 */
static void
extreme(report *r, const sa_seeds *s, size_t n, bool max)
{
	const sa_seeds_info *in = sa_seeds_about(s);
	static const char *const keys[2][4] = {
		{ "min_ordering", "min_seeds", "min_ratio", "min_ratio_exact" },
		{ "max_ordering", "max_seeds", "max_ratio", "max_ratio_exact" },
	};
	uint64_t rank = max ? in->max_rank : in->min_rank;
	uint64_t count = max ? in->max_count : in->min_count;
	unsigned deck[CARDS_MAX];
	char ord[64], note[96], *ratio = NULL, *exact = NULL;
	sa_fraction f;

	sa_perm_unrank(rank, n, deck);
	sa_perm_format(deck, n, ord, sizeof ord);
	sa_fraction_init(&f);
	if (sa_seeds_ratio(s, rank, &f) == SA_OK) {
		ratio = sa_fraction_sig(&f, 6);
		exact = sa_fraction_exact(&f);
	}
	snprintf(note, sizeof note, "%s times an even share",
	    ratio ? ratio : "?");
	rep_str(r, keys[max][0], max ? "commonest" : "rarest", ord, NULL);
	rep_u64(r, keys[max][1], "  dealt by seeds", count, note);
	rep_num(r, keys[max][2], NULL, ratio ? ratio : "0", NULL);
	rep_str(r, keys[max][3], NULL, exact ? exact : "0", NULL);
	free(ratio);
	free(exact);
	sa_fraction_free(&f);
}

/* The chi-square against uniform, exactly and with its p-value. */
static void
chi_fields(report *r, const sa_seeds *s)
{
	const sa_seeds_info *in = sa_seeds_about(s);
	char v[160], p[48], *exact = NULL, *dec = NULL;
	double log10_p;
	sa_fraction f;

	sa_fraction_init(&f);
	if (sa_seeds_chi2(s, &f) == SA_OK) {
		exact = sa_fraction_exact(&f);
		dec = sa_fraction_sig(&f, 6);
	}
	if (sa_seeds_log10_p(s, &log10_p) != SA_OK)
		log10_p = 0;
	cli_p_text(log10_p, p, sizeof p);
	snprintf(v, sizeof v, "%s on %llu degrees of freedom, p = %s",
	    dec ? dec : "?", (unsigned long long)in->df, p);
	rep_str(r, NULL, "chi-square", v, "against every ordering equally "
	    "often");
	rep_num(r, "chi_square", NULL, dec ? dec : "0", NULL);
	rep_str(r, "chi_square_exact", NULL, exact ? exact : "?", NULL);
	rep_u64(r, "df", NULL, in->df, NULL);
	rep_num(r, "p", NULL, p, NULL);
	free(exact);
	free(dec);
	sa_fraction_free(&f);
}

static void
render(const struct seeds_args *a, const sa_seeds *s)
{
	const sa_seeds_info *in = sa_seeds_about(s);
	char label[96], seeds[96], note[128];
	double share;
	bool whole;
	report r;

	cli_shuffle_label(&a->shuffle, a->n, label, sizeof label);
	rep_begin(&r, stdout, a->fmt);
	rep_line(&r, "The %s shuffle of %zu cards dealt from %s seeds %llu "
	    "to %llu, every one, each ordering counted.", label, a->n,
	    a->gen->name, (unsigned long long)in->first,
	    (unsigned long long)in->last);
	rep_line(&r, "%s", "");
	rep_str(&r, "generator", "generator", a->gen->name, NULL);
	rep_str(&r, "algorithm", "algorithm", label, NULL);
	rep_u64(&r, "cards", "cards", a->n, NULL);
	rep_u64(&r, "first_seed", "first seed", in->first, NULL);
	snprintf(seeds, sizeof seeds, "%llu", (unsigned long long)in->seeds);
	share = sa_seeds_share(s, a->gen, &whole);
	if (whole)
		snprintf(note, sizeof note, "the whole space, 2^%u",
		    a->gen->seed_bits);
	else
		snprintf(note, sizeof note, "%.3g of the space of 2^%u",
		    share, a->gen->seed_bits);
	rep_num(&r, "seeds", "seeds dealt", seeds, note);
	rep_u64(&r, "space_bits", NULL, a->gen->seed_bits, NULL);
	rep_u64(&r, "orderings", "orderings", in->orderings, NULL);
	rep_u64(&r, "reached", "reached", in->reached, NULL);
	rep_u64(&r, "never_reached", "never reached",
	    in->unreached, NULL);
	extreme(&r, s, a->n, true);
	extreme(&r, s, a->n, false);
	chi_fields(&r, s);
	rep_str(&r, "verdict", "verdict", in->uniform ? "uniform over the "
	    "seeds" : "not uniform over the seeds", !in->divides ? "the seeds do not split evenly into "
	    "the orderings, so no deal could be" : NULL);
	rep_bool(&r, "divides", NULL, in->divides, NULL);
	rep_bool(&r, "uniform", NULL, in->uniform, NULL);
	rep_line(&r, "%s", "");
	rep_line(&r, "%s", in->uniform ? "Every ordering is dealt by as many "
	    "of these seeds." : in->reached < in->orderings ? "Some orderings "
	    "are never dealt from these seeds, and the rest unevenly: a "
	    "seed picked at random does not deal every ordering equally "
	    "often." : "The orderings are not dealt by equally many of these "
	    "seeds: a seed picked at random does not deal every ordering "
	    "equally often.");
	rep_end(&r);
}

/*
 * Past SA_SEEDS_MAX_CARDS, no tally: the seeds against the n! orderings
 * (the state-space argument), exactly, and a pointer to --match.
 */
static int
space_only(const struct seeds_args *a)
{
	uint64_t seeds, bytes;
	sa_state_space sp;
	char *fs = NULL, *frac = NULL, label[96], buf[32];
	report r;
	int status;

	status = sa_seeds_match_plan(&a->shuffle, a->n, a->gen, &a->o, 0,
	    &seeds, &bytes);
	if (status != SA_OK && status != SA_ETOOBIG) {
		cli_error("--seeds: past the end of %s's 2^%u seeds",
		    a->gen->name, a->gen->seed_bits);
		return EXIT_TROUBLE;
	}
	if (sa_state_space_count(a->n, seeds, &sp) != SA_OK) {
		cli_error("seed-space of %zu cards: out of memory", a->n);
		return EXIT_TROUBLE;
	}
	fs = sa_big_to_dec(&sp.orderings);
	frac = sp.covers ? NULL : sa_fraction_sci(&sp.reach, 3);
	cli_shuffle_label(&a->shuffle, a->n, label, sizeof label);
	rep_begin(&r, stdout, a->fmt);
	rep_line(&r, "The %s shuffle of %zu cards dealt from %llu seeds of "
	    "%s: too many orderings to count one by one%s", label, a->n,
	    (unsigned long long)seeds, a->gen->name, !sp.covers ?
	    ", and more than the seeds can reach." : ".");
	rep_line(&r, "%s", "");
	rep_str(&r, "generator", "generator", a->gen->name, NULL);
	rep_str(&r, "algorithm", "algorithm", label, NULL);
	rep_u64(&r, "cards", "cards", a->n, NULL);
	rep_u64(&r, "first_seed", "first seed", a->o.first, NULL);
	snprintf(buf, sizeof buf, "%llu", (unsigned long long)seeds);
	rep_num(&r, "seeds", "seeds", buf, NULL);
	rep_str(&r, "orderings", "orderings", fs ? fs : "?", "n!");
	if (sp.covers)
		rep_str(&r, "fraction", "most reached", "1", "as many seeds as "
		    "orderings: the seeds could reach them all");
	else
		rep_str(&r, "fraction", "most reached", frac ? frac : "?",
		    "of the orderings: one a seed, at most");
	rep_line(&r, "%s", "");
	rep_line(&r, "%s", "What a few seen cards give away: --match CARDS.");
	rep_end(&r);
	free(fs);
	free(frac);
	sa_state_space_free(&sp);
	return cli_finish(EXIT_FAIR);
}

/* The seeds left after 1, 2, ... cards, exactly: "remain_exact". */
static void
remain_exact(report *r, const sa_seeds_match *m)
{
	char *list = NULL, *grown;
	size_t len = 0;

	for (size_t k = 0; k < m->depth; k++) {
		char *v = sa_fraction_exact(&m->remain[k]);
		size_t add = v != NULL ? strlen(v) : 1;

		grown = realloc(list, len + add + 2);
		if (grown == NULL) {
			free(v);
			break;
		}
		list = grown;
		len += (size_t)sprintf(list + len, "%s%s", k ? " " : "",
		    v != NULL ? v : "?");
		free(v);
	}
	rep_list(r, "remain_exact", NULL, list != NULL ? list : "", false,
	    NULL);
	free(list);
}

/* The attack from the seen cards, as a report. */
static void
render_match(const struct seeds_args *a, const sa_seeds_match *m)
{
	static const char *const names[8] = { "  after 1 card",
	    "  after 2 cards", "  after 3 cards", "  after 4 cards",
	    "  after 5 cards", "  after 6 cards", "  after 7 cards",
	    "  after 8 cards" };
	char label[96], seen[CARDS_MAX * 4 + 1], remain[8 * 32];
	size_t at = 0;
	report r;

	cli_shuffle_label(&a->shuffle, a->n, label, sizeof label);
	for (size_t i = 0; i < a->nseen; i++)
		at += (size_t)snprintf(seen + at, sizeof seen - at, "%s%u",
		    i ? " " : "", a->seen[i]);
	rep_begin(&r, stdout, a->fmt);
	rep_line(&r, "The %s shuffle of %zu cards dealt from %s seeds %llu "
	    "to %llu: the seeds whose deal starts with %s.", label, a->n,
	    a->gen->name, (unsigned long long)a->o.first,
	    (unsigned long long)m->last, seen);
	rep_line(&r, "%s", "");
	rep_str(&r, "generator", "generator", a->gen->name, NULL);
	rep_str(&r, "algorithm", "algorithm", label, NULL);
	rep_u64(&r, "cards", "cards", a->n, NULL);
	rep_u64(&r, "first_seed", "first seed", a->o.first, NULL);
	rep_u64(&r, "seeds", "seeds dealt", m->seeds, NULL);
	rep_list(&r, "seen", "cards seen", seen, true, NULL);
	rep_u64(&r, "matches", "seeds that deal them", m->matches, NULL);
	at = 0;
	seen[0] = '\0';
	for (size_t i = 0; i < m->listed && at < sizeof seen - 24; i++)
		at += (size_t)snprintf(seen + at, sizeof seen - at, "%s%llu",
		    i ? " " : "", (unsigned long long)m->first[i]);
	rep_list(&r, "listed", "the first of them", seen, true, NULL);
	rep_line(&r, "%s", "");
	rep_line(&r, "%s", "Seeds left once the first k cards of a deal are "
	    "seen, on average over the seeds:");
	remain[0] = '\0';
	at = 0;
	for (size_t k = 0; k < m->depth; k++) {
		char *v = sa_fraction_distinct(&m->remain[k], 6, false);
		/* an exact 1 as "1", not 1.00000 */
		const char *shown = v != NULL && v[0] == '1' &&
		    strspn(v + 1, ".0") == strlen(v + 1) ? "1" : v ? v : "?";

		rep_num(&r, NULL, names[k], shown, NULL);
		at += (size_t)snprintf(remain + at, sizeof remain - at, "%s%s",
		    k ? " " : "", shown);
		free(v);
	}
	rep_list(&r, "remain", NULL, remain, true, NULL);
	remain_exact(&r, m);
	rep_end(&r);
}

static void
refusal(const struct seeds_args *a, int status, uint64_t seeds,
    uint64_t bytes)
{
	if (status == SA_ETOOBIG)
		cli_error("seed-space of %zu cards: %s take %llu MB, more "
		    "than this process may use", a->n, a->match ? "the seeds' "
		    "first cards" : "the tallies",
		    (unsigned long long)(bytes >> 20));
	else if (status == SA_ERANGE)
		cli_error("--seeds: past the end of %s's 2^%u seeds",
		    a->gen->name, a->gen->seed_bits);
	else if (status == SA_ETIME)
		cli_time_refusal("seed-space", &a->limit, "seeds", a->match ?
		    "ask for fewer seeds (--seeds FROM-TO)" : "ask for fewer "
		    "seeds (--seeds FROM-TO), or a deck of more than 12 cards "
		    "for the seeds against n! alone");
	else if (status == SA_EBOUND)
		cli_error("seed-space: the shuffle asked %s for a draw it "
		    "cannot make (%llu seeds)", a->gen->name,
		    (unsigned long long)seeds);
	else
		cli_error("seed-space of %zu cards: %s", a->n,
		    sa_strerror(status));
}

/* --match: the seeds that deal the seen cards; an exit status. */
static int
match(struct seeds_args *a)
{
	uint64_t seeds, bytes;
	sa_seeds_match m;
	int status;

	status = sa_seeds_match_plan(&a->shuffle, a->n, a->gen, &a->o,
	    a->nseen, &seeds, &bytes);
	if (status == SA_OK) {
		a->o.count = seeds;
		a->o.progress = progress;
		a->o.progress_ctx = a;
		a->start = cli_seconds();
		status = sa_seeds_match_run(&a->shuffle, a->n, a->gen, &a->o,
		    a->seen, a->nseen, (size_t)a->list, &m);
		if (a->o.progress != NULL)
			progress(a, 1.0);
	}
	if (status != SA_OK) {
		refusal(a, status, seeds, bytes);
		return EXIT_TROUBLE;
	}
	render_match(a, &m);
	sa_seeds_match_free(&m);
	return cli_finish(EXIT_FAIR);
}

/*
 * Under merge, the seed space from the parts into *S: SA_OK, or an
 * exit status after a message.
 */
static int
from_parts(const struct seeds_args *a, const sa_part *parts, size_t count,
    sa_seeds **s)
{
	char why[256];
	size_t at;
	int status;

	*s = NULL;
	if (!part_set_kind(a->merging, "seeds"))
		return EXIT_TROUBLE;
	if ((status = sa_parts_seeds(parts, count, a->n, &at, s)) != SA_OK) {
		cli_error("merge: part %zu of %zu: %s", at + 1, count,
		    status == SA_EINVAL ? "not a stretch of this seed "
		    "space's seeds" : sa_strerror(status));
		return EXIT_TROUBLE;
	}
	if (*s != NULL && sa_seeds_whole(*s, a->gen, &a->o, why,
	    sizeof why) != SA_OK) {
		cli_error("merge: %s", why);
		sa_seeds_free(*s);
		*s = NULL;
		return EXIT_TROUBLE;
	}
	return SA_OK;
}

/* The seeds counted, whole, as part A->part_index, or from the parts
 * under merge, into *S: SA_OK, or an exit status after a message. */
static int
count_seeds(struct seeds_args *a, sa_seeds **s)
{
	uint64_t seeds = 0, bytes = 0;
	int status;

	if (a->merging != NULL)
		return from_parts(a, a->merging->parts, a->merging->count, s);
	status = sa_seeds_plan(&a->shuffle, a->n, a->gen, &a->o, &seeds,
	    &bytes);
	if (status == SA_OK) {
		a->o.count = seeds;
		if (a->part_count != 0 && sa_seeds_part(&a->o, seeds,
		    a->part_index, a->part_count) != SA_OK) {
			cli_error("--part %u/%u: more parts than the %llu seeds",
			    a->part_index, a->part_count,
			    (unsigned long long)seeds);
			return EXIT_TROUBLE;
		}
		a->o.progress = progress;
		a->o.progress_ctx = a;
		a->start = cli_seconds();
		status = sa_seeds_run(&a->shuffle, a->n, a->gen, &a->o, s);
		if (a->o.progress != NULL)
			progress(a, 1.0);
	}
	if (status != SA_OK) {
		refusal(a, status, seeds, bytes);
		return EXIT_TROUBLE;
	}
	return SA_OK;
}

static int
seed_space_merge(int argc, char **argv, const struct part_set *merging)
{
	struct seeds_args a;
	sa_seeds *s = NULL;
	unsigned char *data;
	size_t len;
	int status = parse_args(argc, argv, merging, &a);

	if (status != 0)
		return status < 0 ? EXIT_FAIR : status;
	if (mpi_idle(a.part_count != 0))
		return EXIT_FAIR;
	if (a.match != NULL)
		return match(&a);
	if (a.n > SA_SEEDS_MAX_CARDS)
		return space_only(&a);
	if ((status = count_seeds(&a, &s)) != SA_OK)
		return status;
	if (a.part_count != 0) {
		status = sa_seeds_pack(s, &data, &len);
		sa_seeds_free(s);
		if (status != SA_OK) {
			cli_error("--part: %s", sa_strerror(status));
			return EXIT_TROUBLE;
		}
		status = part_put(a.part_index, a.part_count, "seeds", data, len,
		    NULL, 0);
		return status == PART_WRITTEN ? EXIT_FAIR : status;
	}
	render(&a, s);
	status = a.check && !sa_seeds_about(s)->uniform ? EXIT_UNFAIR :
	    EXIT_FAIR;
	sa_seeds_free(s);
	return cli_finish(status);
}

static int
cmd_seed_space(int argc, char **argv)
{
	return seed_space_merge(argc, argv, NULL);
}

const struct cli_command cli_cmd_seed_space = {
	.name = "seed-space",
	.summary = "deal from every seed of a seeded generator and count",
	.shortopts = ":a:f:g:hn:",
	.longopts = options,
	.help = help,
	.run = cmd_seed_space,
	.merge = seed_space_merge,
	.more_formats = NULL,
	.operands = CLI_OPERANDS_NONE,
};
