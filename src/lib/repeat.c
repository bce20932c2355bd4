/*
 * repeat.c - a shuffle done after another, counted from the census of
 * each: every ordering the first lands on, composed with every ordering
 * the second does.  A run of "A then B" is a run of A and then a run of
 * B, so the runs multiply and the count of an ordering is the sum, over
 * the ways to reach it, of the product of the two counts.  Repeating a
 * shuffle K times is doing it after itself K - 1 times.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shuffle_audit.h"
#include "internal.h"

/* Count R of C as a u128, false when it has more than 128 bits. */
static bool
count_at(const struct sa_census *c, uint64_t r, u128 *out)
{
	const sa_big *b;

	if (c->big_tally == NULL) {
		*out = sa_count_at(c, r);
		return true;
	}
	b = &c->big_tally[r];
	if (b->len > 4)
		return false;
	*out = 0;
	for (size_t i = b->len; i-- > 0;)
		*out = *out << 32 | b->limb[i];
	return true;
}

/* The ordering each run of B lands on, with its count: B's support. */
struct support {
	unsigned (*perm)[SA_PERM_MAX];
	u128 *count;
	uint64_t len;
};

static int
support_of(const struct sa_census *b, struct support *s)
{
	uint64_t orderings = b->info.orderings;

	s->len = 0;
	s->perm = malloc(b->info.reached * sizeof *s->perm);
	s->count = malloc(b->info.reached * sizeof *s->count);
	if (s->perm == NULL || s->count == NULL)
		return SA_ENOMEM;
	for (uint64_t r = 0; r < orderings; r++) {
		u128 v;

		if (!count_at(b, r, &v))
			return SA_EOVERFLOW;
		if (v == 0)
			continue;
		sa_perm_unrank(r, b->info.n, s->perm[s->len]);
		s->count[s->len++] = v;
	}
	return SA_OK;
}

/* The totals as a census: 64-bit counts when the runs fit, else big. */
static int
as_census(struct sa_census *c, const u128 *t, u128 runs)
{
	uint64_t orderings = c->info.orderings;

	if (runs >> 64 == 0) {
		c->tally = malloc(orderings * sizeof *c->tally);
		if (c->tally == NULL)
			return SA_ENOMEM;
		for (uint64_t r = 0; r < orderings; r++)
			c->tally[r] = (uint64_t)t[r];
		c->info.runs = (uint64_t)runs;
		return sa_big_set_u64(&c->big_runs, (uint64_t)runs);
	}
	c->info.wide = true;
	c->big_tally = calloc(orderings, sizeof *c->big_tally);
	if (c->big_tally == NULL)
		return SA_ENOMEM;
	for (uint64_t r = 0; r < orderings; r++)
		if (sa_big_set_parts(&c->big_tally[r], (uint64_t)(t[r] >> 64),
		    (uint64_t)t[r]) != SA_OK)
			return SA_ENOMEM;
	return sa_big_set_parts(&c->big_runs, (uint64_t)(runs >> 64),
	    (uint64_t)runs);
}

/*
 * A deck in arrangement x shuffled by a run that takes the identity to
 * p ends as x[p[0]], x[p[1]], ...: the run moves positions, whatever
 * cards sit there.  Each thread spreads its own stretch of A's orderings
 * into a table of its own; the tables are added up after.
 */
struct spread_job {
	const struct sa_census *a;
	const struct support *s;
	uint64_t from, to;
	u128 *next;
	sa_pace *pace;
	bool lead;		/* tells the pace */
};

static void *
spread_range(void *arg)
{
	struct spread_job *j = arg;
	size_t n = j->a->info.n;
	unsigned x[SA_PERM_MAX], y[SA_PERM_MAX];

	/* A row is S's support long: look at the pace often when it is long. */
	uint64_t every = j->s->len >= 4096 ? 1 : 4096;

	for (uint64_t r = j->from; r < j->to; r++) {
		u128 v;

		if ((r - j->from) % every == 0) {
			if (j->lead)
				sa_pace_check(j->pace, (double)(r - j->from) /
				    (double)(j->to - j->from));
			if (sa_pace_stopped(j->pace))
				break;
		}
		if (!count_at(j->a, r, &v) || v == 0)
			continue;
		sa_perm_unrank(r, n, x);
		for (uint64_t k = 0; k < j->s->len; k++) {
			for (size_t p = 0; p < n; p++)
				y[p] = x[j->s->perm[k][p]];
			j->next[sa_perm_rank(y, n)] += v * j->s->count[k];
		}
	}
	return NULL;
}

/* A's orderings spread over S into NEXT; fewer threads where there is
 * no room for another table. */
static void
spread(const struct sa_census *a, const struct support *s, u128 *next,
    unsigned threads, sa_pace *pace)
{
	enum { MAXT = 16 };
	struct spread_job job[MAXT];
	uint64_t orderings = a->info.orderings;
	unsigned used = 1;

	/* Small work, or no room for more tables: one thread. */
	if (threads > MAXT)
		threads = MAXT;
	if (orderings < 5040)
		threads = 1;
	job[0].next = next;
	for (; used < threads; used++)
		if ((job[used].next = calloc(orderings, sizeof *next)) == NULL)
			break;
	for (unsigned t = 0; t < used; t++) {
		job[t].a = a;
		job[t].s = s;
		job[t].from = orderings * t / used;
		job[t].to = orderings * (t + 1) / used;
		job[t].pace = pace;
		job[t].lead = t == 0;
	}
	sa_parallel(spread_range, job, sizeof job[0], used);
	for (unsigned t = 1; t < used; t++) {
		for (uint64_t r = 0; r < orderings; r++)
			next[r] += job[t].next[r];
		free(job[t].next);
	}
}

/*
 * The bytes composing A with B takes beside them: the totals (16 bytes
 * an ordering) for each of THREADS, B's support (an ordering and a
 * 16-byte count each), and the result's counts (8 bytes, or a big
 * integer's 16 and its limbs when the runs pass 64 bits).
 */
static uint64_t
then_bytes(const struct sa_census *a, const struct sa_census *b,
    unsigned threads, bool wide)
{
	uint64_t orderings = a->info.orderings;
	double bytes = (double)orderings * 16 * threads +
	    (double)b->info.reached * (SA_PERM_MAX * sizeof(unsigned) + 16) +
	    (double)orderings * (wide ? 32 : 8);

	return bytes >= 1.8e19 ? UINT64_MAX : (uint64_t)bytes;
}

/* The threads to compose with, and whether their tables fit in OPTS's room. */
static int
then_room(const struct sa_census *a, const struct sa_census *b,
    const sa_census_opts *opts, bool wide, unsigned *threads)
{
	uint64_t room = opts != NULL && opts->max_bytes ? opts->max_bytes :
	    sa_memory_available(NULL);

	*threads = opts != NULL && opts->threads ? opts->threads : sa_cores();
	if (*threads > 16)
		*threads = 16;
	if (a->info.orderings < 5040)
		*threads = 1;
	/* Fewer threads before a refusal: each has a table of its own. */
	while (*threads > 1 && then_bytes(a, b, *threads, wide) > room)
		(*threads)--;
	return then_bytes(a, b, *threads, wide) > room ? SA_ETOOBIG : SA_OK;
}

int
sa_census_then(const sa_census *a, const sa_census *b,
    const sa_census_opts *opts, sa_census **out)
{
	struct support s = { NULL, NULL, 0 };
	struct sa_census *c = NULL;
	sa_big ra, rb, prod;
	u128 runs = 0, *next = NULL;
	uint64_t orderings = a->info.orderings;
	unsigned threads = 1;
	sa_pace pace;
	int status = SA_OK;

	*out = NULL;
	if (a->info.n != b->info.n)
		return SA_EINVAL;
	sa_big_init(&ra);
	sa_big_init(&rb);
	sa_big_init(&prod);
	if (sa_census_runs(a, &ra) != SA_OK || sa_census_runs(b, &rb) !=
	    SA_OK || sa_big_mul(&prod, &ra, &rb) != SA_OK)
		status = SA_ENOMEM;
	else if (prod.len > 4)
		status = SA_EOVERFLOW;	/* counts past 128 bits */
	for (size_t i = prod.len; status == SA_OK && i-- > 0;)
		runs = runs << 32 | prod.limb[i];
	if (status == SA_OK)
		status = then_room(a, b, opts, runs >> 64 != 0, &threads);
	sa_pace_start(&pace, opts != NULL ? opts->limit : NULL,
	    (double)a->info.reached * (double)b->info.reached);
	/*
	 * No machine composes faster than SA_PAIRS_MAX_RATE pairs a second
	 * (each is a permutation applied and ranked): work past the limit
	 * even at that rate is refused before any table is made.
	 */
	if (status == SA_OK && sa_pace_foretell(&pace, pace.units /
	    SA_PAIRS_MAX_RATE, true))
		status = sa_pace_end(&pace, SA_OK);
	if (status == SA_OK)
		status = support_of(b, &s);
	if (status == SA_OK && ((next = calloc(orderings, sizeof *next)) ==
	    NULL || (c = calloc(1, sizeof *c)) == NULL))
		status = SA_ENOMEM;
	if (status == SA_OK) {
		c->info = a->info;
		c->info.shuffle = b->info.shuffle;
		c->info.wide = false;
		c->info.weighted = a->info.weighted || b->info.weighted;
		c->info.sequences = 0;
		sa_big_init(&c->big_runs);
		sa_big_init(&c->big_max);
		sa_big_init(&c->big_min);
		spread(a, &s, next, threads, &pace);
		status = sa_pace_end(&pace, SA_OK);
		if (status == SA_OK)
			status = as_census(c, next, runs);
	}
	if (status == SA_OK)
		status = sa_census_summarize(c);
	free(next);
	free(s.perm);
	free(s.count);
	sa_big_free(&ra);
	sa_big_free(&rb);
	sa_big_free(&prod);
	if (status != SA_OK) {
		if (c != NULL)
			sa_census_free(c);
		return status;
	}
	*out = c;
	return SA_OK;
}

int
sa_census_again(sa_census **cur, const sa_census *one,
    const sa_census_opts *opts)
{
	sa_census *next;
	int status = sa_census_then(*cur, one, opts, &next);

	if (status != SA_OK)
		return status;
	if (*cur != one)
		sa_census_free(*cur);
	*cur = next;
	return SA_OK;
}

static void
repeated_run(const sa_shuffle *self, unsigned *deck, size_t n, sa_oracle *o)
{
	const sa_repeated *r = self->ctx;

	for (uint64_t k = 0; k < r->times; k++)
		r->inner->run(r->inner, deck, n, o);
}

static size_t
repeated_steps(const sa_shuffle *self, size_t n)
{
	const sa_repeated *r = self->ctx;

	return r->inner->steps(r->inner, n) * (size_t)r->times;
}

static void
repeated_step(const sa_shuffle *self, size_t n, size_t s, sa_step *out)
{
	const sa_repeated *r = self->ctx;

	r->inner->step(r->inner, n, s % r->inner->steps(r->inner, n), out);
}

static int
repeated_runs(const sa_shuffle *self, size_t n, sa_big *out)
{
	const sa_repeated *r = self->ctx;
	sa_big one, t;
	int status;

	sa_big_init(&one);
	sa_big_init(&t);
	status = r->inner->runs(r->inner, n, &one);
	if (status == SA_OK)
		status = sa_big_set_u64(out, 1);
	for (uint64_t k = 0; k < r->times && status == SA_OK; k++) {
		status = sa_big_mul(&t, out, &one);
		if (status == SA_OK)
			status = sa_big_copy(out, &t);
	}
	sa_big_free(&one);
	sa_big_free(&t);
	return status;
}

int
sa_shuffle_repeat(sa_repeated *r, const sa_shuffle *inner, size_t n,
    uint64_t times)
{
	if (times == 0 || times > SA_REPEAT_MAX || inner->run == NULL)
		return SA_EINVAL;
	memset(r, 0, sizeof *r);
	r->inner = inner;
	r->times = times;
	if (inner->param != NULL)
		snprintf(r->name, sizeof r->name, "%s:%llu*%llu", inner->name,
		    (unsigned long long)sa_shuffle_param(inner, n),
		    (unsigned long long)times);
	else
		snprintf(r->name, sizeof r->name, "%s*%llu", inner->name,
		    (unsigned long long)times);
	r->shuffle = *inner;
	r->shuffle.name = r->name;
	r->shuffle.runs_formula = NULL;
	r->shuffle.param = NULL;
	r->shuffle.value = 0;
	r->shuffle.closed = NULL;
	r->shuffle.closed_formula = NULL;
	r->shuffle.run = repeated_run;
	r->shuffle.ctx = r;
	r->shuffle.steps = inner->steps != NULL && inner->step != NULL ?
	    repeated_steps : NULL;
	r->shuffle.step = r->shuffle.steps != NULL ? repeated_step : NULL;
	r->shuffle.runs = inner->runs != NULL ? repeated_runs : NULL;
	return SA_OK;
}

/*
 * A step shuffle repeated is a longer step shuffle, for the step engine;
 * any other is counted once and composed with itself.
 */
int
sa_census_repeat(const sa_repeated *r, size_t n, const sa_census_opts *opts,
    sa_census **out)
{
	sa_census *one, *cur;
	int status;

	if (r->shuffle.steps != NULL)
		return sa_census_run(&r->shuffle, n, opts, out);
	if ((status = sa_census_run(r->inner, n, opts, &one)) != SA_OK)
		return status;
	cur = one;
	for (uint64_t k = 1; k < r->times && status == SA_OK; k++)
		status = sa_census_again(&cur, one, opts);
	if (cur != one)
		sa_census_free(one);
	if (status != SA_OK) {
		sa_census_free(cur);
		return status;
	}
	cur->info.shuffle = &r->shuffle;
	*out = cur;
	return SA_OK;
}
