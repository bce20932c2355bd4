/*
 * trace.c - one run of a shuffle, draw by draw.
 *
 * The scripted oracle (oracle.c, the replay engine's too) stands between
 * the shuffle and the source of answers, and checks the draw contract.
 * When the shuffle asks for a draw, the deck it holds shows every move
 * made since the previous draw, so the oracle snapshots it then; the
 * last snapshot is taken when the run ends.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shuffle_audit.h"
#include "internal.h"

/* The deck the shuffle is working on, snapshotted before each draw. */
struct tracer {
	const unsigned *deck;
	size_t n;
	sa_trace *t;
};

static void
snapshot(sa_script *s)
{
	const struct tracer *tr = s->ctx;

	memcpy(tr->t->deck + s->pos * tr->n, tr->deck, tr->n * sizeof *tr->deck);
}

/*
 * The run itself.  S lives in the caller's frame, so what the jump
 * leaves behind in it is well defined.
 */
static void
trace_once(const sa_shuffle *sh, sa_script *s, struct tracer *tr,
    unsigned *deck)
{
	sa_trace *t = tr->t;

	if (setjmp(s->abort) != 0) {
		t->steps = s->len;
		return;
	}
	sh->run(sh, deck, tr->n, &s->base);
	t->steps = s->len;
	memcpy(t->deck + t->steps * tr->n, deck, tr->n * sizeof *deck);
	if (s->source == NULL && t->steps < s->ngiven)
		s->err = SA_ELONG;
	else if (!sa_perm_check(deck, tr->n))
		s->err = SA_ENOTPERM;
}

int
sa_trace_run(const sa_shuffle *sh, size_t n, sa_oracle *source,
    const uint64_t *draws, size_t ndraws, size_t max_draws, sa_trace *t)
{
	struct tracer tr;
	sa_script s;
	unsigned *deck;

	memset(t, 0, sizeof *t);
	if (sh == NULL || sh->run == NULL || (source == NULL && ndraws > 0 &&
	    draws == NULL))
		return SA_EINVAL;
	if (max_draws == 0)
		max_draws = SA_CENSUS_MAX_DRAWS;
	if (source == NULL && ndraws > max_draws)
		max_draws = ndraws;
	t->n = n;
	t->bound = malloc(max_draws * sizeof *t->bound);
	t->value = malloc(max_draws * sizeof *t->value);
	t->deck = malloc((max_draws + 1) * (n ? n : 1) * sizeof *t->deck);
	deck = malloc((n ? n : 1) * sizeof *deck);
	if (t->bound == NULL || t->value == NULL || t->deck == NULL ||
	    deck == NULL) {
		free(deck);
		sa_trace_free(t);
		return SA_ENOMEM;
	}
	for (size_t i = 0; i < n; i++)
		deck[i] = (unsigned)i;
	sa_script_init(&s, source ? SA_SCRIPT_SOURCE : SA_SCRIPT_GIVEN,
	    t->value, t->bound, max_draws, 0);
	s.source = source;
	s.given = draws;
	s.ngiven = ndraws;
	s.before = snapshot;
	s.ctx = &tr;
	tr.deck = deck;
	tr.n = n;
	tr.t = t;
	trace_once(sh, &s, &tr, deck);
	free(deck);
	return s.err;
}

void
sa_trace_free(sa_trace *t)
{
	if (t == NULL)
		return;
	free(t->bound);
	free(t->value);
	free(t->deck);
	memset(t, 0, sizeof *t);
}

/* The runs that land on the target, as the walk meets them. */
struct landing_walk {
	const unsigned *target;
	sa_landing *out;
	size_t cap;
};

static int
landed(void *ctx, const unsigned *deck, size_t n, const uint64_t *draws,
    const uint64_t *bounds, size_t ndraws)
{
	struct landing_walk *w = ctx;
	sa_landing *l = w->out;
	uint64_t *copy;

	(void)bounds;
	l->runs++;
	if (memcmp(deck, w->target, n * sizeof *deck) != 0)
		return SA_OK;
	if (l->count == w->cap) {
		size_t cap = w->cap ? w->cap * 2 : 16;
		uint64_t **d = realloc(l->draws, cap * sizeof *d);
		size_t *nd;

		if (d == NULL)
			return SA_ENOMEM;
		l->draws = d;
		if ((nd = realloc(l->ndraws, cap * sizeof *nd)) == NULL)
			return SA_ENOMEM;
		l->ndraws = nd;
		w->cap = cap;
	}
	if ((copy = malloc((ndraws ? ndraws : 1) * sizeof *copy)) == NULL)
		return SA_ENOMEM;
	memcpy(copy, draws, ndraws * sizeof *copy);
	l->draws[l->count] = copy;
	l->ndraws[l->count++] = ndraws;
	return SA_OK;
}

/*
 * Whether the walk of SH on N cards may start: its runs counted first
 * where they can be, against SA_LANDING_MAX_RUNS; a shuffle whose runs
 * are not counted ahead (the comparator sorts) only up to
 * SA_LANDING_UNCOUNTED_MAX cards.  SA_OK, or SA_ETOOBIG with WHY.
 */
static int
landing_fits(const sa_shuffle *sh, size_t n, char *why, size_t size)
{
	sa_big runs;
	uint64_t count = 0;
	int counted, status = SA_OK;
	char *digits;

	sa_big_init(&runs);
	counted = sa_runs_exact(sh, n, &runs);
	if (counted == SA_EINVAL && n > SA_LANDING_UNCOUNTED_MAX) {
		snprintf(why, size, "the %s shuffle's runs cannot be counted "
		    "before walking them; it is walked up to %d cards", sh->name,
		    SA_LANDING_UNCOUNTED_MAX);
		status = SA_ETOOBIG;
	} else if (counted != SA_EINVAL && (counted != SA_OK ||
	    !sa_big_to_u64(&runs, &count) || count > SA_LANDING_MAX_RUNS)) {
		digits = counted == SA_OK ? sa_big_to_dec(&runs) : NULL;
		if (digits != NULL)
			snprintf(why, size, "the %s shuffle of %zu cards has %s "
			    "runs, too many to walk one by one (at most %llu)",
			    sh->name, n, digits,
			    (unsigned long long)SA_LANDING_MAX_RUNS);
		else
			snprintf(why, size, "the %s shuffle of %zu cards has "
			    "more than 2^%llu runs, too many to walk one by one "
			    "(at most %llu)", sh->name, n,
			    (unsigned long long)SA_RUNS_MAX_BITS,
			    (unsigned long long)SA_LANDING_MAX_RUNS);
		free(digits);
		status = SA_ETOOBIG;
	}
	sa_big_free(&runs);
	return status;
}

int
sa_trace_landing(const sa_shuffle *sh, size_t n, const unsigned *target,
    sa_landing *out)
{
	struct landing_walk w = { target, out, 0 };
	int status;

	memset(out, 0, sizeof *out);
	if (n > SA_PERM_MAX) {
		snprintf(out->why, sizeof out->why, "%zu cards, too many to walk "
		    "(at most %d)", n, SA_PERM_MAX);
		return SA_ETOOBIG;
	}
	if ((status = landing_fits(sh, n, out->why, sizeof out->why)) !=
	    SA_OK)
		return status;
	status = sa_walk(sh, n, 0, landed, &w);
	if (status != SA_OK)
		sa_landing_free(out);
	return status;
}

void
sa_landing_free(sa_landing *l)
{
	for (size_t i = 0; i < l->count; i++)
		free(l->draws[i]);
	free(l->draws);
	free(l->ndraws);
	l->draws = NULL;
	l->ndraws = NULL;
	l->count = 0;
}
