/*
 * trace.c - one run of a shuffle, draw by draw.
 *
 * The scripted oracle (oracle.c, the replay engine's too) stands between
 * the shuffle and the source of answers, and checks the draw contract.
 * When the shuffle asks for a draw, the deck it holds shows every move
 * made since the previous draw, so the oracle snapshots it then; the
 * last snapshot is taken when the run ends.
 */
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
