/*
 * plan.c - what a census will take, worked out before it starts: the
 * engine, the reduction, the memory, and the runs of the step form.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shuffle_audit.h"
#include "internal.h"

int
sa_step_runs(const sa_shuffle *sh, size_t n, uint64_t *runs)
{
	size_t steps = sh->steps(sh, n);
	uint64_t total = 1;

	for (size_t s = 0; s < steps; s++) {
		sa_step st = { 0, 0, 0, SA_STEP_SWAP };
		uint64_t t;

		sh->step(sh, n, s, &st);
		if (st.count == 0)
			return SA_EBOUND;
		if (st.pos >= n || (st.kind == SA_STEP_SWAP &&
		    (st.lo >= n || st.count > n - st.lo)) ||
		    (st.kind != SA_STEP_SWAP && st.count != n))
			return SA_EINVAL;
		t = sa_step_total(&st, n);
		if (t == 0)
			return SA_EBOUND;
		if (total > UINT64_MAX / t)
			return SA_EOVERFLOW;
		total *= t;
	}
	*runs = total;
	return SA_OK;
}

/* The engine OPTS asks for, or the fastest SH allows, into PLAN. */
static int
choose_engine(const sa_shuffle *sh, const sa_census_opts *opts,
    const sa_reduce *red, sa_census_plan *plan)
{
	bool has_steps = sh->steps != NULL && sh->step != NULL;

	switch (opts->engine) {
	case SA_ENGINE_AUTO:
		plan->engine = has_steps ? SA_ENGINE_STEPS : SA_ENGINE_REPLAY;
		if (sh->closed != NULL && sh->runs != NULL &&
		    red->method == SA_REDUCE_NONE)
			plan->engine = SA_ENGINE_CLOSED;
		return SA_OK;
	case SA_ENGINE_CLOSED:
		plan->engine = SA_ENGINE_CLOSED;
		return sh->closed != NULL && sh->runs != NULL &&
		    red->method == SA_REDUCE_NONE ? SA_OK : SA_EINVAL;
	case SA_ENGINE_STEPS:
		plan->engine = SA_ENGINE_STEPS;
		return has_steps ? SA_OK : SA_EINVAL;
	case SA_ENGINE_REPLAY:
		plan->engine = SA_ENGINE_REPLAY;
		return SA_OK;
	case SA_ENGINE_WALK:
		/* Its own tally per thread; no reduction. */
		plan->engine = SA_ENGINE_WALK;
		return has_steps && red->method == SA_REDUCE_NONE ? SA_OK :
		    SA_EINVAL;
	default:
		return SA_EINVAL;
	}
}

/*
 * The closed form keeps 64-bit counts when the runs fit in 64 bits, and
 * otherwise a big integer each, as wide as the runs (see below).
 */
static uint64_t
closed_bytes(const sa_shuffle *sh, size_t n)
{
	sa_big runs;
	uint64_t v, block = 0;

	sa_big_init(&runs);
	if (sh->runs(sh, n, &runs) != SA_OK)
		block = UINT64_MAX / 2;	/* refused as too big */
	else if (!sa_big_to_u64(&runs, &v))
		block = (runs.len * 4 + 8 + 15) / 16 * 16;
	sa_big_free(&runs);
	if (block == 0)
		return 8;
	return sizeof(sa_big) + (block < 32 ? 32 : block);
}

/*
 * Bytes per ordering: the step engine keeps two tables with room for
 * 32-bit counts (its 16-bit ones use half; twice that if they overflow
 * 32 bits, checked again then); the replay engine
 * one of 64-bit counts; the walk one of 64-bit counts per thread.  Exact
 * big counts (a reduction) take a 24-byte header and a malloc'd block of
 * 32-bit limbs each: room for the largest count, the product of 2^B over
 * a run's draws, with malloc's 8 bytes of overhead, rounded to its
 * 16-byte granule, 32 at least.
 */
static uint64_t
per_ordering(const sa_shuffle *sh, size_t n, const sa_census_opts *opts,
    const sa_reduce *red, enum sa_engine engine)
{
	uint64_t draws = n, limbs, block;

	if (engine == SA_ENGINE_WALK)
		return 8 * (uint64_t)(opts->threads ? opts->threads : sa_cores());
	if (engine == SA_ENGINE_CLOSED)
		return closed_bytes(sh, n);
	if (red->method == SA_REDUCE_NONE)
		return 8;
	if (engine == SA_ENGINE_STEPS) {
		size_t steps = sh->steps(sh, n);

		draws = 0;
		for (size_t s = 0; s < steps; s++) {
			sa_step st = { 0, 0, 0, SA_STEP_SWAP };

			sh->step(sh, n, s, &st);
			draws += st.kind == SA_STEP_SWAP2 ? 2 : 1;
		}
	}
	limbs = (draws * red->bits + 31) / 32;
	block = (limbs * 4 + 8 + 15) / 16 * 16;
	if (block < 32)
		block = 32;
	return (sizeof(sa_big) + block) * (engine == SA_ENGINE_STEPS ? 2 : 1);
}

/* PLAN->bytes += COUNT * EACH, saturating at UINT64_MAX. */
static void
add_bytes(sa_census_plan *plan, uint64_t count, uint64_t each)
{
	if (each != 0 && count > (UINT64_MAX - plan->bytes) / each)
		plan->bytes = UINT64_MAX;
	else
		plan->bytes += count * each;
}

static int largest_bound(const sa_shuffle *sh, size_t n, uint64_t *k,
    bool *retries);

/*
 * A sharded census (steps.c): each rank holds a block of leading cards,
 * the first block the largest, and keeps buffers for a round of terms
 * besides (sa_shard_round), 24 bytes each to sort and 16 to send, and
 * room for what every other rank may send it in a round, 16 bytes a
 * term.  A step whose
 * draws can swap position 0 with V sends, from a rank of C cards, every
 * non-zero count whose card at V is in another block: at most C (n - C)
 * (n-2)! of them for each such V, and no more than the runs of the steps
 * before can reach; 16 bytes each.
 */
static void
shard_plan(const sa_shuffle *sh, size_t n, unsigned ranks,
    sa_census_plan *plan)
{
	uint64_t lo, hi, cards, per, reach = 1;
	size_t steps = sh->steps(sh, n);

	sa_census_shard(n, ranks, 0, &lo, &hi);
	cards = (hi - lo) / sa_factorial(n - 1);
	per = cards * (n - cards) * sa_factorial(n - 2) * 16;
	add_bytes(plan, sa_shard_round(n, ranks), 24 + 16 * (uint64_t)ranks);
	plan->exchanged = plan->exchanged_total = 0;
	plan->exchanges = 0;
	for (size_t s = 0; s < steps; s++) {
		sa_step st = { 0, 0, 0, SA_STEP_SWAP };
		uint64_t swaps, sent, total;

		sh->step(sh, n, s, &st);
		total = sa_step_total(&st, n);
		swaps = sa_step_swaps0(&st, n);
		sent = swaps * (reach < per / 16 ? reach * 16 : per);
		reach = total != 0 && reach > UINT64_MAX / total ? UINT64_MAX :
		    reach * total;
		if (swaps == 0)
			continue;
		plan->exchanges++;
		plan->exchanged_total += sent;
		if (sent > plan->exchanged)
			plan->exchanged = sent;
	}
}

double
sa_census_plan_seconds(const sa_census_plan *plan, double gbits)
{
	return gbits > 0 ? (double)plan->exchanged_total * 8 / (gbits * 1e9) :
	    0;
}

/*
 * Whether the reduction RED's counts can be weighed for SH on N cards:
 * draws below at most SA_REDUCE_MAX_K, and no step that retries (whose
 * chance depends on the cards left) for the step engine.
 */
static bool
weighable(const sa_shuffle *sh, size_t n, const sa_reduce *red,
    enum sa_engine engine)
{
	uint64_t k;
	bool retries;

	if (red->method == SA_REDUCE_NONE || engine == SA_ENGINE_CLOSED)
		return true;
	if (largest_bound(sh, n, &k, &retries) != SA_OK)
		return true;	/* out of memory: the run will say */
	return k <= SA_REDUCE_MAX_K && !(retries &&
	    engine == SA_ENGINE_STEPS);
}

static int
plan_one(const sa_shuffle *sh, size_t n, const sa_census_opts *opts,
    sa_census_plan *plan)
{
	sa_census_opts dflt;
	sa_reduce red;
	int status;

	memset(&dflt, 0, sizeof dflt);
	if (opts == NULL)
		opts = &dflt;
	memset(plan, 0, sizeof *plan);
	plan->n = n;
	plan->max_bytes = opts->max_bytes;
	plan->max_what = "the limit asked for";
	if (plan->max_bytes == 0)
		plan->max_bytes = sa_memory_available(&plan->max_what);
	if (plan->max_bytes == 0)
		plan->max_bytes = UINT64_MAX;
	if (sh == NULL || sh->run == NULL || n == 0 ||
	    (sh->max_cards != 0 && n > sh->max_cards))
		return SA_EINVAL;
	/* The reduction the run will use: the caller's, or the shuffle's own. */
	red = sa_reduce_settle(sh, &opts->reduce);
	if ((status = choose_engine(sh, opts, &red, plan)) != SA_OK)
		return status;
	if (!weighable(sh, n, &red, plan->engine))
		return SA_EINVAL;
	plan->orderings = sa_factorial(n);
	if (plan->orderings == 0)
		return SA_EOVERFLOW;
	plan->ranks = opts->comm != NULL ? opts->comm->size : opts->ranks;
	if (sa_shard_splits(plan->ranks, n, plan->engine, &red)) {
		uint64_t lo, hi;

		sa_census_shard(n, plan->ranks, 0, &lo, &hi);
		add_bytes(plan, hi - lo, per_ordering(sh, n, opts, &red,
		    plan->engine));
		shard_plan(sh, n, plan->ranks, plan);
	} else {
		plan->ranks = 1;
		add_bytes(plan, plan->orderings, per_ordering(sh, n, opts, &red,
		    plan->engine));
	}
	if (plan->engine == SA_ENGINE_REPLAY)
		add_bytes(plan, opts->max_draws ? opts->max_draws :
		    SA_CENSUS_MAX_DRAWS, 2 * sizeof(uint64_t));
	add_bytes(plan, 1, opts->extra_bytes);
	add_bytes(plan, plan->orderings, opts->extra_per_ordering);
	if (plan->bytes > plan->max_bytes || plan->bytes > SIZE_MAX ||
	    plan->bytes == UINT64_MAX)
		return SA_ETOOBIG;
	if (plan->engine == SA_ENGINE_STEPS || plan->engine == SA_ENGINE_WALK)
		return sa_step_runs(sh, n, &plan->runs);
	return SA_OK;
}

void
sa_format_bytes(uint64_t bytes, char *buf, size_t size)
{
	static const char *const unit[] = { "bytes", "KiB", "MiB", "GiB",
	    "TiB", "PiB", "EiB" };
	int u = 0;
	uint64_t whole = bytes, tenths = 0;

	while (whole >= 1024 && u < 6) {
		tenths = (whole % 1024) * 10 / 1024;
		whole /= 1024;
		u++;
	}
	if (u == 0)
		snprintf(buf, size, "%llu bytes", (unsigned long long)bytes);
	else
		snprintf(buf, size, "%llu.%llu %s", (unsigned long long)whole,
		    (unsigned long long)tenths, unit[u]);
}

/*
 * Why the census of SH on N cards under OPTS was refused with STATUS,
 * into PLAN->why: the limit that binds, and the figure.
 */
static void
plan_why(const sa_shuffle *sh, size_t n, const sa_census_opts *opts,
    int status, sa_census_plan *plan)
{
	sa_census_opts dflt;
	sa_reduce red;
	char need[32], have[32];

	memset(&dflt, 0, sizeof dflt);
	if (opts == NULL)
		opts = &dflt;
	red = sa_reduce_settle(sh, &opts->reduce);
	switch (status) {
	case SA_OK:
		plan->why[0] = '\0';
		break;
	case SA_EOVERFLOW:
		if (plan->orderings == 0)
			snprintf(plan->why, sizeof plan->why, "%zu! orderings do "
			    "not fit in 64 bits, and a census tallies every one "
			    "(it can count up to %zu cards)", n, plan->fits);
		else
			snprintf(plan->why, sizeof plan->why, "the %s shuffle's "
			    "runs do not fit in 64 bits", sh->name);
		break;
	case SA_ETOOBIG:
		sa_format_bytes(plan->bytes, need, sizeof need);
		sa_format_bytes(plan->max_bytes, have, sizeof have);
		if (plan->bytes == UINT64_MAX)
			snprintf(plan->why, sizeof plan->why, "the tally of %llu "
			    "orderings needs more memory than 64 bits can count "
			    "(it can count up to %zu cards)",
			    (unsigned long long)plan->orderings, plan->fits);
		else
			snprintf(plan->why, sizeof plan->why, "the tally of %llu "
			    "orderings needs about %s of memory%s, more than "
			    "the %s left under %s (it can count up to %zu cards)",
			    (unsigned long long)plan->orderings, need,
			    plan->ranks > 1 ? " a rank" : "", have,
			    plan->max_what, plan->fits);
		if (plan->ranks_needed > 0) {
			size_t len = strlen(plan->why);

			sa_format_bytes(plan->rank_bytes, need, sizeof need);
			snprintf(plan->why + len, sizeof plan->why - len, "; "
			    "split by leading card over %u ranks with as much "
			    "memory each, it takes about %s a rank (census "
			    "--plan --ranks %u)", plan->ranks_needed, need,
			    plan->ranks_needed);
		}
		break;
	case SA_EINVAL:
		if (sh == NULL || sh->run == NULL || n == 0)
			snprintf(plan->why, sizeof plan->why, "%s",
			    sa_strerror(status));
		else if (sh->max_cards != 0 && n > sh->max_cards)
			snprintf(plan->why, sizeof plan->why, "the %s shuffle "
			    "takes at most %zu cards", sh->name, sh->max_cards);
		else if ((opts->engine == SA_ENGINE_STEPS || opts->engine ==
		    SA_ENGINE_WALK) && (sh->steps == NULL || sh->step == NULL))
			snprintf(plan->why, sizeof plan->why, "the %s shuffle "
			    "has no step form", sh->name);
		else if (opts->engine == SA_ENGINE_WALK)
			snprintf(plan->why, sizeof plan->why, "the walk counts "
			    "plain draws only, not words reduced by %s:%u (steps "
			    "and replay weigh them)", sa_reduce_name(red.method),
			    red.bits);
		else if (opts->engine == SA_ENGINE_CLOSED)
			snprintf(plan->why, sizeof plan->why, "the %s shuffle "
			    "has no closed form%s", sh->name,
			    red.method != SA_REDUCE_NONE ? " under a reduction" :
			    "");
		else if (red.method != SA_REDUCE_NONE)
			snprintf(plan->why, sizeof plan->why, "--reduce cannot "
			    "weigh the %s shuffle's draws (it weighs draws below "
			    "at most %d, and no retries)", sh->name,
			    SA_REDUCE_MAX_K);
		else
			snprintf(plan->why, sizeof plan->why, "%s",
			    sa_strerror(status));
		break;
	default:
		snprintf(plan->why, sizeof plan->why, "%s", sa_strerror(status));
		break;
	}
}

static int
plan_for(const sa_shuffle *sh, size_t n,
    const sa_census_opts *opts, sa_census_plan *plan)
{
	sa_census_plan smaller;
	sa_census_opts limited;
	int status = plan_one(sh, n, opts, plan), got;

	if (status != SA_ETOOBIG && (status != SA_EOVERFLOW ||
	    plan->orderings != 0))
		return status;
	memset(&limited, 0, sizeof limited);
	if (opts != NULL)
		limited = *opts;
	limited.max_bytes = plan->max_bytes;
	/* The fewest ranks with as much memory each that would hold it. */
	limited.comm = NULL;
	for (unsigned p = plan->ranks + 1; status == SA_ETOOBIG &&
	    plan->engine == SA_ENGINE_STEPS && p <= n; p++) {
		limited.ranks = p;
		if (plan_one(sh, n, &limited, &smaller) == SA_OK &&
		    smaller.ranks == p) {
			plan->ranks_needed = p;
			plan->rank_bytes = smaller.bytes;
			break;
		}
	}
	limited.ranks = opts == NULL ? 0 : opts->comm != NULL ?
	    opts->comm->size : opts->ranks;
	/* The most cards that fit under the same limit, found once. */
	for (plan->fits = 0; plan->fits + 1 < n; plan->fits++) {
		got = plan_one(sh, plan->fits + 1, &limited, &smaller);
		if (got == SA_ETOOBIG || got == SA_EOVERFLOW)
			break;
	}
	return status;
}

int
sa_census_plan_for(const sa_shuffle *sh, size_t n,
    const sa_census_opts *opts, sa_census_plan *plan)
{
	int status = plan_for(sh, n, opts, plan);

	plan_why(sh, n, opts, status, plan);
	return status;
}

/*
 * The largest bound SH asks for on N cards into *K, and whether it draws
 * again for a value it has had (a step that retries) into *RETRIES: from
 * the step form, else from one run answered by xoshiro256** from a fixed
 * seed, followed for at most SA_CENSUS_MAX_DRAWS draws (the bounds of
 * every shuffle without a step form here do not hang on the answers).
 */
static int
largest_bound(const sa_shuffle *sh, size_t n, uint64_t *k, bool *retries)
{
	sa_xoshiro256 g;
	sa_script s;
	uint64_t *val, *bound;
	unsigned *deck;
	int status = SA_OK;

	*k = 0;
	*retries = false;
	if (sh->steps != NULL && sh->step != NULL) {
		size_t steps = sh->steps(sh, n);

		/*
		 * No step draws below more than N (sa_step_runs holds them
		 * to it), so past 2^16 steps (swaps:M) N stands for them.
		 */
		if (steps > 65536) {
			sa_step st = { 0, 0, 0, SA_STEP_SWAP };

			sh->step(sh, n, 0, &st);
			*k = n;
			*retries = st.kind == SA_STEP_PICK;
			return SA_OK;
		}
		for (size_t i = 0; i < steps; i++) {
			sa_step st = { 0, 0, 0, SA_STEP_SWAP };

			sh->step(sh, n, i, &st);
			*k = st.count > *k ? st.count : *k;
			*retries = *retries || st.kind == SA_STEP_PICK;
		}
		return SA_OK;
	}
	val = malloc(SA_CENSUS_MAX_DRAWS * sizeof *val);
	bound = malloc(SA_CENSUS_MAX_DRAWS * sizeof *bound);
	deck = malloc((n ? n : 1) * sizeof *deck);
	if (val == NULL || bound == NULL || deck == NULL) {
		status = SA_ENOMEM;
		goto out;
	}
	sa_xoshiro256_init(&g, 1, 0);
	sa_script_init(&s, SA_SCRIPT_SOURCE, val, bound, SA_CENSUS_MAX_DRAWS,
	    0);
	s.source = &g.base;
	s.cut = true;
	for (size_t i = 0; i < n; i++)
		deck[i] = (unsigned)i;
	sa_script_rewind(&s);
	if (setjmp(s.abort) == 0)
		sh->run(sh, deck, n, &s.base);
	for (size_t i = 0; i < s.len; i++)
		*k = bound[i] > *k ? bound[i] : *k;
out:
	free(val);
	free(bound);
	free(deck);
	return status;
}

/* The fewest bits B with 2^B at least K (K - 1 words: SCALE's). */
static unsigned
bits_for(uint64_t k, bool scale)
{
	unsigned b = 1;

	while (b < 64 && (UINT64_C(1) << b) - (scale ? 1 : 0) < k)
		b++;
	return b;
}

int
sa_reduce_check(const sa_shuffle *sh, size_t n, const sa_reduce *r,
    sa_reduce_refusal *why)
{
	sa_reduce red = *r;
	uint64_t k, reached;
	bool retries, scale;
	int status;

	memset(why, 0, sizeof *why);
	red = sa_reduce_settle(sh, &red);
	if (red.method == SA_REDUCE_NONE)
		return SA_OK;
	if ((status = largest_bound(sh, n, &k, &retries)) != SA_OK)
		return status;
	scale = red.method == SA_REDUCE_SCALE;
	why->bound = k;
	why->reduce = red;
	why->bits_needed = bits_for(k, scale);
	if (!sa_reduce_reaches(&red, k)) {
		if (!scale)
			snprintf(why->text, sizeof why->text, "the %s shuffle "
			    "asked for a draw below %llu, which %u-bit words "
			    "cannot make by %s (every word would be thrown back); "
			    "give at least %u bits", sh->name,
			    (unsigned long long)k, red.bits,
			    sa_reduce_name(red.method), why->bits_needed);
		if (scale)
			snprintf(why->text, sizeof why->text, "the %s shuffle "
			    "asked for a draw below %llu, more values than the "
			    "2^%u - 1 words scaled; give at least %u bits",
			    sh->name, (unsigned long long)k, red.bits,
			    why->bits_needed);
		return SA_ERANGE;
	}
	/*
	 * Words that reach only some of the values below K are a bias for
	 * most shuffles, and counted as one; but a shuffle that draws again
	 * until a value is new would wait for ever on one they never make.
	 */
	reached = red.bits >= 64 || k <= UINT64_C(1) << red.bits ? k :
	    UINT64_C(1) << red.bits;
	if (retries && reached < k) {
		why->loops = true;
		snprintf(why->text, sizeof why->text, "the %s shuffle draws "
		    "again until it finds a card not yet placed, and %u-bit "
		    "words by %s make only %llu of the %llu values of a draw "
		    "below %llu, so a run would never end; give at least %u "
		    "bits", sh->name, red.bits, sa_reduce_name(red.method),
		    (unsigned long long)reached, (unsigned long long)k,
		    (unsigned long long)k, why->bits_needed);
		return SA_ERANGE;
	}
	return SA_OK;
}
