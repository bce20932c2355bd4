/*
 * run_count.c - the count of audited code and what stops it, for both
 * kinds (run_plugin.c, run_exec.c): the dispatch, the census's options,
 * the second models' counts, the breach and its draws for the report,
 * the census's failures in words, and the walk's pace and forecast.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run_internal.h"

/*
 * What went wrong, for the report: WHAT (kept as it is when FMT is
 * NULL), and the run's draws.
 */
void
run_breach(struct audit *au, int status, const sa_replay_window *w,
    const char *fmt, ...)
{
	va_list ap;

	au->status = status;
	if (fmt != NULL) {
		va_start(ap, fmt);
		vsnprintf(au->what, sizeof au->what, fmt, ap);
		va_end(ap);
	}
	au->run = w->runs;
	au->ndraws = w->pos < w->cap ? w->pos : w->cap;
	free(au->draws);
	free(au->bounds);
	au->draws = malloc((au->ndraws ? au->ndraws : 1) * sizeof *au->draws);
	au->bounds = malloc((au->ndraws ? au->ndraws : 1) *
	    sizeof *au->bounds);
	if (au->draws == NULL || au->bounds == NULL) {
		au->ndraws = 0;
		return;
	}
	memcpy(au->draws, w->val, au->ndraws * sizeof *au->draws);
	memcpy(au->bounds, w->bound, au->ndraws * sizeof *au->bounds);
}

int
run_refuse(struct audit *au, const char *fmt, ...)
{
	va_list ap;

	if (au->error[0] == '\0') {
		va_start(ap, fmt);
		vsnprintf(au->error, sizeof au->error, fmt, ap);
		va_end(ap);
	}
	return RUN_REFUSED;
}

/* The contract breaches the replay engine finds, in words. */
static const char *
contract(int status)
{
	switch (status) {
	case SA_EBOUND:
		return "asked for a draw below 0 or above 2^32, or a raw word "
		    "wider than 32 bits";
	case SA_EDRAWS:
		return "made more draws in one run than --max-draws allows "
		    "(code that draws by rejection is counted by layers: "
		    "--layers)";
	case SA_ENOTPERM:
		return "did not end on a permutation of the deck: a card was "
		    "lost or duplicated";
	case SA_ENONDET:
		return "gave a different result for the same draws: it uses "
		    "randomness the auditor cannot see";
	case SA_EOVERRUN:
		return "wrote past the deck: an entry just before or after the "
		    "cards it was given changed";
	default:
		return NULL;	/* another status of the walk's */
	}
}


void
run_meter_start(struct meter *m, struct audit *au, size_t cards)
{
	memset(m, 0, sizeof *m);
	m->clock = sa_clock;
	m->start = m->last = m->clock();
	m->started = true;
	m->au = au;
	m->cards = cards;
	au->too_long[0] = '\0';
}

/* Whether AU's caller shows progress lines. */
static bool
live(const struct audit *au)
{
	return au->view != NULL && au->view->live;
}

/*
 * The forecast, once, when the audit is foretold, from a second of its
 * pace at least, to take more than HINT_S seconds in all (or
 * SHUFFLE_AUDIT_HINT seconds, 0 for every audit): what it will take, and
 * the options that would make it take less, fewer cards first.
 */
#define HINT_S 10.0

double
run_hint_seconds(void)
{
	const char *v = getenv("SHUFFLE_AUDIT_HINT");
	char *end;
	double s = v != NULL && *v != '\0' ? strtod(v, &end) : HINT_S;

	return v != NULL && *v != '\0' && *end == '\0' && s >= 0 ? s : HINT_S;
}

/* The ways to take less than M's forecast, into CUT (SIZE bytes). */
static void
cheaper(const struct meter *m, const sa_replay_window *w, char *cut,
    size_t size)
{
	const struct audit *au = m->au;
	char cards[48], bits[80], copies[48];
	const char *item[8];
	size_t k = 0, len = 0;

	if (m->cards > 2) {
		snprintf(cards, sizeof cards, "-n %zu (fewer cards)", m->cards - 1);
		item[k++] = cards;
	}
	if (w->raw_used && au->raw_bits > 2) {
		snprintf(bits, sizeof bits, "--raw-bits %u (2^%u values a raw "
		    "word, not 2^%u)", au->raw_bits / 2, au->raw_bits / 2,
		    au->raw_bits);
		item[k++] = bits;
	}
	if (w->raw_used)
		item[k++] = "a bounded draw (\"draw K\", a harness's draw mode) "
		    "in place of raw words";
	if (au->command != NULL && !au->batch && !au->streamed)
		item[k++] = "--batch (a run in one round trip)";
	if (au->command != NULL && au->instances < 2 && sa_cores() > 1) {
		snprintf(copies, sizeof copies, "--instances %u (copies side "
		    "by side)", sa_cores());
		item[k++] = copies;
	}
	if (au->every == 1)
		item[k++] = "--repeat 1/16 (run one run in 16 again, not all)";
	cut[0] = '\0';
	for (size_t i = 0; i < k && len < size; i++)
		len += (size_t)snprintf(cut + len, size - len, "%s%s",
		    i == 0 ? "" : i + 1 == k ? ", or " : ", ", item[i]);
}

/* S seconds in words: "45 s", "12 minutes", "3.2 hours", "96 days". */
void
run_duration(double s, char *buf, size_t size)
{
	if (s < 120)
		snprintf(buf, size, "%.3g s", s);
	else if (s < 7200)
		snprintf(buf, size, "%.0f minutes", s / 60);
	else if (s < 172800)
		snprintf(buf, size, "%.1f hours", s / 3600);
	else
		snprintf(buf, size, "%.3g days", s / 86400);
}

/*
 * The audit stopped, foretold at SPENT + LEFT seconds in all: why, in
 * AU->too_long, with the runs it had counted, which no verdict is drawn
 * from.
 */
static void
too_long(struct meter *m, const sa_replay_window *w, double spent,
    double left, const char *cut)
{
	char total[48], so_far[48];

	run_duration(spent + left, total, sizeof total);
	run_duration(spent, so_far, sizeof so_far);
	snprintf(m->au->too_long, sizeof m->au->too_long, "foretold to take "
	    "about %s (about %.3g runs at %.3g a second), past %.0f minutes, "
	    "so it was stopped after %llu runs in %s, a part of the walk that "
	    "no verdict is drawn from: it would take less with %s; "
	    "--time-limit SECONDS lets it run that long", total,
	    m->pace.runs, m->pace.rate, RUN_TOO_LONG_S / 60,
	    (unsigned long long)w->runs, so_far, cut[0] ? cut : "fewer cards");
	m->stop(m->stop_ctx);
}

static void
hint(struct meter *m, const sa_replay_window *w, double spent)
{
	struct audit *au = m->au;
	char cut[480];

	cheaper(m, w, cut, sizeof cut);
	m->hinted = true;
	if (au->deadline == 0 && spent + m->pace.left > RUN_TOO_LONG_S &&
	    m->stop != NULL) {
		/* Too long to start blind: stopped, the way round named. */
		too_long(m, w, spent, m->pace.left, cut);
		return;
	}
	if (au->again)
		return;		/* a second model's count: no line of its own */
	if (au->view != NULL && au->view->hint != NULL)
		au->view->hint(au->view->ctx, au, spent + m->pace.left,
		    &m->pace, cut);
}

/*
 * The forecast taken again, at the pace of the last seconds: a program
 * fast at first and slow later is stopped once it is foretold past
 * RUN_TOO_LONG_S, as it would have been at the start.
 */
static void
again(struct meter *m, const sa_replay_window *w, double now, double spent)
{
	double left;
	char cut[480];

	if (m->au->deadline != 0 || m->stop == NULL || m->au->too_long[0])
		return;
	sa_eta_tell(&m->eta, now, m->pace.done);
	left = sa_eta_left(&m->eta);
	if (left < 0 || spent + left <= RUN_TOO_LONG_S)
		return;
	cheaper(m, w, cut, sizeof cut);
	too_long(m, w, spent, left, cut);
}

/* Runs between clock readings once nothing is shown but the forecast. */
#define QUIET_RUNS 64

void
run_meter_show(struct meter *m, const sa_replay_window *w)
{
	double now, spent;
	bool had = m->pace.t0 != 0;

	if (!m->started)
		return;
	/* Off a terminal after the first forecast, only the forecast taken
	 * again: a clock read every QUIET_RUNS runs. */
	if (m->hinted && !live(m->au) && ++m->quiet < QUIET_RUNS)
		return;
	m->quiet = 0;
	now = m->clock();
	spent = now - m->start;
	sa_audit_pace_update(&m->pace, w, now);
	if (!had && m->pace.t0 != 0)
		sa_eta_start(&m->eta, m->pace.t0, 0);
	/* A second of pace at least, or an eighth of the walk: a program
	 * warming up (a JIT) is slow at first, and its first runs would
	 * foretell too much. */
	if (!m->hinted && m->pace.left >= 0 && (now - m->pace.t0 >= 1.0 ||
	    m->pace.done - m->pace.done0 >= 0.125) &&
	    spent + m->pace.left > run_hint_seconds())
		hint(m, w, spent);
	else if (m->pace.left >= 0 && now - m->pace.t0 >= 1.0)
		again(m, w, now, spent);
	if (!live(m->au) || spent < 1.0 || now - m->last < 0.5)
		return;
	m->last = now;
	if (m->au->view->show != NULL)
		m->au->view->show(m->au->view->ctx, m->au, w->runs, &m->pace);
}

void
run_meter_end(const struct meter *m)
{
	if (m->started && m->au->view != NULL && m->au->view->end != NULL)
		m->au->view->end(m->au->view->ctx, m->clock() - m->start);
}

void
run_walk_part(const struct audit *au, unsigned *part, unsigned *parts)
{
	/* Part I of P takes the runs whose first draw is I - 1 modulo P,
	 * shared out over its copies as the whole run's are. */
	*part = au->part_count ? au->part_index - 1 + au->part_count *
	    au->part : au->part;
	*parts = au->part_count ? au->part_count * au->instances :
	    au->instances;
}

/* The census options of an audit, with the odometer kept in W. */
static void
audit_opts(const struct audit *au, sa_replay_window *w,
    sa_census_opts *opts, sa_audit_opts *audit)
{
	memset(opts, 0, sizeof *opts);
	opts->engine = SA_ENGINE_REPLAY;
	opts->max_draws = au->max_draws;
	memset(audit, 0, sizeof *audit);
	audit->twice = au->every != 0;
	audit->every = au->every;
	run_walk_part(au, &audit->part, &audit->parts);
	audit->window = w;
	audit->raw_bits = au->raw_bits;
	audit->real_cells = au->real_cells;
	audit->real_place = au->real_place;
	audit->deadline = au->deadline;
	/* A program's runs, made again to find where a real's place moved
	 * one: not a plugin's, whose child records every run it makes. */
	audit->find_edges = au->command != NULL;
}

/*
 * Whether the runs that drew reals are made again with their reals
 * placed elsewhere in their cells: where the auditor gives the values
 * (a plugin, whose walk the library's own writer streams, and a
 * program on the plain protocol), not where a program works out its
 * reals itself from their cells (a plan, a streamed walk of its own).
 */
static bool
placed_by_auditor(const struct audit *au, const sa_shuffle *sh)
{
	return au->command == NULL || (!sa_stream_reader(sh) &&
	    !au->batch);
}


/* JOB of SH on N cards, with the odometer kept in W; an SA_ status. */
int
run_count_job(const struct audit *au, const sa_shuffle *sh, size_t n,
    sa_replay_window *w, struct job *job)
{
	sa_census_opts opts;
	sa_audit_opts audit;
	sa_layers_opts lo;

	audit_opts(au, w, &opts, &audit);
	if (placed_by_auditor(au, sh))
		audit.real_place |= SA_PLACED;
	if (job->depth == 0)
		return sa_census_run_audited(sh, n, &opts, &audit, &job->census);
	memset(&lo, 0, sizeof lo);
	lo.depth = job->depth;
	return sa_layers_collect(sh, n, &lo, &audit, &job->layers);
}

/*
 * A census of audited code that ended with STATUS, not SA_OK: the
 * machine's limits are a usage error (exit 2), the rest a breach of the
 * contract by the code (exit 3).
 */
int
run_census_failed(struct audit *au, int status, const sa_replay_window *w,
    size_t n)
{
	/*
	 * Counts that outgrow 64 bits are what rejection makes, or reals
	 * of many cells (each multiplies the runs by its cells).
	 */
	bool reals = w != NULL && w->real_used;
	const char *hint = status != SA_EOVERFLOW || au->depth != 0 ? "" :
	    reals ? " (each real multiplies the runs by its cells: give "
	    "fewer, --real-cells, or count by layers, --layers)" :
	    " (code that draws by rejection has no end of runs: count it by "
	    "layers, --layers)";

	/* Its caller says how far it got: a census by layers keeps the last. */
	if (status == SA_ETIME && au->too_long[0] != '\0') {
		if (!au->again && au->part == 0)	/* one copy says it */
			run_refuse(au, "%s: census of %zu cards: %s",
			    au->ops->option, n, au->too_long);
		return RUN_REFUSED;
	}
	if (status == SA_ETIME) {
		au->timed_out = true;
		if (au->depth == 0 && !au->again)
			run_refuse(au, "%s: census of %zu cards: stopped at the "
			    "time limit after %llu runs; no verdict",
			    au->ops->option, n, (unsigned long long)w->runs);
		return RUN_REFUSED;
	}

	if (status == SA_ENOMEM || status == SA_EOVERFLOW ||
	    status == SA_ETOOBIG) {
		if (au->command != NULL)
			return run_refuse(au, "--exec: census of %zu cards: %s%s", n,
			    sa_strerror(status), hint);
		return run_refuse(au, "--plugin %s: census of %zu cards: %s%s",
		    au->shown, n, sa_strerror(status), hint);
	}
	if (status == SA_EMODEL && au->what[0] != '\0') {
		run_breach(au, status, w, NULL);	/* the run said what */
		return RUN_MODEL;
	}
	if (status == SA_EMODEL) {
		run_breach(au, status, w, "gave another deck for the same "
		    "draws with its reals placed elsewhere in their %llu cells "
		    "(counted near their low ends, made again near their high "
		    "ends or at an inner point; the cells and the order of the "
		    "reals kept): it uses "
		    "where a real falls inside its cell, which the census "
		    "counts as one", (unsigned long long)au->real_cells);
		return RUN_MODEL;
	}
	if (contract(status) != NULL && au->last_line[0] != '\0')
		run_breach(au, status, w, "%s; its last line: \"%s\"",
		    contract(status), au->last_line);
	else if (contract(status) != NULL)
		run_breach(au, status, w, "%s", contract(status));
	else	/* the code's own oracle->fail is SA_EPROTO, told where read */
		run_breach(au, status, w, "broke the run: %s",
		    sa_strerror(status));
	return RUN_BREACH;
}


void
run_job_free(struct job *job)
{
	sa_census_free(job->census);
	sa_layers_free(job->layers);
	job->census = NULL;
	job->layers = NULL;
}

/* The library's forecast, against the code's bound. */
double
run_wider_runs(const struct audit *au, const struct job *job)
{
	double runs;

	if (!au->raw_used || au->raw_bits >= RAW_BITS_MAX ||
	    (job->depth == 0 && sa_census_about(job->census)->wide))
		return 0;	/* wide: too many to count again */
	runs = job->depth == 0 ? sa_census_widened_runs(job->census,
	    au->raw_bits, au->raw_bits + 1) :
	    sa_layers_widened_runs(job->layers);
	/* A part that walks no run counts its none a bit wider too. */
	return runs > au->ops->bias_runs(au) ? 0 : runs < 1 ? 1 : runs;
}

int
run_again(struct audit *au, size_t n, const struct job *job,
    enum again kind, struct job *out)
{
	char summary[sizeof au->summary];
	size_t depth = au->depth;
	uint64_t kept;
	int status;

	memset(out, 0, sizeof *out);
	out->depth = job->depth;
	if (kind == AGAIN_WIDER ? run_wider_runs(au, job) == 0 :
	    !au->real_used)
		return RUN_REFUSED;
	/* The same audit under the second model; its report is not this
	 * one's. */
	memcpy(summary, au->summary, sizeof summary);
	if (kind == AGAIN_WIDER)
		au->raw_bits++;
	else
		au->real_place = 1;
	au->again = true;
	au->depth = job->depth;
	au->error[0] = '\0';
	kept = au->placed_kept;
	status = au->ops->count(au, n, out);
	au->placed_kept = kept;
	au->again = false;
	au->depth = depth;
	if (kind == AGAIN_WIDER)
		au->raw_bits--;
	else
		au->real_place = 0;
	memcpy(au->summary, summary, sizeof summary);
	return status;
}

void
run_free(struct audit *au)
{
	free(au->draws);
	free(au->bounds);
	free(au->symbol_buf);
	au->draws = au->bounds = NULL;
	au->symbol_buf = NULL;
}
