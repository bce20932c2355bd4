/*
 * matrix.c - the card-by-position matrix: the probability that card c
 * ends at position p, exactly, at any deck size a step form allows.
 *
 * A shuffle made of steps moves one card by a Markov chain over the n
 * positions: a step that swaps position i with one drawn from a set S
 * sends the card at i to each j of S with j's chance, sends the card at
 * j in S to i with j's chance (else leaves it), and leaves every other
 * card where it is.  So each card's distribution over the positions is
 * a vector of n numbers, updated step by step in O(|S|) work; every
 * number is kept as an exact count over the product D of the steps'
 * totals (the number of draw sequences, or of raw-word sequences under a
 * reduction), so the counts are integers and row c adds up to D.  This
 * is O(n) work a card a step, O(n^2 steps) in all, with no n! anywhere.
 *
 * Shuffles without a step form, and steps whose chances depend on more
 * than one card (a card picked by its label from raw words that bias
 * it), are counted from the census instead: its tally summed by card
 * and position, which is also how the tests check the chain.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shuffle_audit.h"
#include "internal.h"

struct sa_matrix {
	sa_matrix_info info;
	sa_big *count;		/* count[card * n + pos] */
	sa_big runs;		/* every row adds up to this */
	sa_fraction maxdev;	/* the largest |ratio - 1| over the cells */
};

/* One step, ready to apply: its draw's weights, as words or big. */
struct cstep {
	sa_step st;
	size_t table;		/* its weights' entry in the chain's tables */
	const uint64_t *w;	/* w[j] for j < count; NULL when wide */
	uint64_t total;
	const sa_big *bw;	/* the same as big integers, when wide */
	const sa_big *btotal;
	bool unit;		/* every weight is 1 (ideal draws) */
};

/* Weights for one bound: the reduction's, or 1 each for ideal draws. */
struct wtable {
	uint64_t k;
	uint64_t *w, total;
	sa_big *bw, btotal;
	bool wide;
};

struct chain {
	const sa_shuffle *sh;
	size_t n, nsteps;
	struct cstep *steps;
	struct wtable *tables;
	size_t ntables;
	sa_matrix *m;
};

static sa_big *
big_array(size_t count)
{
	sa_big *a = malloc((count ? count : 1) * sizeof *a);

	for (size_t i = 0; a != NULL && i < count; i++)
		sa_big_init(&a[i]);
	return a;
}

static void
big_array_free(sa_big *a, size_t count)
{
	for (size_t i = 0; a != NULL && i < count; i++)
		sa_big_free(&a[i]);
	free(a);
}

void
sa_matrix_free(sa_matrix *m)
{
	if (m == NULL)
		return;
	big_array_free(m->count, m->info.n * m->info.n);
	sa_big_free(&m->runs);
	sa_fraction_free(&m->maxdev);
	free(m);
}

static void
tables_free(struct chain *ch)
{
	for (size_t i = 0; i < ch->ntables; i++) {
		free(ch->tables[i].w);
		big_array_free(ch->tables[i].bw, ch->tables[i].k);
		sa_big_free(&ch->tables[i].btotal);
	}
	free(ch->tables);
	free(ch->steps);
}

/* The weights of a draw below K under R, made once for each K. */
static int
table_for(struct chain *ch, const sa_reduce *r, uint64_t k,
    const struct wtable **out)
{
	struct wtable *t;
	int status = SA_OK;

	for (size_t i = 0; i < ch->ntables; i++)
		if (ch->tables[i].k == k) {
			*out = &ch->tables[i];
			return SA_OK;
		}
	if (k == 0 || k > SA_REDUCE_MAX_K)
		return SA_EINVAL;
	t = realloc(ch->tables, (ch->ntables + 1) * sizeof *t);
	if (t == NULL)
		return SA_ENOMEM;
	ch->tables = t;
	t = &ch->tables[ch->ntables];
	memset(t, 0, sizeof *t);
	t->k = k;
	sa_big_init(&t->btotal);
	t->bw = big_array(k);
	t->w = malloc(k * sizeof *t->w);
	ch->ntables++;
	if (t->bw == NULL || t->w == NULL)
		return SA_ENOMEM;
	if (r->method == SA_REDUCE_NONE) {
		for (uint64_t j = 0; j < k && status == SA_OK; j++)
			status = sa_big_set_u64(&t->bw[j], 1);
		if (status == SA_OK)
			status = sa_big_set_u64(&t->btotal, k);
	} else {
		status = sa_reduce_weights(r, k, t->bw, &t->btotal);
	}
	/* Words when the total fits (then every weight does too). */
	if (status == SA_OK && sa_big_to_u64(&t->btotal, &t->total)) {
		for (uint64_t j = 0; j < k; j++)
			sa_big_to_u64(&t->bw[j], &t->w[j]);
	} else {
		t->wide = true;
	}
	*out = t;
	return status;
}

/*
 * The steps of SH on N cards under R, with their weights; SA_EINVAL when
 * a step's chances depend on other cards than the one followed (a pick
 * by label from biased words) or its bound is past SA_REDUCE_MAX_K.
 */
static int
prepare(struct chain *ch, const sa_reduce *r)
{
	size_t n = ch->n;
	int status = SA_OK;

	ch->nsteps = ch->sh->steps(ch->sh, n);
	ch->steps = calloc(ch->nsteps ? ch->nsteps : 1, sizeof *ch->steps);
	if (ch->steps == NULL)
		return SA_ENOMEM;
	for (size_t s = 0; s < ch->nsteps && status == SA_OK; s++) {
		struct cstep *c = &ch->steps[s];
		const struct wtable *t;

		memset(&c->st, 0, sizeof c->st);
		ch->sh->step(ch->sh, n, s, &c->st);
		if (c->st.kind == SA_STEP_PICK) {
			/* Fair picks among the cards left: a swap of POS with
			 * a position from POS on, each as likely. */
			if (r->method != SA_REDUCE_NONE &&
			    !sa_reduce_unbiased(r, c->st.count))
				return SA_EINVAL;
			c->st.kind = SA_STEP_SWAP;
			c->st.lo = c->st.pos;
			c->st.count = n - c->st.pos;
			status = table_for(ch, &(sa_reduce){ SA_REDUCE_NONE, 0 },
			    c->st.count, &t);
		} else {
			status = table_for(ch, r, c->st.count, &t);
		}
		if (status != SA_OK)
			return status;
		if (c->st.lo + c->st.count > n || c->st.pos >= n)
			return SA_EINVAL;
		c->table = (size_t)(t - ch->tables);
	}
	/* The tables moved as they grew: their places are final now. */
	for (size_t s = 0; s < ch->nsteps; s++) {
		struct cstep *c = &ch->steps[s];
		const struct wtable *t = &ch->tables[c->table];

		c->w = t->wide ? NULL : t->w;
		c->total = t->total;
		c->bw = t->bw;
		c->btotal = &t->btotal;
		c->unit = !t->wide && t->total == t->k;
	}
	return status;
}

/* A *= B (sa_big_mul writes its product apart from its factors). */
static int
mul_by(sa_big *a, const sa_big *b)
{
	sa_big t, old;
	int status;

	sa_big_init(&t);
	status = sa_big_mul(&t, a, b);
	if (status == SA_OK) {
		old = *a;
		*a = t;
		t = old;
	}
	sa_big_free(&t);
	return status;
}

/* A *= W (the step's weight J, or its total when J is the count). */
static int
times(sa_big *a, const struct cstep *c, uint64_t j)
{
	if (c->w != NULL)
		return sa_big_mul_u64(a, j < c->st.count ? c->w[j] : c->total);
	return mul_by(a, j < c->st.count ? &c->bw[j] : c->btotal);
}

/*
 * swap_step with every weight 1 (ideal draws, the common case), in a
 * third of the work: into I comes the sum over the set, and a card in
 * the set stays with weight W - 1 or comes from I with weight 1.
 */
static int
unit_step(const struct cstep *c, size_t n, sa_big *v, sa_big *from_i,
    sa_big *into_i)
{
	size_t i = c->st.pos, lo = c->st.lo, hi = lo + c->st.count;
	uint64_t stay = c->total - 1;
	int status = sa_big_copy(from_i, &v[i]);

	if (status == SA_OK)
		status = sa_big_set_u64(into_i, 0);
	for (size_t x = lo; x < hi && status == SA_OK; x++)
		status = sa_big_add(into_i, &v[x]);
	for (size_t x = 0; x < n && status == SA_OK; x++) {
		if (x == i)
			continue;
		if (x < lo || x >= hi) {
			status = sa_big_mul_u64(&v[x], c->total);
			continue;
		}
		status = sa_big_mul_u64(&v[x], stay);
		if (status == SA_OK)
			status = sa_big_add(&v[x], from_i);
	}
	if (status == SA_OK)
		status = sa_big_copy(&v[i], into_i);
	return status;
}

/*
 * One swap step on the card's counts V (scaled up by the step's total):
 * the card at I goes to LO + j with weight w_j; the card at LO + j goes
 * to I with weight w_j and stays with the rest; any other stays.
 */
static int
swap_step(const struct cstep *c, size_t n, sa_big *v, sa_big *t,
    sa_big *from_i, sa_big *into_i)
{
	size_t i = c->st.pos, lo = c->st.lo, hi = lo + c->st.count;
	int status;

	if (c->unit)
		return unit_step(c, n, v, from_i, into_i);
	status = sa_big_copy(from_i, &v[i]);

	if (status == SA_OK)
		status = sa_big_set_u64(into_i, 0);
	for (size_t x = lo; x < hi && status == SA_OK; x++) {
		/* into I: the card at x, drawn */
		status = sa_big_copy(t, &v[x]);
		if (status == SA_OK)
			status = times(t, c, x - lo);
		if (status == SA_OK)
			status = sa_big_add(into_i, t);
	}
	for (size_t x = 0; x < n && status == SA_OK; x++) {
		if (x == i)
			continue;
		if (x < lo || x >= hi) {
			status = times(&v[x], c, c->st.count);
			continue;
		}
		/* stays unless drawn: v (W - w); comes from I when drawn */
		status = sa_big_copy(t, &v[x]);
		if (status == SA_OK)
			status = times(t, c, x - lo);
		if (status == SA_OK)
			status = times(&v[x], c, c->st.count);
		if (status == SA_OK)
			status = sa_big_sub(&v[x], t);
		if (status == SA_OK)
			status = sa_big_copy(t, from_i);
		if (status == SA_OK)
			status = times(t, c, x - lo);
		if (status == SA_OK)
			status = sa_big_add(&v[x], t);
	}
	if (status == SA_OK)
		status = sa_big_copy(&v[i], into_i);
	return status;
}

/*
 * One step that swaps two positions a and b drawn below K (so from
 * 0 .. K-1): the card at y stays with weight (W - w_y)^2 + w_y^2 and
 * comes in from x with weight 2 w_x w_y; with A = sum of v[x] w_x,
 * new v[y] = v[y] ((W - w_y)^2 + w_y^2) + 2 w_y (A - v[y] w_y).
 */
static int
swap2_step(const struct cstep *c, size_t n, sa_big *v, sa_big *t,
    sa_big *a, sa_big *u)
{
	size_t k = c->st.count;
	sa_big sq;
	int status = sa_big_set_u64(a, 0);

	for (size_t x = 0; x < k && status == SA_OK; x++) {
		status = sa_big_copy(t, &v[x]);
		if (status == SA_OK)
			status = times(t, c, x);
		if (status == SA_OK)
			status = sa_big_add(a, t);
	}
	for (size_t y = 0; y < n && status == SA_OK; y++) {
		if (y >= k) {
			status = times(&v[y], c, k);
			if (status == SA_OK)
				status = times(&v[y], c, k);
			continue;
		}
		/* u = (W - w)^2 + w^2 */
		status = sa_big_copy(u, c->btotal);
		if (status == SA_OK)
			status = sa_big_sub(u, &c->bw[y]);
		if (status == SA_OK) {
			sa_big_init(&sq);
			status = sa_big_mul(&sq, u, u);
			if (status == SA_OK)
				status = sa_big_copy(u, &sq);
			sa_big_free(&sq);
		}
		if (status == SA_OK)
			status = sa_big_mul(t, &c->bw[y], &c->bw[y]);
		if (status == SA_OK)
			status = sa_big_add(u, t);
		/* t = 2 w (A - v w) */
		if (status == SA_OK)
			status = sa_big_mul(t, &v[y], &c->bw[y]);
		if (status == SA_OK) {
			sa_big d;

			sa_big_init(&d);
			status = sa_big_copy(&d, a);
			if (status == SA_OK)
				status = sa_big_sub(&d, t);
			if (status == SA_OK)
				status = sa_big_mul(t, &d, &c->bw[y]);
			sa_big_free(&d);
		}
		if (status == SA_OK)
			status = sa_big_mul_u64(t, 2);
		if (status == SA_OK)
			status = mul_by(&v[y], u);
		if (status == SA_OK)
			status = sa_big_add(&v[y], t);
	}
	return status;
}

/* Card CARD's counts over the positions into ROW (n bigs). */
static int
follow(const struct chain *ch, size_t card, sa_big *row)
{
	sa_big t, x, y;
	int status = SA_OK;

	sa_big_init(&t);
	sa_big_init(&x);
	sa_big_init(&y);
	for (size_t p = 0; p < ch->n && status == SA_OK; p++)
		status = sa_big_set_u64(&row[p], p == card);
	for (size_t s = 0; s < ch->nsteps && status == SA_OK; s++)
		status = ch->steps[s].st.kind == SA_STEP_SWAP2 ?
		    swap2_step(&ch->steps[s], ch->n, row, &t, &x, &y) :
		    swap_step(&ch->steps[s], ch->n, row, &t, &x, &y);
	sa_big_free(&t);
	sa_big_free(&x);
	sa_big_free(&y);
	return status;
}

/* D, the product of the steps' totals (squared for a SWAP2). */
static int
total_runs(const struct chain *ch, sa_big *runs)
{
	int status = sa_big_set_u64(runs, 1);

	for (size_t s = 0; s < ch->nsteps && status == SA_OK; s++) {
		const struct cstep *c = &ch->steps[s];

		status = mul_by(runs, c->btotal);
		if (status == SA_OK && c->st.kind == SA_STEP_SWAP2)
			status = mul_by(runs, c->btotal);
	}
	return status;
}

static sa_matrix *
matrix_new(const sa_shuffle *sh, size_t n)
{
	sa_matrix *m = calloc(1, sizeof *m);

	if (m == NULL)
		return NULL;
	m->info.shuffle = sh;
	m->info.n = n;
	sa_big_init(&m->runs);
	sa_fraction_init(&m->maxdev);
	if ((m->count = big_array(n * n)) == NULL) {
		sa_matrix_free(m);
		return NULL;
	}
	return m;
}

/* The ratio of cell (C, P) to fair, COUNT n / RUNS, into OUT. */
static int
ratio(const sa_matrix *m, size_t c, size_t p, sa_fraction *out)
{
	sa_big num;
	int status;

	sa_big_init(&num);
	status = sa_big_copy(&num, &m->count[c * m->info.n + p]);
	if (status == SA_OK)
		status = sa_big_mul_u64(&num, m->info.n);
	if (status == SA_OK)
		status = sa_fraction_set(out, &num, &m->runs, false);
	sa_big_free(&num);
	return status;
}

/*
 * The summary: a largest and a smallest cell (the first in card order),
 * whether every cell is 1/n, and the largest distance from fair.
 */
static int
summarize(sa_matrix *m)
{
	sa_matrix_info *in = &m->info;
	size_t n = in->n, hi = 0, lo = 0;
	sa_big fair, d;
	int status = SA_OK;

	for (size_t k = 1; k < n * n; k++) {
		if (sa_big_cmp(&m->count[k], &m->count[hi]) > 0)
			hi = k;
		if (sa_big_cmp(&m->count[k], &m->count[lo]) < 0)
			lo = k;
	}
	in->max_card = hi / n;
	in->max_pos = hi % n;
	in->min_card = lo / n;
	in->min_pos = lo % n;
	in->uniform = sa_big_cmp(&m->count[hi], &m->count[lo]) == 0;
	/* max |count n - runs| / runs, from the two extremes */
	sa_big_init(&fair);
	sa_big_init(&d);
	status = sa_big_copy(&d, &m->count[hi]);
	if (status == SA_OK)
		status = sa_big_mul_u64(&d, n);
	if (status == SA_OK)
		status = sa_big_sub(&d, &m->runs);
	if (status == SA_OK)
		status = sa_big_copy(&fair, &m->count[lo]);
	if (status == SA_OK)
		status = sa_big_mul_u64(&fair, n);
	if (status == SA_OK) {
		sa_big below;

		sa_big_init(&below);
		status = sa_big_copy(&below, &m->runs);
		if (status == SA_OK)
			status = sa_big_sub(&below, &fair);
		if (status == SA_OK && sa_big_cmp(&below, &d) > 0)
			status = sa_big_copy(&d, &below);
		sa_big_free(&below);
	}
	if (status == SA_OK)
		status = sa_fraction_set(&m->maxdev, &d, &m->runs, false);
	sa_big_free(&fair);
	sa_big_free(&d);
	return status;
}

int
sa_matrix_from_census(const sa_census *c, sa_matrix **out)
{
	const sa_census_info *in = sa_census_about(c);
	size_t n = in->n;
	unsigned p[SA_PERM_MAX];
	sa_big count;
	sa_matrix *m;
	int status = SA_OK;

	*out = NULL;
	if ((m = matrix_new(in->shuffle, n)) == NULL)
		return SA_ENOMEM;
	m->info.reduce = in->reduce;
	m->info.method = SA_MATRIX_CENSUS;
	sa_big_init(&count);
	for (uint64_t r = 0; r < in->orderings && status == SA_OK; r++) {
		status = sa_census_count_big(c, r, &count);
		if (status != SA_OK || sa_big_is_zero(&count))
			continue;
		/* position q holds card p[q] */
		sa_perm_unrank(r, n, p);
		for (size_t q = 0; q < n && status == SA_OK; q++)
			status = sa_big_add(&m->count[p[q] * n + q], &count);
	}
	sa_big_free(&count);
	if (status == SA_OK)
		status = sa_census_runs(c, &m->runs);
	if (status == SA_OK)
		status = summarize(m);
	if (status != SA_OK) {
		sa_matrix_free(m);
		return status;
	}
	*out = m;
	return SA_OK;
}

/*
 * The naive shuffle's chain solved.  Its step s swaps position s with
 * one drawn from all n, each with weight 1 (naive_form).  Followed from
 * card c (follow): step s sets position s to the count so far, n^s, and
 * every other position v to (n - 1) v + h_s, h_s the count at s before
 * the step.  Until step c every position but c holds 0 and c holds
 * (n-1)^s; from step c on, the positions not yet stepped on hold
 * (n-1)^c n^(s-c), so h_s is 0 before c, (n-1)^c at c, and (n-1)^c
 * n^(s-1-c) after.  Position x ends at (n-1)^(n-1-x) n^x (what it was
 * set to, carried through the later steps) plus the sum over s > x of
 * (n-1)^(n-1-s) h_s, a geometric sum (x^(m+1) - y^(m+1) = (x - y) times
 * the sum of x^i y^(m-i), with x - y = 1 here).  With
 * T(k) = (n-1)^(n-1-k) n^k,
 *
 *	count(c, x) = T(x) + T(n-1-c) - [x >= c] T(x - c)
 *
 * out of n^n: two additions of n precomputed numbers a cell, instead of
 * n steps of n.  (At 3 cards, card 1: 4 + 6 = 10, 6 + 6 - 4 = 8,
 * 9 + 6 - 6 = 9, out of 27.)  The tests hold it equal to the chain
 * (sa_matrix_follow) and to the census.
 */
static bool
naive_form(const struct chain *ch)
{
	if (ch->nsteps != ch->n)
		return false;
	for (size_t s = 0; s < ch->nsteps; s++) {
		const struct cstep *c = &ch->steps[s];

		if (c->st.kind != SA_STEP_SWAP || c->st.pos != s ||
		    c->st.lo != 0 || c->st.count != ch->n || !c->unit)
			return false;
	}
	return true;
}

/* Card C's row by the formula, from T[k] = T(k) (formula_terms). */
static int
formula_row(const sa_big *t, size_t n, size_t c, sa_big *row)
{
	int status = SA_OK;

	for (size_t x = 0; x < n && status == SA_OK; x++) {
		status = sa_big_copy(&row[x], &t[x]);
		if (status == SA_OK)
			status = sa_big_add(&row[x], &t[n - 1 - c]);
		if (status == SA_OK && x >= c)
			status = sa_big_sub(&row[x], &t[x - c]);
	}
	return status;
}

/* The formula's T(0) to T(n-1), for N cards, into *OUT (N of them). */
static int
formula_terms(size_t n, sa_big **out)
{
	sa_big *t = big_array(n), *down = big_array(n), up;
	int status = t != NULL && down != NULL ? SA_OK : SA_ENOMEM;

	/* DOWN[j] = (n-1)^j; UP = n^k as T(k) = DOWN[n-1-k] UP is made. */
	sa_big_init(&up);
	if (status == SA_OK)
		status = sa_big_set_u64(&down[0], 1);
	for (size_t j = 1; j < n && status == SA_OK; j++) {
		status = sa_big_copy(&down[j], &down[j - 1]);
		if (status == SA_OK)
			status = sa_big_mul_u64(&down[j], n - 1);
	}
	if (status == SA_OK)
		status = sa_big_set_u64(&up, 1);
	for (size_t k = 0; k < n && status == SA_OK; k++) {
		status = sa_big_mul(&t[k], &down[n - 1 - k], &up);
		if (status == SA_OK)
			status = sa_big_mul_u64(&up, n);
	}
	sa_big_free(&up);
	big_array_free(down, n);
	if (status != SA_OK) {
		big_array_free(t, n);
		t = NULL;
	}
	*out = t;
	return status;
}

/*
 * A thread's share of the cards: every STRIDE-th from FIRST, each row
 * followed through the chain, or by the formula when T (its terms) is
 * not NULL.
 */
struct job {
	const struct chain *ch;
	const sa_big *t;
	size_t first, stride;
	int status;
};

static void *
rows(void *arg)
{
	struct job *j = arg;
	size_t n = j->ch->n;

	for (size_t c = j->first; c < n && j->status == SA_OK; c += j->stride)
		j->status = j->t != NULL ?
		    formula_row(j->t, n, c, &j->ch->m->count[c * n]) :
		    follow(j->ch, c, &j->ch->m->count[c * n]);
	return NULL;
}

/*
 * The matrix of SH by the chain (see the top of the file), or by its
 * solution where there is one, unless FOLLOW_ONLY.
 */
static int
by_chain(const sa_shuffle *sh, size_t n, const sa_matrix_opts *opts,
    bool follow_only, sa_matrix **out)
{
	struct chain ch;
	struct job jobs[64];
	unsigned threads = opts->threads ? opts->threads : sa_cores();
	sa_big *t = NULL;
	int status;

	memset(&ch, 0, sizeof ch);
	ch.sh = sh;
	ch.n = n;
	status = prepare(&ch, &opts->reduce);
	if (status == SA_OK && (ch.m = matrix_new(sh, n)) == NULL)
		status = SA_ENOMEM;
	if (status == SA_OK) {
		ch.m->info.reduce = opts->reduce;
		ch.m->info.method = SA_MATRIX_CHAIN;
		status = total_runs(&ch, &ch.m->runs);
	}
	if (threads > 64)
		threads = 64;
	if (threads > n)
		threads = (unsigned)n;
	if (status == SA_OK && !follow_only && naive_form(&ch)) {
		ch.m->info.method = SA_MATRIX_FORMULA;
		status = formula_terms(n, &t);
	}
	for (unsigned k = 0; k < threads; k++)
		jobs[k] = (struct job){ &ch, t, k, threads, SA_OK };
	if (status == SA_OK)
		sa_parallel(rows, jobs, sizeof jobs[0], threads);
	for (unsigned k = 0; k < threads && status == SA_OK; k++)
		status = jobs[k].status;
	big_array_free(t, n);
	if (status == SA_OK)
		status = summarize(ch.m);
	tables_free(&ch);
	if (status != SA_OK) {
		sa_matrix_free(ch.m);
		return status;
	}
	*out = ch.m;
	return SA_OK;
}

/* Whether SH on N cards has a step form the chain can follow under R. */
bool
sa_matrix_by_chain(const sa_shuffle *sh, size_t n, const sa_reduce *r)
{
	if (sh->steps == NULL || sh->step == NULL || sh->reduce != NULL)
		return false;
	for (size_t s = 0, steps = sh->steps(sh, n); s < steps; s++) {
		sa_step st = { 0, 0, 0, SA_STEP_SWAP };

		sh->step(sh, n, s, &st);
		if (st.kind == SA_STEP_PICK && r->method != SA_REDUCE_NONE &&
		    !sa_reduce_unbiased(r, st.count))
			return false;
		if (st.count > SA_REDUCE_MAX_K)
			return false;
	}
	return true;
}

/* Log2 of the total of a step drawing below K under R, about. */
static double
step_bits(const sa_reduce *r, uint64_t k)
{
	double b = log2((double)(k ? k : 1));

	return r->method != SA_REDUCE_NONE && r->bits > b ? r->bits : b;
}

int
sa_matrix_size(const sa_shuffle *sh, size_t n, const sa_reduce *r,
    sa_matrix_work *w)
{
	static const sa_reduce none;
	double words = 0;

	memset(w, 0, sizeof *w);
	if (r == NULL)
		r = &none;
	if (sh->steps == NULL || sh->step == NULL || sh->reduce != NULL)
		return SA_OK;
	w->steps = sh->steps(sh, n);
	if (w->steps > SA_MATRIX_MAX_STEPS) {
		snprintf(w->why, sizeof w->why, "%llu steps, past the %llu its "
		    "exact matrix follows", (unsigned long long)w->steps,
		    (unsigned long long)SA_MATRIX_MAX_STEPS);
		return SA_ETOOBIG;
	}
	if (!sa_matrix_by_chain(sh, n, r))
		return SA_OK;
	for (uint64_t s = 0; s < w->steps; s++) {
		sa_step st = { 0, 0, 0, SA_STEP_SWAP };

		sh->step(sh, n, (size_t)s, &st);
		if (st.kind == SA_STEP_PICK)
			st.count = n - st.pos;
		/* A step of two draws squares its total, and its update
		 * takes about four products a position where one takes one. */
		w->bits += step_bits(r, st.count) *
		    (st.kind == SA_STEP_SWAP2 ? 2 : 1);
		words += ceil(w->bits / 64) * (st.kind == SA_STEP_SWAP2 ? 4 : 1);
	}
	w->work = (double)n * (double)n * words;
	if (w->work > SA_MATRIX_MAX_WORK) {
		snprintf(w->why, sizeof w->why, "%llu steps over a denominator "
		    "of about %.0f bits: about %.3g word products, past the "
		    "%.3g (about 45 minutes) its exact matrix takes on",
		    (unsigned long long)w->steps, w->bits, w->work,
		    SA_MATRIX_MAX_WORK);
		return SA_ETOOBIG;
	}
	return SA_OK;
}

int
sa_matrix_run(const sa_shuffle *sh, size_t n, const sa_matrix_opts *opts,
    sa_matrix **out)
{
	static const sa_matrix_opts dflt;
	sa_census_opts co;
	sa_matrix_work w;
	sa_census *c;
	int status;

	*out = NULL;
	if (opts == NULL)
		opts = &dflt;
	if (sh == NULL || sh->run == NULL || n == 0 || n > SA_MATRIX_MAX_CARDS ||
	    (sh->max_cards != 0 && n > sh->max_cards))
		return SA_EINVAL;
	if (!opts->census &&
	    (status = sa_matrix_size(sh, n, &opts->reduce, &w)) != SA_OK)
		return status;
	if (!opts->census && sa_matrix_by_chain(sh, n, &opts->reduce))
		return by_chain(sh, n, opts, false, out);
	memset(&co, 0, sizeof co);
	co.reduce = opts->reduce;
	co.threads = opts->threads;
	co.max_bytes = opts->max_bytes;
	if ((status = sa_census_run(sh, n, &co, &c)) != SA_OK)
		return status;
	status = sa_matrix_from_census(c, out);
	sa_census_free(c);
	return status;
}

int
sa_matrix_follow(const sa_shuffle *sh, size_t n, const sa_matrix_opts *opts,
    sa_matrix **out)
{
	static const sa_matrix_opts dflt;

	*out = NULL;
	if (opts == NULL)
		opts = &dflt;
	if (sh == NULL || n == 0 || n > SA_MATRIX_MAX_CARDS ||
	    !sa_matrix_by_chain(sh, n, &opts->reduce))
		return SA_EINVAL;
	return by_chain(sh, n, opts, true, out);
}

const sa_matrix_info *
sa_matrix_about(const sa_matrix *m)
{
	return &m->info;
}

int
sa_matrix_count(const sa_matrix *m, size_t card, size_t pos, sa_big *out)
{
	if (card >= m->info.n || pos >= m->info.n)
		return SA_EINVAL;
	return sa_big_copy(out, &m->count[card * m->info.n + pos]);
}

int
sa_matrix_runs(const sa_matrix *m, sa_big *out)
{
	return sa_big_copy(out, &m->runs);
}

int
sa_matrix_cell(const sa_matrix *m, size_t card, size_t pos, sa_fraction *out)
{
	if (card >= m->info.n || pos >= m->info.n)
		return SA_EINVAL;
	return sa_fraction_set(out, &m->count[card * m->info.n + pos],
	    &m->runs, false);
}

int
sa_matrix_ratio(const sa_matrix *m, size_t card, size_t pos,
    sa_fraction *out)
{
	if (card >= m->info.n || pos >= m->info.n)
		return SA_EINVAL;
	return ratio(m, card, pos, out);
}

int
sa_matrix_max_deviation(const sa_matrix *m, sa_fraction *out)
{
	sa_big num, den;
	int status;

	sa_big_init(&num);
	sa_big_init(&den);
	status = sa_big_copy(&num, &m->maxdev.num);
	if (status == SA_OK)
		status = sa_big_copy(&den, &m->maxdev.den);
	if (status == SA_OK)
		status = sa_fraction_set(out, &num, &den, false);
	sa_big_free(&num);
	sa_big_free(&den);
	return status;
}

int
sa_matrix_block(const sa_matrix *m, size_t c0, size_t c1, size_t p0,
    size_t p1, sa_fraction *mean, double *shade)
{
	size_t n = m->info.n;
	sa_fraction avg;
	sa_big sum, den;
	int status;

	if (c0 >= c1 || p0 >= p1 || c1 > n || p1 > n)
		return SA_EINVAL;
	/* mean ratio = sum of counts * n / (runs * cells) */
	sa_big_init(&sum);
	sa_big_init(&den);
	sa_fraction_init(&avg);
	status = sa_big_set_u64(&sum, 0);
	for (size_t c = c0; c < c1 && status == SA_OK; c++)
		for (size_t p = p0; p < p1 && status == SA_OK; p++)
			status = sa_big_add(&sum, &m->count[c * n + p]);
	if (status == SA_OK)
		status = sa_big_mul_u64(&sum, n);
	if (status == SA_OK)
		status = sa_big_copy(&den, &m->runs);
	if (status == SA_OK)
		status = sa_big_mul_u64(&den, (uint64_t)(c1 - c0) * (p1 - p0));
	if (status == SA_OK)
		status = sa_fraction_set(&avg, &sum, &den, false);
	if (status == SA_OK && mean != NULL)
		status = sa_fraction_set(mean, &sum, &den, false);
	if (status == SA_OK && shade != NULL) {
		/* (mean - 1) / maxdev, for a colour only */
		double dev = sa_fraction_to_double(&m->maxdev);

		*shade = dev > 0 ? (sa_fraction_to_double(&avg) - 1.0) / dev : 0;
		if (*shade > 1)
			*shade = 1;
		if (*shade < -1)
			*shade = -1;
	}
	sa_big_free(&sum);
	sa_big_free(&den);
	sa_fraction_free(&avg);
	return status;
}
