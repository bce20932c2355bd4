/*
 * steps.c - the step engine.
 *
 * Every step is an involution on arrangements (a swap undoes itself), so
 * a step can be applied by pulling: the count of arrangement B after the
 * step is the sum, over the step's choices t, of the count of B t before
 * it.  Each output is written once, in rank order, so threads can share
 * a step by splitting the output ranks, with no locks, and the result is
 * the same for every number of threads.  Arrangements are visited in
 * rank order by "next permutation", which costs O(1) on average.
 *
 * Early steps reach few arrangements; pulling would read the whole table
 * to add mostly zeros, so while few counts are non-zero the engine
 * pushes instead, from each non-zero count to the arrangements it feeds.
 *
 * Counts are kept in 8 bits while they fit, then 16, in tables with room
 * for 32 (Durstenfeld's, each 0 or 1, stay in 8).  Every count of a
 * partial run is at most the largest final count: the remaining steps
 * take the arrangement A to A t for fixed t, so the final count of A t
 * includes all of A's.  The engine does not rely on that, though: it
 * checks every sum.  A pull whose sums do not fit is done again wider
 * (it leaves its input as it was); a push is given a wider table first
 * where its sums might not fit; a push that overflows all the same, or
 * a count past 32 bits, starts the census again wider.
 * Before the last step, a pull may instead spill the few counts too wide
 * for 16 bits into a list (struct spills), which the next step pushes:
 * the naive shuffle of 12 cards has 54 such counts after its eleventh
 * step, whose table so stays half the size.
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "shuffle_audit.h"
#include "steps_shared.h"

/* A stretch of a new table cleared by one thread. */
struct zero_job {
	char *at;
	size_t len;
};

static void *
zero_range(void *arg)
{
	struct zero_job *z = arg;

	memset(z->at, 0, z->len);
	return NULL;
}

/*
 * Clears BYTES at V on THREADS threads.  The first write to each page
 * makes the kernel supply it, which is most of the cost, so it is worth
 * sharing out.
 */
static void
zero_parallel(void *v, size_t bytes, unsigned threads)
{
	enum { MAXT = 64 };
	struct zero_job jobs[MAXT];

	if (threads > MAXT)
		threads = MAXT;
	if (threads < 1)
		threads = 1;
	for (unsigned k = 0; k < threads; k++) {
		uint64_t lo, len;

		sa_stretch(bytes, threads, k, &lo, &len);
		jobs[k].at = (char *)v + lo;
		jobs[k].len = (size_t)len;
	}
	sa_parallel(zero_range, jobs, sizeof jobs[0], threads);
}

/*
 * A table of COUNT entries of ROOM bytes, all zero, released by free().
 * A big one's first ZERO bytes are written (with zeros) on THREADS
 * threads, for the kernel to supply their pages on every core; the rest
 * is first written by a step at a wider width, or never (a table that
 * stays narrow).
 *
 * Big tables are not offered to the kernel for huge pages, though the
 * pulls read them all over: on the machines this was measured on (KVM
 * guests), a fresh 2 MiB page cost the kernel up to seven times what
 * as many 4 KiB pages did to clear (23 s against 3.4 s for 2 GiB whose
 * memory the host had taken back), more than the TLB misses it saved;
 * the naive census of 12 cards went from 34 s to 17 s without them and
 * with a 16-bit table before the last step (struct spills).
 */
static void *
table_alloc(uint64_t count, size_t room, size_t zero, unsigned threads)
{
	void *v;

	if (count > SIZE_MAX / room || (v = calloc(count, room)) == NULL)
		return NULL;
	if ((size_t)count * room >= ((size_t)8 << 20))
		zero_parallel(v, zero, threads);
	return v;
}

static int
by_rank(const void *a, const void *b)
{
	const struct sa_spill *x = a, *y = b;

	return (x->at > y->at) - (x->at < y->at);
}

/*
 * The 16-bit tally T's list, for the census (struct sa_census's over):
 * by rank, each rank once with its whole count (the table's and the
 * list's), and UINT16_MAX in the table there.
 */
static void
settle(struct table *t)
{
	struct spills *sp = &t->sp;
	struct sa_spill *shrunk;
	size_t k = 0;

	qsort(sp->list, sp->len, sizeof *sp->list, by_rank);
	for (size_t i = 0; i < sp->len; k++) {
		uint64_t at = sp->list[i].at, v = get(t, at);

		for (; i < sp->len && sp->list[i].at == at; i++)
			v += sp->list[i].v;
		sp->list[k].at = at;
		sp->list[k].v = v;
		((uint16_t *)t->v)[at - t->base] = UINT16_MAX;
	}
	sp->len = k;
	if ((shrunk = realloc(sp->list, k * sizeof *shrunk)) != NULL)
		sp->list = shrunk;
}

/*
 * One step into NEXT: pushed from the non-zero counts while they are
 * few, else pulled on every core.  A pull whose counts outgrow NEXT's
 * width is done again wider while the table has ROOM; false when it has
 * not (or a push overflows), with the width wanted in *NEED.
 */
/*
 * Pushes run while fewer than this many counts are non-zero (the lists
 * hold that many): a push is one thread writing at random, a pull every
 * core reading the whole table.  Where that read is a stream of whole
 * runs (every swap within the first POS + 1 places) the pull pays from
 * 1/256 of the table non-zero, else from 1/64.
 */
static uint64_t
push_below(const sa_step *st, uint64_t orderings)
{
	return st->kind == SA_STEP_SWAP && st->lo + st->count <= st->pos + 1 ?
	    orderings / 256 : orderings / 64;
}

/* What a pushed count costs against a pulled one (random writes). */
#define PUSH_COST 64

/*
 * What the tables' fresh pages cost an ordering before the first step,
 * against a pulled count: 0.28 s of a naive census of 11 cards on one
 * thread that took 2.9 s (1.1 ns a pulled count, 7 ns an ordering).
 */
#define SETUP_COST 6

/*
 * Each of SH's STEPS on N cards weighed by the work it will do, into W,
 * and their sum with the tables' setup (SETUP_COST an ordering): its ways
 * times the counts it reads, those it can have reached (the ways of the
 * steps before, at most the ORDERINGS) while it pushes, the whole table
 * once it pulls.  The census's progress is the work done of this sum,
 * not the steps done of the steps.  W may be NULL.
 */
static double
step_work(const sa_shuffle *sh, size_t n, size_t steps, uint64_t orderings,
    double *w)
{
	double reach = 1, sum = SETUP_COST * (double)orderings, step;

	for (size_t s = 0; s < steps; s++) {
		sa_step st = { 0, 0, 0, SA_STEP_SWAP };
		double ways;

		sh->step(sh, n, s, &st);
		ways = (double)sa_step_total(&st, n);
		step = reach < (double)push_below(&st, orderings) ?
		    ways * reach * PUSH_COST : ways * (double)orderings;
		if (w != NULL)
			w[s] = step;
		sum += step;
		reach = reach * ways < (double)orderings ? reach * ways :
		    (double)orderings;
	}
	return sum;
}

static bool
step_into(struct table *cur, struct table *next, uint64_t orderings,
    size_t n, const sa_step *st, struct step_state *ss)
{
	uint64_t sparse = push_below(st, orderings);
	struct sparse swap;

	next->sp.len = 0;
	/* A push would read spilled counts as 0. */
	if (ss->nonzero < sparse && cur->sp.len == 0) {
		/*
		 * A push empties CUR as it goes, so it cannot be done again
		 * wider: NEXT is widened first where a sum could outgrow it,
		 * each at most the largest count times the step's ways.  The
		 * bytes a wider NEXT adds were never written (widths only
		 * grow), so they are still the allocation's zeros.
		 */
		uint64_t ways = sa_step_total(st, n);

		next->width = cur->width;
		while (next->width < ss->room && ways != 0 &&
		    ss->most > width_max(next->width) / ways)
			next->width *= 2;
		if (!ss->next_zero)
			memset(next->v, 0, orderings * next->width);
		ss->next_zero = true;	/* CUR, about to be NEXT */
		if (!sa_steps_push(cur, next, orderings, n, st, &ss->from,
		    &ss->to, &ss->nonzero, &ss->most)) {
			ss->need = 2 * cur->width;
			return false;
		}
		swap = ss->from;
		ss->from = ss->to;
		ss->to = swap;
		return true;
	}
	ss->next_zero = false;
	ss->from.valid = false;
	next->width = cur->width;
	while (!sa_steps_pull(cur, next, 0, orderings, n, st, ss) ||
	    !sa_steps_spills_push(cur, next, n, st, &ss->nonzero, &ss->most)) {
		if (next->width >= ss->room) {
			ss->need = 2 * next->width;
			return false;
		}
		next->width *= 2;
		next->sp.len = 0;
	}
	return true;
}

/*
 * The lists a census on one machine keeps beside its tables: the ranks
 * the pushes read and the counts a narrow table spills.  Without them
 * the pushes scan the table: slower, as exact.
 */
static void
lists_alloc(struct step_state *ss, struct table *cur, struct table *next,
    uint64_t orderings, pthread_mutex_t *lock)
{
	ss->from.cap = ss->to.cap = orderings / 64 + 1;
	ss->from.at = malloc((size_t)ss->from.cap * sizeof *ss->from.at);
	ss->to.at = malloc((size_t)ss->to.cap * sizeof *ss->to.at);
	if (ss->from.at != NULL && ss->to.at != NULL) {
		ss->from.at[0] = 0;
		ss->from.len = 1;
		ss->from.valid = true;
	}
	/*
	 * A 16-bit table spills up to one count in 4096 before the
	 * last step (the naive shuffle of 12 cards spills 54 at its
	 * eleventh): the table before the last stays 16-bit, and half
	 * of it is neither written nor read.  The tally itself may
	 * list one in 256 (that census, 1.18 million): a 32-bit tally
	 * would be 958 MB more of fresh pages, which cost this
	 * machine more than the pull that fills them.  Without the
	 * lists it widens.
	 */
	cur->sp.cap = next->sp.cap = orderings / 256 + 256;
	cur->sp.list = malloc(cur->sp.cap * sizeof *cur->sp.list);
	next->sp.list = malloc(next->sp.cap * sizeof *next->sp.list);
	if (cur->sp.list == NULL || next->sp.list == NULL)
		cur->sp.cap = next->sp.cap = 0;
	cur->sp.lock = next->sp.lock = lock;
}

/*
 * One census of SH on N cards in tables of START bytes an entry: of all
 * N! orderings, or sharded over COMM (not NULL) of this rank's block.
 * On SA_EOVERFLOW, *NEED is the width wanted.
 */
static int
steps_with(const sa_shuffle *sh, size_t n, uint64_t orderings,
    unsigned start, const sa_census_opts *opts, const sa_comm *comm,
    struct table *result, unsigned *need)
{
	size_t steps = sh->steps(sh, n);
	struct shard_run sr;
	struct step_state ss;
	struct table cur, next, t;
	uint64_t lo = 0, hi = orderings, len;
	pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
	double *work = malloc((steps ? steps : 1) * sizeof *work), all = 0;
	double setup;
	int status = SA_OK;

	memset(&ss, 0, sizeof ss);
	memset(&cur, 0, sizeof cur);
	memset(&next, 0, sizeof next);
	memset(&sr, 0, sizeof sr);
	if (comm != NULL) {
		status = sa_steps_shard_init(&sr, comm, n);
		sr.tl = &ss.tail;
		lo = sr.lo;
		hi = sr.hi;
	}
	len = hi - lo;
	ss.threads = opts && opts->threads ? opts->threads : sa_cores();
	ss.opts = opts;
	ss.room = start > 4 ? start : 4;
	ss.nonzero = 1;
	ss.most = 1;
	ss.next_zero = true;
	if (work == NULL)
		status = SA_ENOMEM;
	else
		all = step_work(sh, n, steps, orderings, work);
	if (n >= TAIL)
		sa_steps_tail_for(&ss.tail, n);
	/* A rank past one a leading card holds nothing: one entry, unused. */
	setup = all > 0 ? SETUP_COST * (double)orderings / all : 0;
	cur.v = table_alloc(len ? len : 1, ss.room, len * start, ss.threads);
	/* Each table's setup told (12 cards: 0.8 s each), as work done. */
	if (cur.v != NULL && opts != NULL && opts->progress != NULL)
		opts->progress(opts->progress_ctx, setup / 2);
	next.v = table_alloc(len ? len : 1, ss.room, len * start, ss.threads);
	cur.width = next.width = start;
	cur.base = next.base = lo;
	if (cur.v == NULL || next.v == NULL)
		status = SA_ENOMEM;
	if (comm != NULL)
		status = sa_steps_agree(comm, status);
	if (status != SA_OK)
		goto out;
	if (comm == NULL)
		lists_alloc(&ss, &cur, &next, orderings, &lock);
	if (lo == 0 && len > 0)
		put(&cur, 0, 1);	/* rank 0 is the starting deck */
	ss.done = setup;
	if (opts != NULL && opts->progress != NULL)
		opts->progress(opts->progress_ctx, ss.done);
	for (size_t s = 0; s < steps && status == SA_OK; s++) {
		sa_step st = { 0, 0, 0, SA_STEP_SWAP };

		sh->step(sh, n, s, &st);
		ss.share = all > 0 ? work[s] / all : 0;
		next.sp.limit = s + 1 < steps && next.sp.cap != 0 ?
		    (size_t)(orderings / 4096 + 256) : next.sp.cap;
		if (comm != NULL) {
			status = sa_steps_shard_step(&sr, &cur, &next, &st, &ss,
			    need);
		} else if (!step_into(&cur, &next, orderings, n, &st, &ss)) {
			*need = ss.need;
			status = SA_EOVERFLOW;
		}
		t = cur;
		cur = next;
		next = t;
		/* Each step's end told, a push's as a pull's. */
		ss.done += ss.share;
		if (status == SA_OK && opts != NULL && opts->progress != NULL)
			opts->progress(opts->progress_ctx, ss.done < 1 ?
			    ss.done : 1);
	}
	if (status == SA_OK) {
		*result = cur;
		memset(&result->sp, 0, sizeof result->sp);
		if (cur.sp.len != 0) {
			settle(&cur);
			result->sp = cur.sp;
			cur.sp.list = NULL;
		}
		cur.v = NULL;
	}
out:
	free(cur.sp.list);
	free(next.sp.list);
	if (comm != NULL)
		sa_steps_shard_free(&sr);
	free(ss.from.at);
	free(ss.to.at);
	free(cur.v);
	free(next.v);
	free(work);
	return status;
}

double
sa_engine_steps_work(const sa_shuffle *sh, size_t n, uint64_t orderings)
{
	return step_work(sh, n, sh->steps(sh, n), orderings, NULL);
}

int
sa_engine_steps(const sa_shuffle *sh, size_t n, uint64_t orderings,
    const sa_census_opts *opts, struct sa_census *out)
{
	struct table t;
	unsigned start = 1, need = 0;
	int status;

	/*
	 * 8-bit counts while they fit, widened by a pull that needs it (or
	 * before a push that might); a push that overflows all the same,
	 * and counts past 32 bits, start again wider (64 at most).
	 */
	const sa_comm *comm = opts != NULL && opts->comm != NULL &&
	    sa_shard_splits(opts->comm->size, n, SA_ENGINE_STEPS, NULL) ?
	    opts->comm : NULL;
	uint64_t lo = 0, hi = orderings;

	if (comm != NULL)
		sa_census_shard(n, comm->size, comm->rank, &lo, &hi);
	while ((status = steps_with(sh, n, orderings, start, opts, comm, &t,
	    &need)) == SA_EOVERFLOW && need <= 8 && need > start) {
		uint64_t limit = opts && opts->max_bytes ? opts->max_bytes :
		    sa_memory_available(NULL);

		status = need == 8 && limit != 0 && hi - lo > limit / 16 ?
		    SA_ETOOBIG : SA_OK;
		if (comm != NULL)
			status = sa_steps_agree(comm, status);
		if (status != SA_OK)
			return status;
		start = need;
	}
	if (status != SA_OK)
		return status;
	out->info.ranks = comm != NULL ? comm->size : 1;
	out->info.shard_lo = lo;
	out->info.shard_hi = hi;
	if (t.width == 8) {
		out->tally = t.v;
	} else if (t.width == 4) {
		out->tally32 = t.v;
	} else if (t.width == 2) {
		out->tally16 = t.v;
		out->over = t.sp.list;	/* only a 16-bit table lists */
		out->overs = t.sp.len;
		t.sp.list = NULL;
	} else {
		out->tally8 = t.v;
	}
	free(t.sp.list);
	return SA_OK;
}


