/*
 * cli_census.c - `shuffle-audit census`: every run of a shuffle, tallied.
 */
#define _POSIX_C_SOURCE 200809L

#include <getopt.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_part.h"
#include "cli_audit.h"
#include "cli_census_show.h"
#include "cli_census_args.h"

/* This command, as main.c's list (made by make) has it. */
extern const struct cli_command cli_cmd_census;

/*
 * Memory this command takes beside the census, for the planner to count
 * into OPTS: a plugin's tally lives three times (the child's census, the
 * memory shared with it, our copy: 16 more bytes an ordering); --sort
 * runs keeps a rank of 8 bytes for each ordering shown, sorted in place.
 */
static void
extra_memory(const struct census_args *a, sa_census_opts *opts)
{
	uint64_t top = a->top ? a->top : rep_shape(a->fmt) == REP_TEXT ? CENSUS_TEXT_ROWS :
	    UINT64_MAX;

	opts->extra_bytes = 0;
	opts->extra_per_ordering = a->audited && a->audit.path != NULL ? 16 : 0;
	if (!a->by_runs)
		return;
	if (sa_factorial(a->n) == 0 || top >= sa_factorial(a->n))
		opts->extra_per_ordering += 8;
	else
		opts->extra_bytes = 8 * top;	/* top < n! <= 20! */
}

static void
refusal(const struct census_args *a, int status, const sa_census_plan *plan)
{
	char what[48];

	snprintf(what, sizeof what, "census of %zu cards", a->n);
	if (status == SA_ETIME)
		cli_time_refusal(what, &a->limit, "pairs of orderings composed",
		    "ask for fewer times (--times) or cards");
	else if (a->times > 1 && a->repeated.shuffle.steps == NULL &&
	    status == SA_EOVERFLOW && plan->why[0] == '\0')
		/* the plan of one census passed: the composition refused */
		cli_error("%s: the %s shuffle's runs do not fit in 128 bits",
		    what, a->repeated.name);
	else if (a->times > 1 && a->repeated.shuffle.steps == NULL &&
	    status == SA_ETOOBIG && plan->why[0] == '\0')
		cli_error("%s: the %s shuffle's census fits in memory, but "
		    "composing it with itself does not (a table of 16 bytes an "
		    "ordering, one a thread, and the orderings it reaches); ask "
		    "for fewer cards", what, a->shuffle.name);
	else if (status == SA_EINVAL && a->engine != SA_ENGINE_AUTO)
		cli_error("--engine %s: %s", cli_census_engines[a->engine], plan->why);
	else
		cli_error("%s: %s%s", what, plan->why[0] != '\0' ? plan->why :
		    sa_strerror(status), cli_past_census(a->audited, status,
		    plan, a->n));
}

/*
 * When the census started, and its runs when known, for the progress on
 * a terminal and the forecast on stderr.
 */
static struct clock {
	double start;
	const sa_census_plan *plan;	/* written by the census as it starts */
	bool live;		/* stderr is a terminal: progress lines */
	bool hinted;		/* the forecast said */
	double hint_s;		/* said when foretold past this */
} clock_start;

/*
 * The census's progress: on a terminal, once it has run for a second, the
 * fraction done, the runs a second when the runs are known in advance,
 * and the time left at the rate so far; on a terminal or not, once, the
 * time it is foretold to take in all when that passes 10 seconds (run.h's
 * run_hint_seconds), as an audit's.  The fraction is of the engine's work
 * (its steps weighed by their sizes), so the rate so far foretells it.
 */
static void
progress(void *ctx, double done)
{
	struct clock *c = ctx;
	double spent = cli_seconds() - c->start;
	char words[48];

	if (!c->hinted && done > 0 && done < 1 && (spent >= 0.25 ||
	    c->hint_s == 0) && spent / done > c->hint_s) {
		c->hinted = true;
		run_duration(spent / done, words, sizeof words);
		if (c->live)
			cli_clear_line(stderr);
		fprintf(stderr, PROGNAME ": census: foretold to take about %s "
		    "(%.3g%% of its work done in %.3g s)\n", words,
		    100.0 * done, spent);
	}
	cli_progress("census", c->start, done, c->plan->runs, "runs", c->live,
	    "adding up the tally and writing the report");
}

/* The census of the audited code into *C; an exit status. */
static int
count_audited(struct census_args *a, sa_census_opts *opts, sa_census **c)
{
	sa_census_plan plan;
	int status;

	/* The memory a replay of this size takes, checked first. */
	opts->engine = SA_ENGINE_REPLAY;
	opts->max_draws = a->audit.max_draws;
	status = sa_census_plan_for(&a->audit.shuffle, a->n, opts, &plan);
	if (status != SA_OK) {
		refusal(a, status, &plan);
		return EXIT_TROUBLE;
	}
	status = audit_census(&a->audit, a->n, a->merging, c);
	if (status == PART_WRITTEN)
		return status;
	if (status == EXIT_FAIR)
		audit_check(&a->audit, a->n, a->merging, *c, &a->model);
	if (status == EXIT_MISBEHAVED || status == EXIT_MODEL) {
		audit_report(&a->audit, a->n, a->fmt);
		return cli_finish(status);
	}
	return status;
}

/*
 * The parts of a built-in shuffle's census under merge, added up into
 * *C: EXIT_FAIR, or EXIT_TROUBLE after a message.
 */
static int
merge_builtin(const struct census_args *a, const sa_part *parts,
    size_t count, sa_census **c)
{
	size_t at;
	int status;

	*c = NULL;
	if (!part_set_kind(a->merging, "census"))
		return EXIT_TROUBLE;
	status = sa_parts_census(parts, count, NULL, &a->shuffle, a->n, &at, c);
	if (status != SA_OK)
		cli_error("merge: part %zu of %zu: %s", at + 1, count,
		    status == SA_EINVAL ? "its counts are not a census of "
		    "these cards" : sa_strerror(status));
	if (status == SA_OK) {
		char why[256];

		status = sa_census_whole(*c, &a->shuffle, why, sizeof why);
		if (status != SA_OK)
			cli_error("merge: %s", status == SA_EINVAL ? why :
			    sa_strerror(status));
	}
	if (status != SA_OK) {
		sa_census_free(*c);
		*c = NULL;
		return EXIT_TROUBLE;
	}
	return EXIT_FAIR;
}

/*
 * --part for a built-in shuffle: the runs whose first draw is the part's
 * (by replay, as an audit's are walked), written as a part file; under
 * merge, the parts added up into *C.  An exit status, or PART_WRITTEN.
 */
static int
count_part(struct census_args *a, sa_census_opts *opts, sa_census **c)
{
	sa_audit_opts audit;
	unsigned char *data = NULL;
	size_t len = 0;
	int status;

	if (a->merging != NULL)
		return merge_builtin(a, a->merging->parts, a->merging->count,
		    c);
	memset(&audit, 0, sizeof audit);
	audit.part = a->audit.part_index - 1;
	audit.parts = a->audit.part_count;
	status = sa_census_run_audited(&a->shuffle, a->n, opts, &audit, c);
	if (status == SA_OK)
		status = sa_census_pack(*c, &data, &len);
	sa_census_free(*c);
	*c = NULL;
	if (status != SA_OK) {
		free(data);
		cli_error("--part: census of %zu cards: %s", a->n,
		    sa_strerror(status));
		return EXIT_TROUBLE;
	}
	return part_put(a->audit.part_index, a->audit.part_count, "census",
	    data, len, NULL, 0);
}

/* The census of a built-in shuffle into *C; an exit status. */
static int
count_builtin(struct census_args *a, sa_census_opts *opts, sa_census **c)
{
	sa_census_plan plan;
	int status;

	if (a->audit.part_count != 0 || a->merging != NULL)
		return count_part(a, opts, c);

	memset(&plan, 0, sizeof plan);
	opts->plan = &plan;
	opts->progress = progress;
	opts->progress_ctx = &clock_start;
	clock_start.start = cli_seconds();
	clock_start.plan = &plan;
	clock_start.live = isatty(STDERR_FILENO);
	clock_start.hint_s = run_hint_seconds();
	if (a->times > 1)
		status = sa_census_repeat(&a->repeated, a->n, opts, c);
	else
		status = sa_census_run(&a->shuffle, a->n, opts, c);
	opts->plan = NULL;
	if (status != SA_OK) {
		refusal(a, status, &plan);
		return EXIT_TROUBLE;
	}
	return EXIT_FAIR;
}

/* The census by layers A asks for; an exit status. */
static int
count_layers(struct census_args *a)
{
	struct layers_args la;
	int status;

	if (a->engine != SA_ENGINE_AUTO || a->summary || a->by_runs ||
	    a->top != 0) {
		cli_error("--layers: prints the layers, so not with %s",
		    a->engine != SA_ENGINE_AUTO ? "--engine" : a->summary ?
		    "--summary" : a->by_runs ? "--sort" : "--top");
		return EXIT_TROUBLE;
	}
	if (a->depth != 0 && a->remainder != NULL) {
		cli_error("--depth: walks that depth; --remainder chooses one, "
		    "so not with it");
		return EXIT_TROUBLE;
	}
	memset(&la, 0, sizeof la);
	sa_fraction_init(&la.eps);
	/* With no --remainder, deepen until fair can be said. */
	if (a->remainder == NULL && sa_layers_bound(a->n, &la.eps) == SA_OK)
		;
	else if (!cli_parse_fraction("--remainder", a->remainder ?
	    a->remainder : "2^-20", &la.eps)) {
		sa_fraction_free(&la.eps);
		return EXIT_TROUBLE;
	}
	la.shuffle = &a->shuffle;
	la.n = a->n;
	la.fmt = a->fmt;
	la.notation = a->notation;
	la.reduce = a->reduce;
	la.depth = (size_t)a->depth;
	la.max_depth = DEPTH_MAX;
	la.merging = a->merging;
	if (a->audited) {
		la.audit = &a->audit;
		la.shuffle = &a->audit.shuffle;
		la.max_depth = a->audit.max_draws;
	}
	la.seconds = a->seconds ? (double)a->seconds : 60.0;
	/*
	 * Every part walks the depth itself, and merge takes it whole.
	 * Without --time-limit, a built-in's depth is refused when foretold
	 * past ten times the default limit; audited code's is walked at
	 * once and stopped at the limit, since a forecast from its first
	 * depths counts its start-up (a JVM's seconds, under load) as
	 * walking, and refused a Java harness's depth 3 even with that
	 * margin.
	 */
	la.direct = a->audit.part_count != 0 || a->merging != NULL ||
	    (a->audited && a->seconds == 0);
	la.margin = a->seconds == 0 ? 10 : 1;
	la.check = a->check;
	status = layers_census(&la);
	sa_fraction_free(&la.eps);
	return status;
}

/*
 * Under mpirun (make MPI=1): whether this census runs sharded, every
 * rank holding a block of it (the library decides: the step engine on 6
 * cards or more), with OPTS set for it.  Only rank 0 then speaks.
 */
static bool
census_shards(const struct census_args *a, sa_census_opts *opts)
{
	sa_census_plan plan;

	if (a->audited || a->layers || a->plan || a->times > 1 ||
	    a->audit.part_count != 0 || mpi_comm() == NULL)
		return false;
	opts->comm = mpi_comm();
	opts->engine = a->engine;
	opts->reduce = a->reduce;
	(void)sa_census_plan_for(&a->shuffle, a->n, opts, &plan);
	if (plan.ranks < 2) {
		opts->comm = NULL;
		return false;
	}
	mpi_quiet();
	return true;
}

/* The census C on a rank but 0 of a sharded one: it serves rank 0. */
static int
serve(sa_census *c)
{
	if (sa_census_serve(c) != SA_OK) {
		cli_error("census: a rank of the sharded census failed");
		return EXIT_TROUBLE;
	}
	return EXIT_FAIR;
}

/*
 * STATUS, the census's exit status, with GitHub's ::error:: annotation
 * on stderr for a verdict that fails the job (rep_annotate).
 */
static int
annotated(int status)
{
	if (status == EXIT_UNFAIR || status == EXIT_MISBEHAVED ||
	    status == EXIT_MODEL)
		rep_annotate(stderr);
	return status;
}

static int
census_merge(int argc, char **argv, const struct part_set *merging)
{
	struct census_args a;
	sa_census_opts opts;
	sa_census *c = NULL;
	bool sharded = false;
	int status;

	memset(&opts, 0, sizeof opts);
	status = census_parse_args(&cli_cmd_census, argc, argv, merging,
	    &a);
	if (status == 0)
		sharded = census_shards(&a, &opts);
	if (status != 0 || (!sharded && mpi_idle(a.audit.part_count != 0))) {
		run_free(&a.audit);
		return status < 0 ? EXIT_FAIR : status;
	}
	if (a.plan) {
		status = census_plan_report(&a.shuffle, a.n, a.engine,
		    (unsigned)(a.ranks ? a.ranks : 1), a.memory,
		    a.gbits ? a.gbits : 10, a.fmt);
		run_free(&a.audit);
		return status;
	}
	if (a.layers) {
		status = count_layers(&a);
		run_free(&a.audit);
		return annotated(status == PART_WRITTEN ? EXIT_FAIR : status);
	}
	opts.engine = a.engine;
	opts.reduce = a.reduce;
	opts.threads = (unsigned)a.threads;
	if (sharded && a.threads == 0)
		opts.threads = mpi_threads();
	a.limit.seconds = a.seconds ? (double)a.seconds : CLI_TIME_LIMIT;
	opts.limit = &a.limit;
	if (a.audited && a.seconds != 0)
		a.audit.deadline = cli_seconds() + (double)a.seconds;
	extra_memory(&a, &opts);
	status = a.audited ? count_audited(&a, &opts, &c) :
	    count_builtin(&a, &opts, &c);
	if (!a.audited && a.reduce.method == SA_REDUCE_NONE &&
	    sa_shuffle_keys(&a.shuffle, a.n, &a.model.key_width,
	    &a.model.key_count))
		a.model.keys_counted = true;
	if (status == EXIT_FAIR)
		status = sharded && opts.comm->rank != 0 ? serve(c) :
		    census_show(&(struct census_view){ a.n, a.fmt,
		    a.notation, a.by_runs, a.summary, a.check, a.audited, a.top,
		    a.model }, c);
	sa_census_free(c);
	run_free(&a.audit);
	return annotated(status == PART_WRITTEN ? EXIT_FAIR : status);
}

static int
cmd_census(int argc, char **argv)
{
	return census_merge(argc, argv, NULL);
}

const struct cli_command cli_cmd_census = {
	.name = "census",
	.summary = "count every run of a shuffle, exactly",
	.shortopts = ":a:f:hn:",
	.longopts = census_options,
	.help = census_help,
	.run = cmd_census,
	.merge = census_merge,
	.more_formats = "junit",
	.operands = CLI_OPERANDS_NONE,
};
