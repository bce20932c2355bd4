/*
 * cli_census_plan.c - `shuffle-audit census --plan`: what a census will
 * take, worked out by the library and not run: the memory, and sharded
 * over ranks (--ranks, or mpirun's under make MPI=1), the memory a rank
 * and the bytes its exchanges send, and their time at a stated rate.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* The memory lines: a rank's (or the process's) against the limit. */
static void
memory_fields(report *r, const sa_census_plan *plan, int status, bool given)
{
	char have[32], need[32], note[160];

	sa_format_bytes(plan->bytes, need, sizeof need);
	sa_format_bytes(plan->max_bytes, have, sizeof have);
	rep_u64(r, "bytes", NULL, plan->bytes, NULL);
	rep_str(r, NULL, plan->ranks > 1 ? "memory a rank" : "memory", need,
	    plan->ranks > 1 ? "its block of the two tables and the "
	    "exchange's buffers" : "the engine's tables");
	if (given)
		snprintf(note, sizeof note, "a rank's, as given by --memory");
	else
		snprintf(note, sizeof note, "left under %s here",
		    plan->max_what);
	rep_u64(r, "max_bytes", NULL, plan->max_bytes, NULL);
	rep_str(r, NULL, "memory limit", have, note);
	rep_bool(r, "fits", "fits", status == SA_OK, status == SA_OK ? NULL :
	    plan->ranks > 1 ? "not with this memory a rank" :
	    "not on one machine with this memory");
	if (status == SA_ETOOBIG && plan->ranks_needed > 0) {
		sa_format_bytes(plan->rank_bytes, need, sizeof need);
		snprintf(note, sizeof note, "with as much memory each: about %s "
		    "a rank", need);
		rep_u64(r, "ranks_needed", "ranks it needs", plan->ranks_needed,
		    note);
		rep_u64(r, "rank_bytes", NULL, plan->rank_bytes, NULL);
	}
}

/* The exchange lines of a sharded plan, at GBITS gigabits a second. */
static void
exchange_fields(report *r, const sa_census_plan *plan, size_t steps,
    uint64_t gbits)
{
	char bytes[32], line[64], note[96];
	double s = sa_census_plan_seconds(plan, (double)gbits);

	snprintf(line, sizeof line, "%zu of %zu", plan->exchanges, steps);
	rep_u64(r, "exchanges", NULL, plan->exchanges, NULL);
	rep_str(r, NULL, "steps that exchange", line,
	    "those that can swap with the first position");
	sa_format_bytes(plan->exchanged, bytes, sizeof bytes);
	rep_u64(r, "exchanged", NULL, plan->exchanged, NULL);
	rep_str(r, NULL, "a rank sends a step", bytes,
	    "at most: every count that can be non-zero");
	sa_format_bytes(plan->exchanged_total, bytes, sizeof bytes);
	rep_u64(r, "exchanged_total", NULL, plan->exchanged_total, NULL);
	rep_str(r, NULL, "a rank sends in all", bytes, NULL);
	rep_u64(r, "gbits", NULL, gbits, NULL);
	snprintf(line, sizeof line, "%.1f s", s);
	snprintf(note, sizeof note, "at %llu Gbit/s a rank; the counting "
	    "itself is not in it", (unsigned long long)gbits);
	rep_str(r, NULL, "exchange time", line, note);
	snprintf(line, sizeof line, "%.1f", s);
	rep_num(r, "exchange_seconds", NULL, line, NULL);
}

/*
 * The time line of a plan for this machine: the census foretold from
 * one of fewer cards timed here (sa_census_foretell).
 */
static void
time_fields(report *r, const sa_shuffle *sh, size_t n,
    const sa_census_opts *opts)
{
	sa_census_forecast f;
	char line[48], note[160], secs[32];

	if (sa_census_foretell(sh, n, opts, &f) != SA_OK) {
		rep_null(r, "seconds_foretold");
		rep_str(r, NULL, "time", "not foretold", f.why[0] != '\0' ?
		    f.why : NULL);
		return;
	}
	snprintf(line, sizeof line, "about ");
	run_duration(f.seconds, line + 6, sizeof line - 6);
	if (f.timed_n == n)
		snprintf(note, sizeof note, "timed here");
	else
		snprintf(note, sizeof note, "foretold from a census of %zu "
		    "cards timed here: %.3g s", f.timed_n, f.timed_seconds);
	rep_str(r, NULL, "time", line, note);
	snprintf(secs, sizeof secs, "%.3g", f.seconds);
	rep_num(r, "seconds_foretold", NULL, secs, NULL);
	rep_u64(r, "timed_cards", NULL, f.timed_n, NULL);
	snprintf(secs, sizeof secs, "%.3g", f.timed_seconds);
	rep_num(r, "timed_seconds", NULL, secs, NULL);
}

static const char *const engines[] = { "auto", "steps", "replay", "walk",
	"closed" };

bool
census_parse_memory(const char *arg, uint64_t *bytes)
{
	static const char units[] = "KMGT";
	char *end;
	unsigned long long v;
	const char *u = units;

	errno = 0;
	v = strtoull(arg, &end, 10);
	if (arg[0] < '0' || arg[0] > '9' || errno != 0 || v == 0 ||
	    (*end != '\0' && (end[1] != '\0' ||
	    (u = strchr(units, *end)) == NULL))) {
		cli_error("--memory %s: not a size: a whole number of bytes "
		    "above 0, or of K, M, G or T (binary units)", cli_arg(arg));
		return false;
	}
	*bytes = v;
	if (*end != '\0')
		for (long k = u - units; k >= 0; k--) {
			if (*bytes > UINT64_MAX / 1024) {
				cli_error("--memory %s: past 2^64 bytes",
				    cli_arg(arg));
				return false;
			}
			*bytes *= 1024;
		}
	return true;
}

int
census_plan_report(const sa_shuffle *sh, size_t n, enum sa_engine engine,
    unsigned ranks, uint64_t memory, uint64_t gbits, enum rep_format fmt)
{
	sa_census_opts opts;
	sa_census_plan plan;
	char label[96], note[96], fact[32];
	int status;
	report r;

	memset(&opts, 0, sizeof opts);
	opts.ranks = ranks;
	opts.engine = engine;
	opts.max_bytes = memory;
	status = sa_census_plan_for(sh, n, &opts, &plan);
	if (status != SA_OK && status != SA_ETOOBIG) {
		cli_error("census of %zu cards: %s", n, plan.why[0] != '\0' ?
		    plan.why : sa_strerror(status));
		return EXIT_TROUBLE;
	}
	cli_shuffle_label(sh, n, label, sizeof label);
	rep_begin(&r, stdout, fmt);
	rep_line(&r, "The plan of a census of the %s shuffle on %zu cards%s.",
	    label, n, plan.ranks > 1 ? ", split by leading card over ranks" :
	    "");
	rep_line(&r, "%s", "");
	rep_str(&r, "algorithm", NULL, label, NULL);
	rep_u64(&r, "cards", NULL, n, NULL);
	snprintf(fact, sizeof fact, "n! = %zu!", n);
	rep_u64(&r, "orderings", "orderings", plan.orderings, fact);
	rep_str(&r, "engine", "engine", engines[plan.engine], NULL);
	snprintf(note, sizeof note, "%s", plan.ranks > 1 ? "a block of "
	    "leading cards each" : ranks > 1 ? "only the step engine's "
	    "census of 6 cards or more, no --reduce, is split" : "one process");
	rep_u64(&r, "ranks", "ranks", plan.ranks, note);
	memory_fields(&r, &plan, status, memory != 0);
	/* Time is foretold for this machine only: it is timed here. */
	if (status == SA_OK && ranks <= 1 && memory == 0)
		time_fields(&r, sh, n, &opts);
	if (plan.ranks > 1)
		exchange_fields(&r, &plan, sh->steps(sh, n), gbits);
	rep_end(&r);
	return cli_finish(EXIT_FAIR);
}
