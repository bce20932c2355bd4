/*
 * layers.c - the census by layers, for code that draws by rejection and
 * so has infinitely many runs (see the header for the argument).
 *
 * The walk is the replay engine's odometer with the cap at the depth: a
 * run that asks for one draw more is cut, and its prefix's probability
 * goes to the remainder.  A finished run goes to the layer of runs with
 * its probability 1/D, D the product of its draws' bounds.  Nearly
 * always every draw of a run has the same bound (raw words of one width,
 * or the built-in rejection shuffle's draws below n), so a layer is found
 * by that bound and the number of draws; otherwise D is worked out and
 * compared exactly.
 *
 * The place of a real among the run's earlier reals in its cell (a draw
 * recorded with SA_PLACE_DRAW) is part of the real, not a draw of its
 * own: D leaves it out, and a run with place draws of bounds p1, p2, ...
 * counts 1/(p1 p2 ...) in its layer.  So a layer's counts are in units of
 * 1/SCALE of a run of probability 1/D, SCALE a common multiple of those
 * products (1 for code whose reals never tie), and the code's reals are
 * judged as independent uniform reals would be, layer by layer.
 */
#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "shuffle_audit.h"
#include "internal.h"
#include "shuffle_audit_audit.h"

/*
 * Runs (or unfinished prefixes) of one probability, 1/DEN, reals' places
 * left out; after sa_layers_finish, DEN is that times SCALE, the
 * probability of one count.
 */
struct layer {
	uint64_t base;		/* every draw's bound, or 0 when they differ */
	size_t draws;		/* draws of each, when BASE is not 0 */
	sa_big den;
	uint64_t scale;		/* counts are in 1/SCALE of a run; 0: none yet */
	uint64_t runs;		/* the runs (or prefixes) themselves */
	uint64_t units;		/* the remainder's: its prefixes, weighed */
	uint64_t *tally;	/* N! counts; NULL for the remainder's */
	sa_layer sum;		/* its summary, once the walk is done */
	sa_big factor;		/* COMMON / DEN */
};

struct list {
	struct layer *at;
	size_t count, cap;
};

struct sa_layers {
	sa_layers_info info;
	struct list done;	/* the layers, most probable first */
	struct list rest;	/* the remainder, by probability */
	sa_big common;		/* a common multiple of every DEN */
	sa_big rest_num;	/* the remainder times COMMON */
	sa_big scratch;
	uint64_t max_layers;	/* as many tallies as memory allows */
	uint64_t next_cut;	/* what the prefixes become one draw deeper */
};

static void
list_free(struct list *l)
{
	for (size_t i = 0; i < l->count; i++) {
		sa_big_free(&l->at[i].den);
		sa_big_free(&l->at[i].factor);
		free(l->at[i].tally);
	}
	free(l->at);
	memset(l, 0, sizeof *l);
}

void
sa_layers_free(sa_layers *l)
{
	if (l == NULL)
		return;
	list_free(&l->done);
	list_free(&l->rest);
	sa_big_free(&l->common);
	sa_big_free(&l->rest_num);
	sa_big_free(&l->scratch);
	free(l);
}

/*
 * The bound every one of the NDRAWS draws had, place draws left out, or
 * 0; their number into *DRAWS and the product of the place draws' bounds
 * into *PLACES (0 when it passes 64 bits).
 */
static uint64_t
common_bound(const uint64_t *bounds, size_t ndraws, size_t *draws,
    uint64_t *places)
{
	uint64_t base = 1;

	*draws = 0;
	*places = 1;
	for (size_t i = 0; i < ndraws; i++) {
		uint64_t b = sa_bound_of(bounds[i]);

		if (bounds[i] & SA_PLACE_DRAW) {
			*places = *places > UINT64_MAX / b ? 0 : *places * b;
			continue;
		}
		if (*draws == 0)
			base = b;
		else if (b != base)
			base = 0;
		++*draws;
	}
	return base;
}

/*
 * The entry of LIST for runs of probability 1/DEN (BASE^DRAWS when BASE
 * is not 0), made when there is none (with a tally of ORDERINGS counts
 * when ORDERINGS is not 0); NULL when memory runs out or the layers
 * would pass the memory allowed.
 */
static struct layer *
lookup(sa_layers *l, struct list *list, uint64_t base, size_t draws,
    const sa_big *den, uint64_t orderings)
{
	struct layer *e;

	for (size_t i = 0; i < list->count; i++)
		if (sa_big_cmp(&list->at[i].den, den) == 0)
			return &list->at[i];
	if (orderings != 0 && list->count >= l->max_layers)
		return NULL;
	if (list->count == list->cap) {
		size_t cap = list->cap ? 2 * list->cap : 8;
		struct layer *at = realloc(list->at, cap * sizeof *at);

		if (at == NULL)
			return NULL;
		list->at = at;
		list->cap = cap;
	}
	e = &list->at[list->count];
	memset(e, 0, sizeof *e);
	if (orderings != 0 &&
	    (e->tally = calloc(orderings, sizeof *e->tally)) == NULL)
		return NULL;
	if (sa_big_copy(&e->den, den) != SA_OK) {
		free(e->tally);
		return NULL;
	}
	e->base = base;
	e->draws = draws;
	list->count++;
	return e;
}

/*
 * The entry of LIST for a run with these bounds (as lookup does); the
 * product of its place draws' bounds into *PLACES (0: past 64 bits).
 */
static struct layer *
find(sa_layers *l, struct list *list, const uint64_t *bounds, size_t ndraws,
    uint64_t orderings, uint64_t *places)
{
	size_t draws;
	uint64_t base = common_bound(bounds, ndraws, &draws, places);

	/* Nearly always found by its bound, with no arithmetic. */
	for (size_t i = 0; i < list->count; i++)
		if (base != 0 && list->at[i].base == base &&
		    list->at[i].draws == draws)
			return &list->at[i];
	if (sa_big_set_u64(&l->scratch, 1) != SA_OK)
		return NULL;
	for (size_t i = 0; i < ndraws; i++)
		if (!(bounds[i] & SA_PLACE_DRAW) &&
		    sa_big_mul_u64(&l->scratch, bounds[i]) != SA_OK)
			return NULL;
	return lookup(l, list, base, draws, &l->scratch, orderings);
}

/*
 * E's counts in 1/TO of a run instead of 1/E->SCALE (TO a multiple of
 * it); false when one would pass 64 bits.
 */
static bool
rescale(struct layer *e, uint64_t to, uint64_t orderings)
{
	uint64_t f = e->scale == 0 ? 1 : to / e->scale;

	if (f > 1) {
		if (e->units > UINT64_MAX / f)
			return false;
		e->units *= f;
		for (uint64_t r = 0; e->tally != NULL && r < orderings; r++) {
			if (e->tally[r] > UINT64_MAX / f)
				return false;
			e->tally[r] *= f;
		}
	}
	e->scale = to;
	return true;
}

/*
 * The counts a run whose place draws' bounds multiply to PLACES adds to
 * E, E's scale grown to a multiple of PLACES first: 0 when a count
 * would pass 64 bits.
 */
static uint64_t
weigh(struct layer *e, uint64_t places, uint64_t orderings)
{
	uint64_t to;

	if (places == 0)
		return 0;
	if (e->scale == 0 || e->scale % places != 0) {
		to = e->scale == 0 ? places : e->scale / sa_gcd(e->scale,
		    places);
		if (e->scale != 0 && to > UINT64_MAX / places)
			return 0;
		if (e->scale != 0)
			to *= places;
		if (!rescale(e, to, orderings))
			return 0;
	}
	return e->scale / places;
}

static int
finished(void *ctx, const unsigned *deck, size_t n, const uint64_t *draws,
    const uint64_t *bounds, size_t ndraws)
{
	sa_layers *l = ctx;
	uint64_t places, w, *t;
	struct layer *e = find(l, &l->done, bounds, ndraws,
	    l->info.orderings, &places);

	(void)draws;
	if (e == NULL)
		return l->done.count >= l->max_layers ? SA_ETOOBIG : SA_ENOMEM;
	if ((w = weigh(e, places, l->info.orderings)) == 0)
		return SA_EOVERFLOW;
	t = &e->tally[sa_perm_rank(deck, n)];
	if (*t > UINT64_MAX - w)
		return SA_EOVERFLOW;
	*t += w;
	e->runs++;
	l->info.runs++;
	return SA_OK;
}

static int
unfinished(void *ctx, const uint64_t *bounds, size_t ndraws, uint64_t next)
{
	sa_layers *l = ctx;
	uint64_t places, w;
	struct layer *e = find(l, &l->rest, bounds, ndraws, 0, &places);

	if (e == NULL)
		return SA_ENOMEM;
	if ((w = weigh(e, places, 0)) == 0 || e->units > UINT64_MAX - w)
		return SA_EOVERFLOW;
	e->units += w;
	e->runs++;
	l->info.unfinished++;
	/* One draw deeper, this prefix is NEXT runs or prefixes. */
	l->next_cut = next > UINT64_MAX - l->next_cut ? UINT64_MAX :
	    l->next_cut + next;
	return SA_OK;
}

/* The shuffle with its draws made from raw words by a reduction. */
struct reduced {
	const sa_shuffle *inner;
	sa_reduce reduce;
};

static void
reduced_run(const sa_shuffle *self, unsigned *deck, size_t n, sa_oracle *o)
{
	const struct reduced *w = self->ctx;
	sa_reducer red;

	sa_reducer_init(&red, &w->reduce, o);
	w->inner->run(w->inner, deck, n, &red.base);
	if (red.err != SA_OK)
		sa_oracle_break(o, SA_ERANGE);	/* a draw it could not make */
}

/* A before B: the more probable layer (the smaller D) first. */
static int
by_den(const void *a, const void *b)
{
	return sa_big_cmp(&((const struct layer *)a)->den,
	    &((const struct layer *)b)->den);
}

/* COMMON = lcm of every DEN, each FACTOR = COMMON / DEN. */
static int
common_multiple(sa_layers *l)
{
	struct list *lists[2] = { &l->done, &l->rest };
	sa_big g, q;
	int status = sa_big_set_u64(&l->common, 1);

	sa_big_init(&g);
	sa_big_init(&q);
	for (int k = 0; k < 2 && status == SA_OK; k++)
		for (size_t i = 0; i < lists[k]->count && status == SA_OK; i++) {
			const sa_big *d = &lists[k]->at[i].den;

			/* lcm(C, d) = C / gcd(C, d) * d */
			status = sa_big_gcd(&g, &l->common, d);
			if (status == SA_OK)
				status = sa_big_divmod(&q, NULL, &l->common, &g);
			if (status == SA_OK)
				status = sa_big_mul(&l->common, &q, d);
		}
	for (int k = 0; k < 2 && status == SA_OK; k++)
		for (size_t i = 0; i < lists[k]->count && status == SA_OK; i++)
			status = sa_big_divmod(&lists[k]->at[i].factor, NULL,
			    &l->common, &lists[k]->at[i].den);
	/* The remainder over COMMON. */
	if (status == SA_OK)
		status = sa_big_set_u64(&l->rest_num, 0);
	for (size_t i = 0; i < l->rest.count && status == SA_OK; i++) {
		status = sa_big_copy(&q, &l->rest.at[i].factor);
		if (status == SA_OK)
			status = sa_big_mul_u64(&q, l->rest.at[i].units);
		if (status == SA_OK)
			status = sa_big_add(&l->rest_num, &q);
	}
	sa_big_free(&g);
	sa_big_free(&q);
	return status;
}

/* Each layer's summary: reached, largest and smallest, uniform. */
static void
summarize(sa_layers *l)
{
	uint64_t orderings = l->info.orderings;

	for (size_t i = 0; i < l->done.count; i++) {
		struct layer *e = &l->done.at[i];
		sa_layer *s = &e->sum;

		/* A run of BASE^-DRAWS is one count only when no real tied. */
		s->draws = e->base != 0 ? e->draws : 0;
		s->base = e->scale == 1 ? e->base : 0;
		s->runs = e->runs;
		s->min = UINT64_MAX;
		for (uint64_t r = 0; r < orderings; r++) {
			uint64_t t = e->tally[r];

			s->reached += t != 0;
			s->max = t > s->max ? t : s->max;
			s->min = t < s->min ? t : s->min;
		}
		s->uniform = s->max == s->min;
	}
}

/* NUM = the counted probability of rank R, times COMMON. */
static int
counted(const sa_layers *l, uint64_t r, sa_big *num, sa_big *t)
{
	int status = sa_big_set_u64(num, 0);

	for (size_t i = 0; i < l->done.count && status == SA_OK; i++) {
		if (l->done.at[i].tally[r] == 0)
			continue;
		status = sa_big_copy(t, &l->done.at[i].factor);
		if (status == SA_OK)
			status = sa_big_mul_u64(t, l->done.at[i].tally[r]);
		if (status == SA_OK)
			status = sa_big_add(num, t);
	}
	return status;
}

/*
 * Every layer uniform: fair when the remainder R is at most the bound,
 * 2^-SA_LAYERS_FAIR_BITS / n! (R n! 2^BITS <= 1, that is REST_NUM n!
 * 2^BITS <= COMMON), else the depth decides.
 */
static int
judge_uniform(sa_layers *l)
{
	sa_big t, p, q;
	int status;

	sa_big_init(&t);
	sa_big_init(&p);
	sa_big_init(&q);
	status = sa_big_copy(&t, &l->rest_num);
	if (status == SA_OK)
		status = sa_big_mul_u64(&t, l->info.orderings);
	if (status == SA_OK)
		status = sa_big_pow2(&p, SA_LAYERS_FAIR_BITS);
	if (status == SA_OK)
		status = sa_big_mul(&q, &t, &p);
	if (status == SA_OK)
		l->info.verdict = sa_big_cmp(&q, &l->common) <= 0 ?
		    SA_LAYERS_FAIR : SA_LAYERS_DEPTH;
	sa_big_free(&t);
	sa_big_free(&p);
	sa_big_free(&q);
	return status;
}

/*
 * The verdict: proven unfair when an ordering's counted probability is
 * above 1/n! (num n! > COMMON) or its most possible is below it ((num +
 * remainder) n! < COMMON); else uneven when a layer is; else fair, or
 * the depth decides (judge_uniform).
 */
static int
judge(sa_layers *l)
{
	sa_layers_info *in = &l->info;
	sa_big num, t;
	int status = SA_OK;

	in->verdict = SA_LAYERS_FAIR;
	for (size_t i = 0; i < l->done.count; i++) {
		if (!l->done.at[i].sum.uniform) {
			in->verdict = SA_LAYERS_UNEVEN;
			in->uneven = i;
			break;
		}
	}
	if (in->verdict == SA_LAYERS_FAIR)
		return judge_uniform(l);	/* nothing to prove unfair */
	sa_big_init(&num);
	sa_big_init(&t);
	for (uint64_t r = 0; r < in->orderings && status == SA_OK; r++) {
		status = counted(l, r, &num, &t);
		if (status == SA_OK)
			status = sa_big_mul_u64(&num, in->orderings);
		if (status == SA_OK && sa_big_cmp(&num, &l->common) > 0) {
			in->verdict = SA_LAYERS_UNFAIR;
			in->witness = r;
			in->above = true;
			break;
		}
		if (status == SA_OK)
			status = sa_big_copy(&t, &l->rest_num);
		if (status == SA_OK)
			status = sa_big_mul_u64(&t, in->orderings);
		if (status == SA_OK)
			status = sa_big_add(&num, &t);
		if (status == SA_OK && sa_big_cmp(&num, &l->common) < 0) {
			in->verdict = SA_LAYERS_UNFAIR;
			in->witness = r;
			in->above = false;
			break;
		}
	}
	sa_big_free(&num);
	sa_big_free(&t);
	return status;
}

/* The options checked, the reduction settled, the memory bounded. */
static int
prepare(const sa_shuffle *sh, size_t n, const sa_layers_opts *opts,
    sa_layers *l)
{
	uint64_t max_bytes = opts->max_bytes ? opts->max_bytes :
	    sa_memory_available(NULL);

	l->info.shuffle = sh;
	l->info.n = n;
	l->info.depth = opts->depth ? opts->depth : 16;
	l->info.reduce = sa_reduce_settle(sh, &opts->reduce);
	if (sh == NULL || sh->run == NULL || n == 0 ||
	    (sh->max_cards != 0 && n > sh->max_cards))
		return SA_EINVAL;
	if (l->info.reduce.method != SA_REDUCE_NONE &&
	    ((l->info.reduce.method != SA_REDUCE_REJECT &&
	    l->info.reduce.method != SA_REDUCE_LEMIRE) ||
	    l->info.reduce.bits > 32))
		return SA_EINVAL;
	if ((l->info.orderings = sa_factorial(n)) == 0)
		return SA_EOVERFLOW;
	/* Every layer a tally of 8 bytes an ordering; at least one layer. */
	if (max_bytes == 0)
		max_bytes = UINT64_MAX;
	l->max_layers = max_bytes / 8 / l->info.orderings;
	return l->max_layers == 0 ? SA_ETOOBIG : SA_OK;
}

int
sa_layers_collect(const sa_shuffle *sh, size_t n, const sa_layers_opts *opts,
    const sa_audit_opts *audit, sa_layers **out)
{
	static const sa_layers_opts dflt;
	struct reduced w;
	sa_shuffle wrapped;
	sa_audit_opts own;
	sa_layers *l;
	int status;

	*out = NULL;
	if ((l = calloc(1, sizeof *l)) == NULL)
		return SA_ENOMEM;
	status = prepare(sh, n, opts ? opts : &dflt, l);
	if (status == SA_OK && l->info.reduce.method != SA_REDUCE_NONE) {
		w.inner = sh;
		w.reduce = l->info.reduce;
		wrapped = *sh;
		wrapped.run = reduced_run;
		wrapped.ctx = &w;
		sh = &wrapped;
	}
	if (audit != NULL)
		own = *audit;
	else
		memset(&own, 0, sizeof own);
	own.cut = unfinished;
	if (opts != NULL && opts->deadline > 0 && own.deadline == 0)
		own.deadline = opts->deadline;
	if (status == SA_OK)
		status = sa_walk_audited(sh, n, l->info.depth, &own, finished,
		    l, NULL, &l->info.placed);
	/* A draw the reduction cannot make (a bound past 2^B). */
	if (status == SA_ERANGE || (status == SA_EBOUND &&
	    l->info.reduce.method != SA_REDUCE_NONE))
		status = SA_EINVAL;
	if (status != SA_OK) {
		sa_layers_free(l);
		return status;
	}
	*out = l;
	return SA_OK;
}

int
sa_layers_merge(sa_layers *into, const sa_layers *from)
{
	const struct list *lists[2] = { &from->done, &from->rest };
	struct list *to[2] = { &into->done, &into->rest };
	uint64_t orderings = into->info.orderings;

	if (into->info.n != from->info.n || into->info.depth !=
	    from->info.depth || into->info.layers != 0)
		return SA_EINVAL;
	for (int k = 0; k < 2; k++)
		for (size_t i = 0; i < lists[k]->count; i++) {
			const struct layer *f = &lists[k]->at[i];
			struct layer *e = lookup(into, to[k], f->base, f->draws,
			    &f->den, k == 0 ? orderings : 0);

			if (e == NULL)
				return k == 0 && to[0]->count >=
				    into->max_layers ? SA_ETOOBIG : SA_ENOMEM;
			/* Both counted in 1/lcm of their scales of a run. */
			if (e->scale != f->scale) {
				uint64_t lcm = e->scale == 0 ? f->scale :
				    e->scale / sa_gcd(e->scale, f->scale);

				if (e->scale != 0 && lcm > UINT64_MAX / f->scale)
					return SA_EOVERFLOW;
				if (e->scale != 0)
					lcm *= f->scale;
				if (!rescale(e, lcm, k == 0 ? orderings : 0))
					return SA_EOVERFLOW;
			}
			uint64_t g = e->scale / f->scale;

			if (f->units > (UINT64_MAX - e->units) / g)
				return SA_EOVERFLOW;
			e->units += f->units * g;
			e->runs += f->runs;
			for (uint64_t r = 0; k == 0 && r < orderings; r++) {
				if (f->tally[r] > (UINT64_MAX - e->tally[r]) / g)
					return SA_EOVERFLOW;
				e->tally[r] += f->tally[r] * g;
			}
		}
	into->info.runs += from->info.runs;
	into->info.unfinished += from->info.unfinished;
	into->info.placed += from->info.placed;
	into->next_cut = from->next_cut > UINT64_MAX - into->next_cut ?
	    UINT64_MAX : into->next_cut + from->next_cut;
	return SA_OK;
}

int
sa_layers_finish(sa_layers *l)
{
	struct list *lists[2] = { &l->done, &l->rest };
	int status = SA_OK;

	/* A count is 1/SCALE of a run of probability 1/DEN. */
	for (int k = 0; k < 2 && status == SA_OK; k++)
		for (size_t i = 0; i < lists[k]->count && status == SA_OK; i++)
			if (lists[k]->at[i].scale > 1)
				status = sa_big_mul_u64(&lists[k]->at[i].den,
				    lists[k]->at[i].scale);
	if (status != SA_OK)
		return status;
	/* (qsort may not be given a NULL array, even of none.) */
	if (l->done.count > 1)
		qsort(l->done.at, l->done.count, sizeof *l->done.at, by_den);
	if (l->rest.count > 1)
		qsort(l->rest.at, l->rest.count, sizeof *l->rest.at, by_den);
	l->info.layers = l->done.count;
	l->info.next_runs = l->next_cut > UINT64_MAX - l->info.runs ?
	    UINT64_MAX : l->info.runs + l->next_cut;
	summarize(l);
	status = common_multiple(l);
	if (status == SA_OK)
		status = judge(l);
	return status;
}

int
sa_layers_run(const sa_shuffle *sh, size_t n, const sa_layers_opts *opts,
    sa_layers **out)
{
	int status = sa_layers_collect(sh, n, opts, NULL, out);

	if (status == SA_OK && (status = sa_layers_finish(*out)) != SA_OK) {
		sa_layers_free(*out);
		*out = NULL;
	}
	return status;
}

/*
 * The packed form: a header of 64-bit words (MAGIC, n, depth, runs,
 * unfinished, the reduction's method and bits, the counts of layers and
 * of the remainder's entries, what the prefixes become a draw deeper),
 * then each entry as base, draws, runs, scale, units, the limbs of D
 * (their count, then each), and a layer's N! counts.
 */
#define PACK_MAGIC UINT64_C(0x5341204c41595232)	/* "SA LAYR2" */
#define PACK_HEAD 10

struct packer {
	uint64_t *at;
	size_t len, cap;
	const unsigned char *in;	/* unpacking: what is left */
	size_t left;
};

static bool
put(struct packer *p, uint64_t v)
{
	if (p->len == p->cap) {
		size_t cap = p->cap ? 2 * p->cap : 256;
		uint64_t *at = realloc(p->at, cap * sizeof *at);

		if (at == NULL)
			return false;
		p->at = at;
		p->cap = cap;
	}
	p->at[p->len++] = v;
	return true;
}

static bool
get(struct packer *p, uint64_t *v)
{
	if (p->left < sizeof *v)
		return false;
	memcpy(v, p->in, sizeof *v);
	p->in += sizeof *v;
	p->left -= sizeof *v;
	return true;
}

static bool
put_list(struct packer *p, const struct list *list, uint64_t orderings)
{
	for (size_t i = 0; i < list->count; i++) {
		const struct layer *e = &list->at[i];

		if (!put(p, e->base) || !put(p, e->draws) || !put(p, e->runs) ||
		    !put(p, e->scale) || !put(p, e->units) ||
		    !put(p, e->den.len))
			return false;
		for (size_t k = 0; k < e->den.len; k++)
			if (!put(p, e->den.limb[k]))
				return false;
		for (uint64_t r = 0; e->tally != NULL && r < orderings; r++)
			if (!put(p, e->tally[r]))
				return false;
	}
	return true;
}

int
sa_layers_pack(const sa_layers *l, unsigned char **buf, size_t *len)
{
	const sa_layers_info *in = &l->info;
	uint64_t head[PACK_HEAD] = { PACK_MAGIC, in->n, in->depth, in->runs,
		in->unfinished, (uint64_t)in->reduce.method, in->reduce.bits,
		l->done.count, l->rest.count, l->next_cut };
	struct packer p = { NULL, 0, 0, NULL, 0 };
	bool ok = true;

	for (size_t i = 0; i < PACK_HEAD && ok; i++)
		ok = put(&p, head[i]);
	ok = ok && put_list(&p, &l->done, in->orderings) &&
	    put_list(&p, &l->rest, 0);
	if (!ok) {
		free(p.at);
		return SA_ENOMEM;
	}
	*buf = (unsigned char *)p.at;
	*len = p.len * sizeof *p.at;
	return SA_OK;
}

/* COUNT entries into LIST of L; SA_EINVAL when the buffer is not right. */
static int
get_list(struct packer *p, sa_layers *l, struct list *list, uint64_t count,
    uint64_t orderings)
{
	sa_big den;
	int status = SA_OK;

	sa_big_init(&den);
	for (uint64_t i = 0; i < count && status == SA_OK; i++) {
		uint64_t base, draws, runs, scale, units, limbs, v;
		struct layer *e;

		status = SA_EINVAL;
		if (!get(p, &base) || !get(p, &draws) || !get(p, &runs) ||
		    !get(p, &scale) || !get(p, &units) || scale == 0 ||
		    !get(p, &limbs) || limbs == 0 || limbs > p->left / 8)
			break;
		/*
		 * A run's chance is 1 over the product of its draws' bounds,
		 * each at most SA_DRAW_MAX (2^32: the oracle fails a bounded
		 * draw past it, a raw word past 32 bits and cells past it;
		 * place draws are left out), times SCALE (one word), and a
		 * run makes at most DEPTH draws: a denominator of more limbs
		 * than one a draw of the depth, and three more, is not one
		 * the command's walk made, and is refused before any work on
		 * it (a forged --depth 4096 with twice that once took merge
		 * minutes to write out).  Its limbs are taken as they are,
		 * in one pass, not by multiplying (quadratic in its length).
		 */
		if (limbs > (uint64_t)l->info.depth + 3 ||
		    draws > l->info.depth || base > SA_DRAW_MAX)
			break;
		if ((size_t)limbs > den.cap) {
			uint32_t *grown = realloc(den.limb, (size_t)limbs *
			    sizeof *grown);

			if (grown == NULL)
				goto out;
			den.limb = grown;
			den.cap = (size_t)limbs;
		}
		for (uint64_t k = 0; k < limbs; k++) {
			memcpy(&v, p->in + 8 * k, sizeof v);
			if (v > UINT32_MAX)
				goto out;
			den.limb[k] = (uint32_t)v;
		}
		den.len = (size_t)limbs;
		while (den.len > 0 && den.limb[den.len - 1] == 0)
			den.len--;
		p->in += 8 * limbs;
		p->left -= 8 * limbs;
		if (den.len != limbs || (orderings != 0 &&
		    orderings > p->left / 8))
			break;
		if ((e = lookup(l, list, base, (size_t)draws, &den,
		    orderings)) == NULL || e->runs != 0) {
			status = e == NULL ? SA_ENOMEM : SA_EINVAL;
			break;
		}
		e->runs = runs;
		e->scale = scale;
		e->units = units;
		for (uint64_t r = 0; r < orderings; r++)
			get(p, &e->tally[r]);
		status = SA_OK;
	}
out:
	sa_big_free(&den);
	return status;
}

int
sa_layers_unpack(const sa_shuffle *sh, const unsigned char *buf, size_t len,
    sa_layers **out)
{
	struct packer p = { NULL, 0, 0, buf, len };
	uint64_t head[PACK_HEAD];
	sa_layers_opts opts;
	sa_layers *l;
	int status;

	*out = NULL;
	for (size_t i = 0; i < PACK_HEAD; i++)
		if (!get(&p, &head[i]))
			return SA_EINVAL;
	if (head[0] != PACK_MAGIC || head[1] == 0 || head[1] > SA_PERM_MAX ||
	    head[2] == 0 || head[5] > SA_REDUCE_LEMIRE || head[6] > 64)
		return SA_EINVAL;
	if ((l = calloc(1, sizeof *l)) == NULL)
		return SA_ENOMEM;
	memset(&opts, 0, sizeof opts);
	opts.depth = (size_t)head[2];
	opts.reduce.method = (enum sa_reduce_method)head[5];
	opts.reduce.bits = (unsigned)head[6];
	status = prepare(sh, (size_t)head[1], &opts, l);
	if (status == SA_OK)
		status = get_list(&p, l, &l->done, head[7], l->info.orderings);
	if (status == SA_OK)
		status = get_list(&p, l, &l->rest, head[8], 0);
	if (status == SA_OK && p.left != 0)
		status = SA_EINVAL;
	if (status != SA_OK) {
		sa_layers_free(l);
		return status;
	}
	l->info.runs = head[3];
	l->info.unfinished = head[4];
	l->next_cut = head[9];
	*out = l;
	return SA_OK;
}

const sa_layers_info *
sa_layers_about(const sa_layers *l)
{
	return &l->info;
}

double
sa_layers_widened_runs(const sa_layers *l)
{
	const sa_layers_info *in = &l->info;

	return ((double)in->runs + (double)in->unfinished) *
	    ldexp(1.0, (int)(in->depth < 60 ? in->depth : 60));
}

int
sa_layers_layer(const sa_layers *l, size_t k, sa_layer *out,
    sa_fraction *prob)
{
	int status = SA_OK;

	if (k >= l->done.count)
		return SA_EINVAL;
	*out = l->done.at[k].sum;
	if (prob != NULL) {
		prob->neg = false;
		status = sa_big_set_u64(&prob->num, 1);
		if (status == SA_OK)
			status = sa_big_copy(&prob->den, &l->done.at[k].den);
	}
	return status;
}

uint64_t
sa_layers_count(const sa_layers *l, size_t k, uint64_t r)
{
	return l->done.at[k].tally[r];
}

int
sa_layers_remainder(const sa_layers *l, sa_fraction *out)
{
	return sa_fraction_set(out, &l->rest_num, &l->common, false);
}

int
sa_layers_mass(const sa_layers *l, uint64_t r, sa_fraction *lo,
    sa_fraction *hi)
{
	sa_big num, t;
	int status;

	sa_big_init(&num);
	sa_big_init(&t);
	status = counted(l, r, &num, &t);
	if (status == SA_OK && lo != NULL)
		status = sa_fraction_set(lo, &num, &l->common, false);
	if (status == SA_OK && hi != NULL) {
		status = sa_big_add(&num, &l->rest_num);
		if (status == SA_OK)
			status = sa_fraction_set(hi, &num, &l->common, false);
	}
	sa_big_free(&num);
	sa_big_free(&t);
	return status;
}

int
sa_layers_bound(size_t n, sa_fraction *out)
{
	uint64_t orderings = sa_factorial(n);
	sa_big num, den;
	int status;

	if (orderings == 0)
		return SA_EOVERFLOW;
	sa_big_init(&num);
	sa_big_init(&den);
	status = sa_big_set_u64(&num, 1);
	if (status == SA_OK)
		status = sa_big_pow2(&den, SA_LAYERS_FAIR_BITS);
	if (status == SA_OK)
		status = sa_big_mul_u64(&den, orderings);
	if (status == SA_OK)
		status = sa_fraction_set(out, &num, &den, false);
	sa_big_free(&num);
	sa_big_free(&den);
	return status;
}

/*
 * PREV = the remainder one draw shallower than L's, times COMMON: L's
 * and its layers of runs that made exactly DEPTH draws.  Only when every
 * draw of every run had one bound and no real tied (so a layer's D
 * names its draws); false otherwise, or when memory ran out.
 */
static bool
shallower(const sa_layers *l, sa_big *prev)
{
	sa_big t;
	bool ok = sa_big_copy(prev, &l->rest_num) == SA_OK;

	sa_big_init(&t);
	for (size_t i = 0; ok && i < l->done.count; i++) {
		const struct layer *e = &l->done.at[i];

		if (e->base == 0 || e->base != l->done.at[0].base ||
		    e->scale != 1) {
			ok = false;
			break;
		}
		if (e->draws != l->info.depth)
			continue;
		for (uint64_t r = 0; ok && r < l->info.orderings; r++) {
			ok = sa_big_copy(&t, &e->factor) == SA_OK &&
			    sa_big_mul_u64(&t, e->tally[r]) == SA_OK &&
			    sa_big_add(prev, &t) == SA_OK;
		}
	}
	sa_big_free(&t);
	return ok;
}

size_t
sa_layers_foretell(const sa_layers *l)
{
	const sa_layers_info *in = &l->info;
	double now, before, bound, k;
	sa_big prev;
	bool ok;

	if (in->verdict == SA_LAYERS_FAIR)
		return in->depth;
	sa_big_init(&prev);
	ok = !sa_big_is_zero(&l->rest_num) && shallower(l, &prev) &&
	    sa_big_cmp(&prev, &l->rest_num) > 0;
	/*
	 * The remainder falls by PREV / REST a draw; it reaches the bound
	 * after K more, log2(REST / bound) / log2(PREV / REST) rounded up.
	 * Logarithms, for a forecast only: the verdict is exact.
	 */
	now = sa_big_log2(&l->rest_num);
	before = sa_big_log2(&prev);
	sa_big_free(&prev);
	if (!ok || before <= now)
		return 0;
	bound = sa_big_log2(&l->common) - SA_LAYERS_FAIR_BITS -
	    log2((double)in->orderings);
	k = ceil((now - bound) / (before - now));
	if (!(k >= 0) || k > (double)SA_CENSUS_MAX_DRAWS)
		return 0;
	k = k < 1 ? 1 : k;
	return in->depth + (size_t)k > SA_CENSUS_MAX_DRAWS ? 0 :
	    in->depth + (size_t)k;
}

/* One depth, by the caller's walker or sa_layers_run. */
static int
walk_depth(const sa_shuffle *sh, size_t n, const sa_deepen_opts *o,
    size_t depth, double deadline, sa_layers **out)
{
	sa_layers_opts lo;

	if (o->walk != NULL)
		return o->walk(o->walk_ctx, depth, deadline, out);
	memset(&lo, 0, sizeof lo);
	lo.depth = depth;
	lo.reduce = o->reduce;
	lo.max_bytes = o->max_bytes;
	lo.deadline = deadline;
	return sa_layers_run(sh, n, &lo, out);
}

/*
 * The seconds the walk one draw deeper than L's (which took SPENT) is
 * foretold to take: the same time a run visited, for the runs it will
 * visit, and a run one draw longer replays one draw more.
 */
static double
forecast(const sa_layers *l, double spent)
{
	const sa_layers_info *in = &l->info;
	double visited = (double)in->runs + (double)in->unfinished;

	if (visited < 1)
		visited = 1;
	return spent * ((double)in->next_runs / visited) *
	    ((double)in->depth + 1) / (double)in->depth;
}

/* True when the remainder of L is at most EPS (exactly). */
static bool
small_enough(const sa_layers *l, const sa_fraction *eps)
{
	sa_fraction r;
	bool ok;
	int c = 1;

	sa_fraction_init(&r);
	ok = sa_layers_remainder(l, &r) == SA_OK &&
	    sa_fraction_cmp(&r, eps, &c) == SA_OK && c <= 0;
	sa_fraction_free(&r);
	return ok;
}

/* Why a census by layers of SH on N cards was refused with STATUS. */
static void
deepen_why(const sa_shuffle *sh, size_t n, const sa_deepen_opts *o,
    int status, sa_deepen_result *res)
{
	sa_reduce red = sa_reduce_settle(sh, &o->reduce);
	bool rejects = red.method == SA_REDUCE_REJECT ||
	    red.method == SA_REDUCE_LEMIRE;
	char *w = res->why;
	size_t size = sizeof res->why;

	if (status == SA_ETIME)
		snprintf(w, size, "depth %zu could not be walked within the "
		    "time limit of %.0f s (--time-limit)", o->depth ? o->depth :
		    (size_t)1, o->seconds);
	else if (status == SA_EINVAL && red.method != SA_REDUCE_NONE &&
	    !rejects)
		snprintf(w, size, "draws by %s:%u are not a rejection; the "
		    "layers walk reject or lemire", sa_reduce_name(red.method),
		    red.bits);
	else if (status == SA_EINVAL && rejects && red.bits > 32)
		snprintf(w, size, "%s:%u: the layers walk words of at most 32 "
		    "bits", sa_reduce_name(red.method), red.bits);
	else if (status == SA_EINVAL && rejects)
		snprintf(w, size, "%s:%u: %u-bit words cannot make a draw below "
		    "%zu (every word would be thrown back)",
		    sa_reduce_name(red.method), red.bits, red.bits, n);
	else
		snprintf(w, size, "%s", sa_strerror(status));
}

int
sa_layers_deepen(const sa_shuffle *sh, size_t n, const sa_deepen_opts *o,
    sa_layers **out, sa_deepen_result *res)
{
	double start = sa_clock(), until = o->seconds > 0 ?
	    start + o->seconds : 0;
	/*
	 * A depth asked for is reached by the depths before it when there
	 * is a time limit, so that each is foretold from the one before and
	 * a walk past the limit is refused before it starts, not stopped
	 * at the limit (each depth costs a fraction of the next).
	 */
	size_t depth = o->depth && (until == 0 || o->direct) ? o->depth : 1,
	    max = o->max_depth ? o->max_depth : SA_CENSUS_MAX_DRAWS;
	sa_layers *last = NULL;

	*out = NULL;
	memset(res, 0, sizeof *res);
	for (;;) {
		double began = sa_clock(), spent;
		sa_layers *l = NULL;
		int status = walk_depth(sh, n, o, depth, until, &l);

		if (status == SA_ETIME && last != NULL && o->depth != 0) {
			/* A depth short of the one asked for is no answer. */
			sa_layers_free(last);
			snprintf(res->why, sizeof res->why, "depth %zu could not "
			    "be walked within the time limit of %.0f s "
			    "(--time-limit): depth %zu passed it", o->depth,
			    o->seconds, depth);
			return SA_ETIME;
		}
		if (status == SA_ETIME && last != NULL) {
			res->stop = SA_DEEPEN_TIME;
			res->next_depth = depth;
			break;
		}
		if (status != SA_OK) {
			sa_layers_free(last);
			deepen_why(sh, n, o, status, res);
			return status;
		}
		sa_layers_free(last);
		last = l;
		spent = sa_clock() - began;
		if (o->progress != NULL)
			o->progress(o->progress_ctx, l, sa_clock() - start);
		res->next_depth = depth + 1;
		if (o->depth != 0 && depth >= o->depth) {
			res->stop = SA_DEEPEN_DEPTH;
			break;
		}
		if (o->depth != 0) {
			double margin = o->margin > 1 ? o->margin : 1;

			res->forecast = forecast(l, spent);
			if (res->forecast > margin * o->seconds ||
			    sa_clock() + res->forecast > until + (margin - 1) *
			    o->seconds) {
				sa_layers_free(last);
				if (margin > 1)
					snprintf(res->why, sizeof res->why,
					    "depth %zu cannot be walked within "
					    "%.0f times the default time limit "
					    "of %.0f s: depth %zu alone was "
					    "foretold to take %.3g s "
					    "(--time-limit SECONDS lets it run "
					    "that long)", o->depth, margin,
					    o->seconds, depth + 1, res->forecast);
				else
					snprintf(res->why, sizeof res->why,
					    "depth %zu cannot be walked within "
					    "the time limit of %.0f s "
					    "(--time-limit): depth %zu alone was "
					    "foretold to take %.3g s", o->depth,
					    o->seconds, depth + 1, res->forecast);
				return SA_ETIME;
			}
			res->forecast = 0;
			depth++;
			continue;
		}
		if (l->info.unfinished == 0) {
			res->stop = SA_DEEPEN_FINISHED;
			break;
		}
		if (o->eps != NULL && small_enough(l, o->eps)) {
			res->stop = SA_DEEPEN_REMAINDER;
			break;
		}
		if (depth >= max) {
			res->stop = SA_DEEPEN_MAX;
			break;
		}
		res->forecast = forecast(l, spent);
		if (until > 0 && sa_clock() + res->forecast > until) {
			res->stop = SA_DEEPEN_TIME;
			break;
		}
		res->forecast = 0;
		depth++;
	}
	*out = last;
	return SA_OK;
}

int
sa_layers_same_law(const sa_layers *a, const sa_layers *b, bool *same)
{
	sa_fraction x, y;
	int status, cmp = 0;

	*same = false;
	if (a->info.n != b->info.n || a->info.depth != b->info.depth)
		return SA_EINVAL;
	sa_fraction_init(&x);
	sa_fraction_init(&y);
	status = sa_layers_remainder(a, &x);
	if (status == SA_OK)
		status = sa_layers_remainder(b, &y);
	if (status == SA_OK)
		status = sa_fraction_cmp(&x, &y, &cmp);
	for (uint64_t r = 0; r < a->info.orderings && status == SA_OK &&
	    cmp == 0; r++) {
		status = sa_layers_mass(a, r, &x, NULL);
		if (status == SA_OK)
			status = sa_layers_mass(b, r, &y, NULL);
		if (status == SA_OK)
			status = sa_fraction_cmp(&x, &y, &cmp);
	}
	*same = status == SA_OK && cmp == 0;
	sa_fraction_free(&x);
	sa_fraction_free(&y);
	return status;
}
