/*
 * foretell.c - how long a census will take on this machine: censuses of
 * fewer cards timed here, scaled by the work the engine will do, which
 * is known before it starts (the step engine's steps, the walk's runs).
 */
#include <stdio.h>
#include <string.h>

#include "shuffle_audit.h"
#include "internal.h"

/* A census of up to this many cards is timed itself. */
#define TIMED_ITSELF 6

/* The time a census timed for the forecast may take, in seconds. */
#define TIMED_BUDGET 0.5

/* The work of a census of SH on N cards by ENGINE, or 0 when unknown. */
static double
work_of(const sa_shuffle *sh, size_t n, enum sa_engine engine)
{
	uint64_t runs;

	if (engine == SA_ENGINE_STEPS)
		return sa_engine_steps_work(sh, n, sa_factorial(n));
	if (engine == SA_ENGINE_WALK && sa_step_runs(sh, n, &runs) == SA_OK)
		return (double)runs;
	return 0;
}

/* A census of SH on M cards under O, timed into *SECONDS. */
static int
timed(const sa_shuffle *sh, size_t m, const sa_census_opts *o,
    double *seconds)
{
	sa_census *c = NULL;
	double start = sa_clock();
	int status = sa_census_run(sh, m, o, &c);

	*seconds = sa_clock() - start;
	sa_census_free(c);
	return status;
}

int
sa_census_foretell(const sa_shuffle *sh, size_t n,
    const sa_census_opts *opts, sa_census_forecast *f)
{
	static const sa_census_opts none;
	sa_census_plan plan;
	sa_census_opts o = opts != NULL ? *opts : none;
	double work, at, next, took;
	size_t m;
	int status;

	memset(f, 0, sizeof *f);
	f->seconds = -1;
	o.progress = NULL;
	o.progress_ctx = NULL;
	o.plan = NULL;
	o.limit = NULL;
	status = sa_census_plan_for(sh, n, &o, &plan);
	if (status != SA_OK) {
		snprintf(f->why, sizeof f->why, "%s", plan.why);
		return status;
	}
	o.engine = plan.engine;
	work = work_of(sh, n, plan.engine);
	if (n <= TIMED_ITSELF) {
		status = timed(sh, n, &o, &took);
		if (status == SA_OK) {
			f->seconds = f->timed_seconds = took;
			f->timed_n = n;
		}
		return status;
	}
	if (work <= 0) {
		snprintf(f->why, sizeof f->why, "%s", plan.engine ==
		    SA_ENGINE_CLOSED ? "the shuffle's own formula: no walk "
		    "whose work a smaller census measures" : "the replay "
		    "engine's runs are known only as it walks them");
		return SA_EINVAL;
	}
	/*
	 * Up from TIMED_ITSELF cards while the next census is foretold to
	 * stay within the budget, or within a 30th of the whole: the
	 * nearest size, whose tables stand in memory as the census's will,
	 * foretells it best.
	 */
	m = TIMED_ITSELF;
	status = timed(sh, m, &o, &took);
	while (status == SA_OK && m + 1 < n) {
		at = work_of(sh, m, plan.engine);
		next = at > 0 ? took * work_of(sh, m + 1, plan.engine) / at : 0;
		if (next <= 0 || (next > TIMED_BUDGET &&
		    next > took * work / at / 30))
			break;
		m++;
		status = timed(sh, m, &o, &took);
	}
	if (status != SA_OK)
		return status;
	at = work_of(sh, m, plan.engine);
	f->timed_n = m;
	f->timed_seconds = took;
	f->seconds = at > 0 ? took * work / at : took;
	return SA_OK;
}
