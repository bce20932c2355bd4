/*
 * test_shard.c - the census sharded by leading card (shard.c, steps.c),
 * with ranks played by threads and an exchange written here: every
 * count, the summary, the distance, the histogram and the top, fetched
 * by rank 0 from the others as they serve, against the single process's
 * census (itself checked against the walker in test_steps.c); each
 * rank's own block against it too; counts that outgrow 16 and 32 bits
 * in a shard; an exchange that fails; the plan's bytes and exchanges
 * against a count made here, and the ranks a refusal names.
 */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "shuffle_audit.h"

enum { MAXR = 8 };

/* The ranks' meeting place: what each offers, and a barrier. */
struct hub {
	unsigned size;
	pthread_barrier_t bar;
	const char *send[MAXR];
	const size_t *sendlen[MAXR];
	unsigned calls[MAXR];
	unsigned fail_at;	/* every rank fails its exchange number this */
};

struct ctx {
	struct hub *hub;
	unsigned rank;
};

/*
 * The exchange: each rank posts its buffer; after the barrier, each
 * copies out what every rank laid out for it (the lengths must agree),
 * and a second barrier keeps the buffers until all have read.
 */
static int
exchange(void *arg, const void *send, const size_t *sendlen, void *recv,
    const size_t *recvlen)
{
	struct ctx *c = arg;
	struct hub *h = c->hub;
	size_t at = 0;
	int bad = 0;

	if (++h->calls[c->rank] == h->fail_at)
		return -1;
	h->send[c->rank] = send;
	h->sendlen[c->rank] = sendlen;
	pthread_barrier_wait(&h->bar);
	for (unsigned k = 0; k < h->size; k++) {
		size_t off = 0;

		for (unsigned j = 0; j < c->rank; j++)
			off += h->sendlen[k][j];
		if (h->sendlen[k][c->rank] != recvlen[k])
			bad = 1;
		else if (recvlen[k] > 0)
			memcpy((char *)recv + at, h->send[k] + off, recvlen[k]);
		at += recvlen[k];
	}
	pthread_barrier_wait(&h->bar);
	return bad ? -1 : 0;
}

/* One rank's work and what it found. */
struct rank {
	struct ctx ctx;
	sa_comm comm;
	const sa_shuffle *sh;
	size_t n;
	const sa_census *whole;	/* the single process's, to compare */
	int status, serve;
	unsigned block_wrong;	/* counts of its own block unlike WHOLE's */
	uint64_t top;		/* rank 0: rows of the top to check */
	uint64_t *ranks;	/* rank 0: the sharded top */
	sa_census *c;
};

static void *
rank_main(void *arg)
{
	struct rank *r = arg;
	sa_census_opts o;

	memset(&o, 0, sizeof o);
	o.comm = &r->comm;
	o.threads = 1;
	r->status = sa_census_run(r->sh, r->n, &o, &r->c);
	if (r->status != SA_OK)
		return NULL;
	if (r->whole != NULL) {
		const sa_census_info *in = sa_census_about(r->c);

		for (uint64_t k = in->shard_lo; k < in->shard_hi; k++)
			r->block_wrong += sa_census_count(r->c, k) !=
			    sa_census_count(r->whole, k);
	}
	if (r->comm.rank != 0) {
		r->serve = sa_census_serve(r->c);
		sa_census_free(r->c);
		r->c = NULL;
	} else if (r->top > 0) {
		r->ranks = malloc(r->top * sizeof *r->ranks);
		r->serve = sa_census_top(r->c, r->top, r->ranks);
	}
	return NULL;
}

/*
 * The census of SH on N cards over P threads; on return R[0].c is rank
 * 0's census, still served until the caller frees it (the others are
 * done once it is freed: the caller joins them with finish()).
 */
static void
start(struct hub *h, struct rank *r, pthread_t *t, unsigned p,
    const sa_shuffle *sh, size_t n, const sa_census *whole, uint64_t top)
{
	memset(h, 0, sizeof *h);
	h->size = p;
	pthread_barrier_init(&h->bar, NULL, p);
	for (unsigned k = 0; k < p; k++) {
		memset(&r[k], 0, sizeof r[k]);
		r[k].ctx.hub = h;
		r[k].ctx.rank = k;
		r[k].comm.rank = k;
		r[k].comm.size = p;
		r[k].comm.ctx = &r[k].ctx;
		r[k].comm.exchange = exchange;
		r[k].sh = sh;
		r[k].n = n;
		r[k].whole = whole;
		r[k].top = k == 0 ? top : 0;
	}
	for (unsigned k = 1; k < p; k++)
		assert_int_equal(pthread_create(&t[k], NULL, rank_main, &r[k]),
		    0);
	rank_main(&r[0]);
}

static void
finish(struct hub *h, struct rank *r, pthread_t *t, unsigned p)
{
	sa_census_free(r[0].c);
	for (unsigned k = 1; k < p; k++) {
		pthread_join(t[k], NULL);
		assert_int_equal(r[k].status, r[0].status);
		assert_int_equal(r[k].serve, SA_OK);
	}
	free(r[0].ranks);
	pthread_barrier_destroy(&h->bar);
}

static void
same_fraction(int (*get)(const sa_census *, sa_fraction *),
    const sa_census *a, const sa_census *b)
{
	sa_fraction x, y;
	char *sx, *sy;

	sa_fraction_init(&x);
	sa_fraction_init(&y);
	assert_int_equal(get(a, &x), SA_OK);
	assert_int_equal(get(b, &y), SA_OK);
	sx = sa_fraction_exact(&x);
	sy = sa_fraction_exact(&y);
	assert_non_null(sx);
	assert_non_null(sy);
	assert_string_equal(sx, sy);
	free(sx);
	free(sy);
	sa_fraction_free(&x);
	sa_fraction_free(&y);
}

/* Rank 0's census C, sharded over P, against the whole one W. */
static void
same_census(const sa_census *c, const sa_census *w, unsigned p,
    const uint64_t *top, uint64_t ntop)
{
	const sa_census_info *a = sa_census_about(c), *b = sa_census_about(w);
	sa_histogram ha, hb;
	uint64_t *wtop = malloc(ntop * sizeof *wtop + 1);

	assert_int_equal(a->ranks, p);
	assert_int_equal(a->shard_lo, 0);
	assert_true(a->shard_hi < b->orderings);
	assert_int_equal(a->runs, b->runs);
	assert_int_equal(a->reached, b->reached);
	assert_int_equal(a->max, b->max);
	assert_int_equal(a->min, b->min);
	assert_int_equal(a->nmax, b->nmax);
	assert_int_equal(a->nmin, b->nmin);
	assert_int_equal(a->argmax, b->argmax);
	assert_int_equal(a->argmin, b->argmin);
	assert_int_equal(a->fair, b->fair);
	assert_int_equal(a->divides, b->divides);
	same_fraction(sa_census_tvd, c, w);
	if (b->min > 0)
		same_fraction(sa_census_ratio, c, w);
	assert_int_equal(sa_census_histogram(c, &ha), SA_OK);
	assert_int_equal(sa_census_histogram(w, &hb), SA_OK);
	assert_int_equal(ha.count, hb.count);
	assert_memory_equal(ha.bucket, hb.bucket, ha.count * sizeof *ha.bucket);
	sa_histogram_free(&ha);
	sa_histogram_free(&hb);
	/* The top by runs (ties by rank), then every count, fetched. */
	if (ntop > 0) {
		assert_int_equal(sa_census_top(w, ntop, wtop), SA_OK);
		assert_memory_equal(top, wtop, ntop * sizeof *top);
	}
	for (uint64_t r = 0; r < b->orderings; r++)
		if (sa_census_count(c, r) != sa_census_count(w, r))
			fail_msg("rank %llu: %llu, whole %llu",
			    (unsigned long long)r,
			    (unsigned long long)sa_census_count(c, r),
			    (unsigned long long)sa_census_count(w, r));
	free(wtop);
}

static void
sharded_against_whole(const char *spec, size_t n, unsigned p, uint64_t top)
{
	struct hub h;
	struct rank r[MAXR];
	pthread_t t[MAXR];
	sa_shuffle sh;
	sa_census *w;

	assert_int_equal(sa_shuffle_parse(spec, &sh), SA_OK);
	assert_int_equal(sa_census_run(&sh, n, NULL, &w), SA_OK);
	start(&h, r, t, p, &sh, n, w, top);
	assert_int_equal(r[0].status, SA_OK);
	assert_int_equal(r[0].serve, SA_OK);
	same_census(r[0].c, w, p, r[0].ranks, top);
	for (unsigned k = 0; k < p; k++)
		assert_int_equal(r[k].block_wrong, 0);
	finish(&h, r, t, p);
	sa_census_free(w);
}

/*
 * Every kind of step: swaps of a range with 0 in it (naive, durstenfeld,
 * inside-out, sattolo), from position 0 (forward), picks (rejection), two
 * drawn positions (swaps); ranks dividing n, not dividing it, and more
 * ranks than cards (some hold nothing).
 */
static void
test_shards_agree(void **state)
{
	static const char *const specs[] = { "naive", "durstenfeld",
		"forward", "inside-out", "sattolo", "rejection", "swaps:2" };
	static const unsigned ranks[] = { 2, 3, 4, 7 };

	(void)state;
	for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++)
		for (size_t k = 0; k < sizeof ranks / sizeof ranks[0]; k++)
			sharded_against_whole(specs[i], 6, ranks[k], 40);
	/* Seven cards; and the whole top, every row by runs. */
	sharded_against_whole("naive", 7, 3, 5040);
	sharded_against_whole("durstenfeld", 7, 2, 100);
}

/*
 * Counts past 16 bits (swaps:5 on 6 cards: 36^5 runs, about 84,000 an
 * ordering) and past 32 (swaps:12: about 6.5 * 10^15): the shards widen
 * together, and a census past 64 bits is refused by every rank alike.
 */
static void
test_shard_widths(void **state)
{
	struct hub h;
	struct rank r[MAXR];
	pthread_t t[MAXR];
	sa_shuffle sh;

	(void)state;
	sharded_against_whole("swaps:5", 6, 3, 10);
	sharded_against_whole("swaps:12", 6, 4, 10);
	assert_int_equal(sa_shuffle_parse("swaps:13", &sh), SA_OK);
	start(&h, r, t, 3, &sh, 6, NULL, 0);
	assert_int_equal(r[0].status, SA_EOVERFLOW);
	finish(&h, r, t, 3);
}

/* An exchange that fails, early or late: every rank says so, no census. */
static void
test_shard_comm_fails(void **state)
{
	static const unsigned at[] = { 1, 2, 3, 5, 12, 20 };
	struct hub h;
	struct rank r[MAXR];
	pthread_t t[MAXR];
	sa_shuffle sh;

	(void)state;
	assert_int_equal(sa_shuffle_parse("naive", &sh), SA_OK);
	for (size_t i = 0; i < sizeof at / sizeof at[0]; i++) {
		memset(&h, 0, sizeof h);
		h.size = 3;
		h.fail_at = at[i];
		pthread_barrier_init(&h.bar, NULL, 3);
		for (unsigned k = 0; k < 3; k++) {
			memset(&r[k], 0, sizeof r[k]);
			r[k].ctx.hub = &h;
			r[k].ctx.rank = k;
			r[k].comm = (sa_comm){ k, 3, &r[k].ctx, exchange };
			r[k].sh = &sh;
			r[k].n = 7;
		}
		for (unsigned k = 1; k < 3; k++)
			pthread_create(&t[k], NULL, rank_main, &r[k]);
		rank_main(&r[0]);
		for (unsigned k = 1; k < 3; k++)
			pthread_join(t[k], NULL);
		for (unsigned k = 0; k < 3; k++) {
			assert_int_equal(r[k].status, SA_ECOMM);
			assert_null(r[k].c);
		}
		pthread_barrier_destroy(&h.bar);
	}
}

/*
 * The plan for naive on 7 cards over 3 ranks (blocks of 3, 2 and 2
 * cards): the counts the first rank sends in a step, found here by
 * looking at every ordering it holds, and the steps that send.
 */
static void
test_shard_plan(void **state)
{
	sa_census_opts o;
	sa_census_plan plan, one;
	sa_shuffle sh;
	unsigned p[7];
	uint64_t lo, hi, sent = 0;

	(void)state;
	assert_int_equal(sa_shuffle_parse("naive", &sh), SA_OK);
	memset(&o, 0, sizeof o);
	o.ranks = 3;
	assert_int_equal(sa_census_plan_for(&sh, 7, &o, &plan), SA_OK);
	assert_int_equal(plan.ranks, 3);
	sa_census_shard(7, 3, 0, &lo, &hi);
	assert_int_equal(lo, 0);
	assert_int_equal(hi, 3 * 720);
	/* Step 3 swaps 3 with 0 among others: those with card 3 outside. */
	for (uint64_t r = lo; r < hi; r++) {
		sa_perm_unrank(r, 7, p);
		sent += p[3] >= 3;
	}
	/*
	 * Step 0 starts from one ordering (6 swaps of it); the next steps
	 * from at most 7, 49 and 343 non-zero counts, then all of them.
	 */
	assert_int_equal(sent, 1440);
	assert_int_equal(plan.exchanged, sent * 16);
	assert_int_equal(plan.exchanges, 7);
	assert_int_equal(plan.exchanged_total, 16 * (6 + 7 + 49 + 343 +
	    3 * sent));
	assert_int_equal(sa_census_plan_for(&sh, 7, NULL, &one), SA_OK);
	assert_int_equal(one.ranks, 1);
	assert_true(plan.bytes > 3 * 720 * 8 && plan.bytes < one.bytes +
	    (UINT64_C(1) << 20));
	/* Durstenfeld: each step from n-1 down swaps with 0; 0 is not. */
	assert_int_equal(sa_shuffle_parse("durstenfeld", &sh), SA_OK);
	assert_int_equal(sa_census_plan_for(&sh, 7, &o, &plan), SA_OK);
	assert_int_equal(plan.exchanges, 6);
	/* Reaches 1, 7, 42, 210, 840, 2520: only the last step sends all. */
	assert_int_equal(plan.exchanged, sent * 16);
	assert_int_equal(plan.exchanged_total, 16 * (1 + 7 + 42 + 210 + 840 +
	    sent));
}

/*
 * A census too big for the memory given names the fewest ranks that
 * would hold it: that many fit, one fewer does not.
 */
static void
test_shard_refusal(void **state)
{
	sa_census_opts o;
	sa_census_plan plan, at;
	sa_shuffle sh;

	(void)state;
	assert_int_equal(sa_shuffle_parse("naive", &sh), SA_OK);
	memset(&o, 0, sizeof o);
	o.max_bytes = UINT64_C(1) << 30;	/* 12 cards take 3.8 GB */
	assert_int_equal(sa_census_plan_for(&sh, 12, &o, &plan), SA_ETOOBIG);
	assert_true(plan.ranks_needed > 2 && plan.ranks_needed <= 12);
	assert_non_null(strstr(plan.why, "--plan --ranks"));
	o.ranks = plan.ranks_needed;
	assert_int_equal(sa_census_plan_for(&sh, 12, &o, &at), SA_OK);
	assert_int_equal(at.bytes, plan.rank_bytes);
	assert_true(at.bytes <= o.max_bytes);
	o.ranks = plan.ranks_needed - 1;
	assert_int_equal(sa_census_plan_for(&sh, 12, &o, &at), SA_ETOOBIG);
	/* Not even one card a rank: no ranks named. */
	o.max_bytes = 100 << 20;
	o.ranks = 0;
	assert_int_equal(sa_census_plan_for(&sh, 12, &o, &plan), SA_ETOOBIG);
	assert_int_equal(plan.ranks_needed, 0);
	assert_null(strstr(plan.why, "--ranks"));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_shards_agree),
		cmocka_unit_test(test_shard_widths),
		cmocka_unit_test(test_shard_comm_fails),
		cmocka_unit_test(test_shard_plan),
		cmocka_unit_test(test_shard_refusal),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
