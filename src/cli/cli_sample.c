/*
 * cli_sample.c - `shuffle-audit sample`: decks dealt by a real
 * generator, tested as a black box would be, beside what the exact
 * matrix says; or the decks themselves, a line each.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "cli_part.h"

/* This command, as main.c's list (made by make) has it. */
extern const struct cli_command cli_cmd_sample;

static const char usage_text[] =
    "usage: " PROGNAME " sample [-a ALGORITHM] [-n CARDS] --decks D [--seed S]\n"
    "                     [--reduce METHOD:BITS] [--threads N] [--alpha A]\n"
    "                     [--time-limit S] [-f " REP_FORMATS_BARRED "|perms]\n"
    "                     [--part I/P]\n";

static void
help(FILE *out)
{
	fputs(usage_text, out);
	fputs("\n"
	    "Deals D decks from xoshiro256** (draws by Lemire's unbiased bound,\n"
	    "or by the reduction asked for) and tests them as fit tests a black\n"
	    "box's, beside the exact matrix's largest deviation and the decks it\n"
	    "takes to show; or, with -f perms, writes the decks, a line each.\n"
	    "\n"
	    "  -a, --algorithm NAME  the shuffle (default naive)\n"
	    "  -n, --cards N         cards in the deck (default 52)\n"
	    "      --decks D         how many decks to deal\n"
	    "      --seed S          the generator's seed (default 1)\n"
	    "      --reduce M:B      make each draw from a B-bit word by M\n"
	    "      --threads N       threads (default: the cores; the decks\n"
	    "                        dealt depend on the seed and the threads)\n"
	    "      --alpha A         the false-alarm odds (default 1e-6)\n"
	    "      --time-limit S    refuse, or stop, work past S seconds (600)\n"
	    "      --part I/P        deal the streams I-1 modulo P of the\n"
	    "                        --threads N and write them as a part\n"
	    "                        file, for merge\n"
	    "  -f, --format FORMAT   " REP_FORMATS_LISTED ", or perms\n"
	    CLI_HELP_HELP, out);
}

enum { OPT_DECKS = 256, OPT_SEED, OPT_ALPHA };

struct sample_args {
	const struct part_set *merging;	/* under merge: the parts */
	sa_shuffle shuffle;
	size_t n;
	enum rep_format fmt;
	int fmt_choice;		/* -f, as parsed */
	bool perms;
	sa_sample_opts o;
	sa_time_limit limit;
	double alpha;
	double start;		/* when the dealing started, for progress */
	unsigned part_index, part_count;	/* --part I/P; 0: whole */
};

/* A deck as a line, written through a buffer of our own. */
struct writer {
	char buf[1 << 16];
	size_t have;
};

static int
write_deck(void *ctx, const unsigned *deck, size_t n)
{
	struct writer *w = ctx;

	if (w->have + 12 * n + 2 > sizeof w->buf) {
		if (fwrite(w->buf, 1, w->have, stdout) != w->have)
			return SA_ESYS;
		w->have = 0;
	}
	for (size_t i = 0; i < n; i++) {
		char digits[12];
		int len = 0;
		unsigned v = deck[i];

		do
			digits[len++] = (char)('0' + v % 10);
		while ((v /= 10) != 0);
		if (i > 0)
			w->buf[w->have++] = ' ';
		while (len > 0)
			w->buf[w->have++] = digits[--len];
	}
	w->buf[w->have++] = '\n';
	return SA_OK;
}

/* The exact side: the matrix's largest deviation, and decks to show it. */
static void
exact_side(report *r, const struct sample_args *a)
{
	sa_matrix_opts mo;
	sa_matrix *m;
	sa_fraction dev;
	uint64_t decks;
	char *d;
	int status;

	memset(&mo, 0, sizeof mo);
	mo.reduce = a->o.reduce;
	mo.threads = a->o.threads;
	if (sa_matrix_run(&a->shuffle, a->n, &mo, &m) != SA_OK) {
		rep_str(r, NULL, "exact matrix", "beyond the census here", NULL);
		return;
	}
	sa_fraction_init(&dev);
	d = sa_matrix_max_deviation(m, &dev) == SA_OK ? sa_fraction_sig(&dev, 6) :
	    NULL;
	rep_bool(r, "exact_uniform", "exact matrix uniform",
	    sa_matrix_about(m)->uniform, NULL);
	rep_str(r, "exact_max_deviation", "its largest deviation", d ? d : "?",
	    "|ratio - 1|, exactly from the matrix");
	status = sa_fit_detect(m, a->alpha, 0.99, &decks);
	if (status == SA_OK)
		rep_u64(r, "decks_to_detect", "decks to show it", decks,
		    "for this test at alpha, 99 times in 100");
	free(d);
	sa_fraction_free(&dev);
	sa_matrix_free(m);
}

/* One of sample's own options into A (cli_getopts' OWN). */
static int
sample_option(int c, const char *arg, void *ctx)
{
	struct sample_args *a = ctx;
	uint64_t v = 0;
	bool ok;

	switch (c) {
	case 'f':
		ok = cli_parse_format_or(arg, "perms", &a->fmt_choice,
		    &a->perms);
		break;
	case OPT_DECKS:
		ok = cli_parse_uint("--decks", arg, 1, UINT64_C(1) << 40,
		    &a->o.decks);
		break;
	case OPT_SEED:
		ok = cli_parse_uint("--seed", arg, 0, UINT64_MAX, &a->o.seed);
		break;
	case CLI_OPT_REDUCE:
		ok = cli_parse_reduce(arg, &a->o.reduce);
		break;
	case CLI_OPT_THREADS:
		ok = cli_parse_uint("--threads", arg, 1, 64, &v);
		a->o.threads = (unsigned)v;
		break;
	case OPT_ALPHA:
		ok = cli_parse_prob("--alpha", arg, &a->alpha);
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

/* --part with the rest of A's options; false after a message. */
static bool
part_fits(const struct sample_args *a)
{
	/* Under merge, the options are checked as --part checks them. */
	unsigned count = a->part_count ? a->part_count :
	    part_set_total(a->merging);

	if (count == 0)
		return true;
	if (a->perms) {
		cli_error("--part: parts add up counts, and -f perms writes "
		    "the decks themselves");
		return false;
	}
	if (a->o.threads == 0) {
		cli_error("--part: the decks dealt depend on the threads, one "
		    "stream each, so give --threads N, the same in every part "
		    "(at least the parts)");
		return false;
	}
	if (count > a->o.threads || count > a->o.decks) {
		cli_error("--part %u/%u: more parts than the %llu streams "
		    "(--threads, at most one a deck)", a->part_index,
		    count, (unsigned long long)(a->o.threads <
		    a->o.decks ? a->o.threads : a->o.decks));
		return false;
	}
	return true;
}

/* The options, as getopt reads them and the completions list them. */
static const struct option options[] = {
	CLI_ROW_ALGORITHM,
	CLI_ROW_CARDS,
	CLI_ROW_FORMAT,
	CLI_ROW_HELP,
	{ "decks", required_argument, NULL, OPT_DECKS },
	{ "seed", required_argument, NULL, OPT_SEED },
	CLI_ROW_REDUCE,
	CLI_ROW_THREADS,
	{ "alpha", required_argument, NULL, OPT_ALPHA },
	CLI_ROW_TIME_LIMIT,
	CLI_ROW_PART,
	CLI_ROW_END,
};

/* The options A holds, checked together; false after a message. */
static bool
sample_args_fit(struct sample_args *a)
{
	/* Under MPI, the streams are shared out over the ranks (cli_mpi.c);
	 * the decks depend on them, so only when --threads is given. */
	if (a->merging == NULL && !a->perms && a->o.threads != 0)
		(void)mpi_part(&a->part_index, &a->part_count);
	if (!part_fits(a))
		return false;
	if (a->o.decks == 0) {
		cli_error("sample: --decks D is needed: how many to deal");
		return false;
	}
	if (a->n < 2) {
		cli_error("-n %zu: a deck of one card has nothing to sample",
		    a->n);
		return false;
	}
	if (!cli_check_cards(&a->shuffle, a->n) ||
	    !cli_check_reduce(&a->shuffle, &a->o.reduce, a->n))
		return false;
	if (!a->perms && a->o.decks < (uint64_t)SA_FIT_PER_CELL * a->n) {
		cli_error("--decks %llu: too few for the item-by-position test "
		    "to keep its odds at %zu cards; it needs %d decks a cell "
		    "expected, %llu decks (-f perms writes any number)",
		    (unsigned long long)a->o.decks, a->n, SA_FIT_PER_CELL,
		    (unsigned long long)SA_FIT_PER_CELL * a->n);
		return false;
	}
	return true;
}

static int
parse_args(int argc, char **argv, const struct part_set *merging,
    struct sample_args *a)
{
	uint64_t cards = 52;
	const struct cli_options common = { "sample", help, &a->shuffle, NULL,
	    &cards, SA_FIT_MAX_CARDS };
	int status;

	memset(a, 0, sizeof *a);
	a->merging = merging;
	a->shuffle = *sa_shuffle_find("naive");
	a->o.seed = 1;
	a->alpha = 1e-6;
	a->fmt_choice = REP_TEXT;
	status = cli_getopts(argc, argv, &cli_cmd_sample, &common,
	    sample_option, a);
	if (status != 0)
		return status;
	a->fmt = (enum rep_format)a->fmt_choice;
	a->n = (size_t)cards;
	if (a->limit.seconds == 0)
		a->limit.seconds = CLI_TIME_LIMIT;
	a->o.limit = &a->limit;
	return sample_args_fit(a) ? 0 : EXIT_TROUBLE;
}

/* Progress on a terminal: CTX is when the dealing started. */
static void
progress(void *ctx, double done)
{
	const struct sample_args *a = ctx;

	cli_progress("sample", a->start, done, a->o.decks, "decks",
	    isatty(STDERR_FILENO), "writing the report");
}

/*
 * The decks A asks for, dealt and counted into *FIT (whole, or from the
 * parts under merge): SA_OK; PART_WRITTEN once its part is written; or
 * an exit status after a message.
 */
static int
deal(struct sample_args *a, sa_fit **fit)
{
	unsigned char *data;
	size_t len;
	int status;

	if (a->merging != NULL) {
		if (!part_set_kind(a->merging, "sample"))
			return EXIT_TROUBLE;
		if ((status = sa_parts_decks(a->merging->parts,
		    a->merging->count, a->n, &(size_t){ 0 }, fit)) == SA_OK &&
		    sa_fit_samples(*fit) == a->o.decks)
			return SA_OK;
		if (status == SA_OK) {
			cli_error("merge: the parts hold %llu decks, and their "
			    "command deals %llu", (unsigned long long)
			    sa_fit_samples(*fit), (unsigned long long)a->o.decks);
			sa_fit_free(*fit);
			*fit = NULL;
			return EXIT_TROUBLE;
		}
		if (status == SA_EINVAL)
			cli_error("merge: the parts do not hold decks of %zu "
			    "cards", a->n);
		else
			cli_error("merge: %s", sa_strerror(status));
		return EXIT_TROUBLE;
	}
	if (sa_fit_new(a->n, fit) != SA_OK) {
		cli_error("sample: out of memory");
		return EXIT_TROUBLE;
	}
	a->o.part = a->part_count ? a->part_index - 1 : 0;
	a->o.parts = a->part_count;
	status = sa_sample_run(&a->shuffle, a->n, &a->o, *fit);
	if (a->o.progress != NULL)
		progress(a, 1.0);
	if (status == SA_OK && a->part_count == 0)
		return SA_OK;
	if (status == SA_OK)
		status = sa_fit_pack(*fit, &data, &len);
	sa_fit_free(*fit);
	*fit = NULL;
	if (status == SA_ETIME) {
		cli_time_refusal("sample", &a->limit, "decks", "ask for fewer "
		    "decks (--decks)");
		return EXIT_TROUBLE;
	}
	if (status != SA_OK) {
		cli_error("sample: %s", sa_strerror(status));
		return EXIT_TROUBLE;
	}
	return part_put(a->part_index, a->part_count, "sample", data, len,
	    NULL, 0);
}

static int
sample_merge(int argc, char **argv, const struct part_set *merging)
{
	struct sample_args a;
	sa_fit_result res;
	char label[96], buf[32];
	sa_fit *fit;
	report r;
	int status = parse_args(argc, argv, merging, &a);

	if (status != 0)
		return status < 0 ? EXIT_FAIR : status;
	if (mpi_idle(a.part_count != 0))
		return EXIT_FAIR;
	/* On a terminal a line rewritten; in a log, a line a minute. */
	a.o.progress = progress;
	a.o.progress_ctx = &a;
	a.start = cli_seconds();
	if (a.perms) {
		struct writer *w = malloc(sizeof *w);

		if (w == NULL) {
			cli_error("sample: out of memory");
			return EXIT_TROUBLE;
		}
		w->have = 0;
		status = sa_sample_each(&a.shuffle, a.n, &a.o, write_deck, w);
		if (a.o.progress != NULL)
			progress(&a, 1.0);
		if (status == SA_OK && fwrite(w->buf, 1, w->have, stdout) !=
		    w->have)
			status = SA_ESYS;
		free(w);
		if (status == SA_ETIME)
			cli_time_refusal("sample", &a.limit, "decks", "ask for "
			    "fewer decks (--decks)");
		else if (status != SA_OK && status != SA_ESYS)
			cli_error("sample: %s", sa_strerror(status));
		if (status != SA_OK && status != SA_ESYS)
			return EXIT_TROUBLE;
		return cli_finish(EXIT_FAIR);
	}
	if ((status = deal(&a, &fit)) != SA_OK)
		return status == PART_WRITTEN ? EXIT_FAIR : status;
	status = sa_fit_judge(fit, a.alpha, &res);
	sa_fit_free(fit);
	if (status == SA_ETIME) {
		cli_time_refusal("sample", &a.limit, "decks", "ask for fewer "
		    "decks (--decks)");
		return EXIT_TROUBLE;
	}
	if (status != SA_OK) {
		cli_error("sample: %s", sa_strerror(status));
		return EXIT_TROUBLE;
	}
	cli_shuffle_label(&a.shuffle, a.n, label, sizeof label);
	rep_begin(&r, stdout, a.fmt);
	rep_line(&r, "%llu deck%s of the %s shuffle of %zu cards, dealt from "
	    "xoshiro256** and tested as a black box's would be.",
	    (unsigned long long)a.o.decks, a.o.decks == 1 ? "" : "s", label,
	    a.n);
	rep_line(&r, "%s", "");
	rep_str(&r, "algorithm", "algorithm", label, NULL);
	rep_u64(&r, "cards", "cards", a.n, NULL);
	snprintf(buf, sizeof buf, "%llu", (unsigned long long)a.o.seed);
	rep_num(&r, "seed", "seed", buf, NULL);
	fit_fields(&r, &res);
	exact_side(&r, &a);
	fit_conclusion(&r, &res);
	rep_end(&r);
	return cli_finish(EXIT_FAIR);
}

static int
cmd_sample(int argc, char **argv)
{
	return sample_merge(argc, argv, NULL);
}

const struct cli_command cli_cmd_sample = {
	.name = "sample",
	.summary = "deal decks from a real generator and test them",
	.shortopts = ":a:f:hn:",
	.longopts = options,
	.help = help,
	.run = cmd_sample,
	.merge = sample_merge,
	.more_formats = "perms",
	.operands = CLI_OPERANDS_NONE,
};
