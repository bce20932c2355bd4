/*
 * plan.c - what a census will take, worked out before it starts: the
 * engine, the reduction, the memory, and the runs of the step form.
 */
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
	red = opts->reduce;
	if (red.method == SA_REDUCE_NONE)
		sa_shuffle_reduce(sh, &red);
	if ((status = choose_engine(sh, opts, &red, plan)) != SA_OK)
		return status;
	plan->orderings = sa_factorial(n);
	if (plan->orderings == 0)
		return SA_EOVERFLOW;
	add_bytes(plan, plan->orderings, per_ordering(sh, n, opts, &red,
	    plan->engine));
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

int
sa_census_plan_for(const sa_shuffle *sh, size_t n,
    const sa_census_opts *opts, sa_census_plan *plan)
{
	sa_census_plan smaller;
	sa_census_opts limited;
	int status = plan_one(sh, n, opts, plan);

	if (status != SA_ETOOBIG)
		return status;
	/* The most cards that fit under the same limit, found once. */
	memset(&limited, 0, sizeof limited);
	if (opts != NULL)
		limited = *opts;
	limited.max_bytes = plan->max_bytes;
	for (plan->fits = 0; plan->fits + 1 < n; plan->fits++)
		if (plan_one(sh, plan->fits + 1, &limited, &smaller) ==
		    SA_ETOOBIG)
			break;
	return status;
}
