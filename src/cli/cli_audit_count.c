/*
 * cli_audit_count.c - the count of audited code and what stops it, for
 * both kinds of audit (cli_plugin.c, cli_exec.c): the census's options,
 * the breach and its draws for the report, the census's failures in
 * words, and the progress line on a terminal.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "cli_audit.h"

/*
 * What went wrong, for the report: WHAT (kept as it is when FMT is
 * NULL), and the run's draws.
 */
void
breach(struct audit *au, int status, const sa_replay_window *w,
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
		return NULL;	/* the code's own oracle->fail */
	}
}


void
meter_start(struct meter *m, struct audit *au, size_t cards)
{
	memset(m, 0, sizeof *m);
	m->start = m->last = cli_seconds();
	m->started = true;
	m->on = isatty(STDERR_FILENO) != 0;
	m->au = au;
	m->cards = cards;
	au->too_long[0] = '\0';
}

/*
 * The forecast's line, once, when the audit is foretold, from a second
 * of its pace at least, to take more than HINT_S seconds in all (or
 * SHUFFLE_AUDIT_HINT seconds, 0 for every audit): what it will take, and
 * the options that would make it take less, fewer cards first.
 */
#define HINT_S 10.0

static double
hint_seconds(void)
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
	if (au->command != NULL && !au->batch)
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

static void
hint(struct meter *m, const sa_replay_window *w, double spent)
{
	struct audit *au = m->au;
	char total[48], cut[480];
	bool stop = au->deadline == 0 && spent + m->pace.left >
	    AUDIT_TOO_LONG_S && m->stop != NULL;

	cheaper(m, w, cut, sizeof cut);
	cli_duration(spent + m->pace.left, total, sizeof total);
	m->hinted = true;
	if (stop) {
		/* Too long to start blind: stopped, the way round named. */
		snprintf(au->too_long, sizeof au->too_long, "foretold to take "
		    "about %s (about %.3g runs at %.3g a second), past %.0f "
		    "minutes, so it was stopped with no verdict: it would take "
		    "less with %s; --time-limit SECONDS lets it run that long",
		    total, m->pace.runs, m->pace.rate, AUDIT_TOO_LONG_S / 60,
		    cut[0] ? cut : "fewer cards");
		m->stop(m->stop_ctx);
		return;
	}
	if (au->again)
		return;		/* a second model's count: no line of its own */
	if (m->on)
		cli_clear_line(stderr);
	fprintf(stderr, PROGNAME ": audit: foretold to take about %s "
	    "(about %.3g runs at %.3g a second)%s%s%s\n", total, m->pace.runs,
	    m->pace.rate, cut[0] ? "; it would take less with " : "", cut,
	    au->deadline == 0 ? (cut[0] ? ", or --time-limit to stop it" :
	    "; --time-limit stops it") : "");
}

void
meter_show(struct meter *m, const sa_replay_window *w)
{
	double now, spent;

	/* Nothing left to show: no clock to read, a run. */
	if (!m->started || (m->hinted && !m->on))
		return;
	now = cli_seconds();
	spent = now - m->start;
	sa_audit_pace_update(&m->pace, w, now);
	/* A second of pace at least: a program warming up (a JIT) is slow
	 * at first, and its first runs would foretell too much. */
	if (!m->hinted && m->pace.left >= 0 && now - m->pace.t0 >= 1.0 &&
	    spent + m->pace.left > hint_seconds())
		hint(m, w, spent);
	if (!m->on || spent < 1.0 || now - m->last < 0.5)
		return;
	m->last = now;
	fprintf(stderr, "\r" PROGNAME ": audit: ");
	if (m->au->depth != 0)
		fprintf(stderr, "layers to depth %zu: ", m->au->depth);
	fprintf(stderr, "%llu runs, %.3g runs/s, %.1f%% walked",
	    (unsigned long long)w->runs, m->pace.rate, 100.0 * m->pace.done);
	if (m->pace.left >= 0)
		fprintf(stderr, ", about %.0f s left", m->pace.left);
	if (m->au->instances > 1)
		fprintf(stderr, " (the first of %u copies)", m->au->instances);
	fputc(' ', stderr);
}

void
meter_end(const struct meter *m)
{
	if (m->started && m->on && cli_seconds() - m->start >= 1.0)
		cli_clear_line(stderr);
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
	/* Part I of P takes the runs whose first draw is I - 1 modulo P,
	 * shared out over its copies as the whole run's are. */
	audit->part = au->part_count ? au->part_index - 1 +
	    au->part_count * au->part : au->part;
	audit->parts = au->part_count ? au->part_count * au->instances :
	    au->instances;
	audit->window = w;
	audit->raw_bits = au->raw_bits;
	audit->real_cells = au->real_cells;
	audit->real_place = au->real_place;
	audit->deadline = au->deadline;
}


/* JOB of SH on N cards, with the odometer kept in W; an SA_ status. */
int
count_job(const struct audit *au, const sa_shuffle *sh, size_t n,
    sa_replay_window *w, struct job *job)
{
	sa_census_opts opts;
	sa_audit_opts audit;
	sa_layers_opts lo;

	audit_opts(au, w, &opts, &audit);
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
census_failed(struct audit *au, int status, const sa_replay_window *w,
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
			cli_error("--%s: census of %zu cards: %s", au->command ?
			    "exec" : "plugin", n, au->too_long);
		return EXIT_TROUBLE;
	}
	if (status == SA_ETIME) {
		au->timed_out = true;
		if (au->depth == 0 && !au->again)
			cli_error("--%s: census of %zu cards: stopped at the time "
			    "limit after %llu runs; no verdict", au->command ?
			    "exec" : "plugin", n, (unsigned long long)w->runs);
		return EXIT_TROUBLE;
	}

	if (status == SA_ENOMEM || status == SA_EOVERFLOW ||
	    status == SA_ETOOBIG) {
		if (au->command != NULL)
			cli_error("--exec: census of %zu cards: %s%s", n,
			    sa_strerror(status), hint);
		else
			cli_error("--plugin %s: census of %zu cards: %s%s",
			    cli_arg(au->path), n, sa_strerror(status), hint);
		return EXIT_TROUBLE;
	}
	if (contract(status) != NULL && au->last_line[0] != '\0')
		breach(au, status, w, "%s; its last line: \"%s\"",
		    contract(status), au->last_line);
	else if (contract(status) != NULL)
		breach(au, status, w, "%s", contract(status));
	else
		breach(au, status, w, "gave the run up itself (oracle->fail: "
		    "%s)", sa_strerror(status));
	return EXIT_MISBEHAVED;
}

void
audit_free(struct audit *au)
{
	free(au->draws);
	free(au->bounds);
	free(au->symbol_buf);
	au->draws = au->bounds = NULL;
	au->symbol_buf = NULL;
}
