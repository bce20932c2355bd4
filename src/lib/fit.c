/*
 * fit.c - fairness of a black box from its output: counts of the decks
 * it dealt, chi-square tests with p-values that stay accurate far into
 * the tail, and the number of decks a known bias takes to show.
 *
 * The p-value of a chi-square statistic X on df degrees of freedom is
 * Q(df/2, X/2), the regularised upper incomplete gamma function.  Below
 * x = a + 1 it is 1 - P with P by its power series (Q is not small
 * there); above, Q by its continued fraction (Lentz's method), which
 * keeps its relative accuracy however small Q is.  Both are carried as
 * logarithms, so a p-value of 1e-5000 is as exact as one of 0.5: the
 * prefactor x^a e^-x / Gamma(a) is formed as a sum of logarithms.
 * (Numerical Recipes, 3rd ed., section 6.2, for the two expansions.)
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "shuffle_audit.h"
#include "internal.h"

struct sa_fit {
	size_t n;
	uint64_t samples;
	uint64_t *cell;		/* cell[pos * n + item]: a deck's counts sweep it */
	uint64_t *order;	/* n! counts when n <= SA_FIT_ORDERINGS_MAX */
	uint64_t orderings;
	uint64_t *seen;		/* a stamp an item, for the duplicate check */
	uint64_t stamp;
};

int
sa_fit_new(size_t n, sa_fit **out)
{
	sa_fit *f;

	*out = NULL;
	if (n < 2 || n > SA_FIT_MAX_CARDS)
		return SA_EINVAL;
	if ((f = calloc(1, sizeof *f)) == NULL)
		return SA_ENOMEM;
	f->n = n;
	f->cell = calloc(n * n, sizeof *f->cell);
	f->seen = calloc(n, sizeof *f->seen);
	if (n <= SA_FIT_ORDERINGS_MAX) {
		f->orderings = sa_factorial(n);
		f->order = calloc(f->orderings, sizeof *f->order);
	}
	if (f->cell == NULL || f->seen == NULL ||
	    (n <= SA_FIT_ORDERINGS_MAX && f->order == NULL)) {
		sa_fit_free(f);
		return SA_ENOMEM;
	}
	*out = f;
	return SA_OK;
}

void
sa_fit_free(sa_fit *f)
{
	if (f == NULL)
		return;
	free(f->cell);
	free(f->order);
	free(f->seen);
	free(f);
}

int
sa_fit_check(sa_fit *f, const unsigned *perm, size_t *bad)
{
	size_t n = f->n;

	f->stamp++;
	for (size_t p = 0; p < n; p++) {
		if (perm[p] >= n) {
			*bad = p;
			return SA_ERANGE;
		}
		if (f->seen[perm[p]] == f->stamp) {
			*bad = p;
			return SA_EINVAL;
		}
		f->seen[perm[p]] = f->stamp;
	}
	return SA_OK;
}

void
sa_fit_count(sa_fit *f, const unsigned *perm)
{
	size_t n = f->n;
	uint64_t *cell = f->cell;

	for (size_t p = 0; p < n; p++)
		cell[p * n + perm[p]]++;
	if (f->order != NULL)
		f->order[sa_perm_rank(perm, n)]++;
	f->samples++;
}

int
sa_fit_add(sa_fit *f, const unsigned *perm, size_t *bad)
{
	size_t n = f->n, p;
	uint64_t *cell = f->cell, *seen = f->seen, stamp = ++f->stamp;
	int status = SA_OK;

	/* one pass, checking and counting; a refusal takes the counts back */
	for (p = 0; p < n; p++) {
		unsigned v = perm[p];

		if (v >= n || seen[v] == stamp) {
			status = v >= n ? SA_ERANGE : SA_EINVAL;
			break;
		}
		seen[v] = stamp;
		cell[p * n + v]++;
	}
	if (status != SA_OK) {
		if (bad != NULL)
			*bad = p;
		while (p-- > 0)
			cell[p * n + perm[p]]--;
		return status;
	}
	if (f->order != NULL)
		f->order[sa_perm_rank(perm, n)]++;
	f->samples++;
	return SA_OK;
}

uint64_t *
sa_fit_cells(sa_fit *f, uint64_t **samples)
{
	*samples = &f->samples;
	return f->order == NULL ? f->cell : NULL;
}

uint64_t
sa_fit_samples(const sa_fit *f)
{
	return f->samples;
}

uint64_t
sa_fit_cell(const sa_fit *f, size_t item, size_t pos)
{
	return item < f->n && pos < f->n ? f->cell[pos * f->n + item] : 0;
}

/* log Q(a, x) by the continued fraction, for x >= a + 1. */
static double
log_q_fraction(double a, double x)
{
	const double tiny = 1e-300;
	double b = x + 1.0 - a, c = 1.0 / tiny, d = 1.0 / b, h = d;

	for (int i = 1; i < 1000000; i++) {
		double an = -i * (i - a), del;

		b += 2.0;
		d = an * d + b;
		if (fabs(d) < tiny)
			d = tiny;
		c = b + an / c;
		if (fabs(c) < tiny)
			c = tiny;
		d = 1.0 / d;
		del = d * c;
		h *= del;
		if (fabs(del - 1.0) < 1e-16)
			break;
	}
	return -x + a * log(x) - lgamma(a) + log(h);
}

/* log P(a, x) by the series, for x < a + 1. */
static double
log_p_series(double a, double x)
{
	double ap = a, sum = 1.0 / a, del = sum;

	for (int i = 0; i < 1000000; i++) {
		ap += 1.0;
		del *= x / ap;
		sum += del;
		if (fabs(del) < fabs(sum) * 1e-17)
			break;
	}
	return -x + a * log(x) - lgamma(a) + log(sum);
}

double
sa_chi2_log10_sf(double df, double x)
{
	double a = df / 2.0, h = x / 2.0;

	if (!(df > 0) || !(x > 0))
		return 0.0;	/* P(X > 0) = 1 */
	if (h < a + 1.0)
		return log1p(-exp(log_p_series(a, h))) / log(10.0);
	return log_q_fraction(a, h) / log(10.0);
}

/*
 * X = (n / S) sum O^2 - S n for the item-by-position table (each cell
 * expects S / n), and (n! / S) sum O^2 - S for the orderings: both from
 * exact 128-bit sums, divided once.
 *
 * Why the item-by-position X is scaled by (n-1)/n.  One fair deck is a
 * permutation matrix M (M[i][j] = 1 when item j is at position i), with
 * E M[i][j] = 1/n and
 *
 *   Var M[i][j]             = (1/n)(1 - 1/n)         = (n-1)/n^2,
 *   Cov(M[i][j], M[i][l])   = 0 - 1/n^2              = -1/n^2    (j != l),
 *   Cov(M[i][j], M[k][j])   = -1/n^2                             (i != k),
 *   Cov(M[i][j], M[k][l])   = 1/(n(n-1)) - 1/n^2     = 1/(n^2(n-1)).
 *
 * With Q = I - J/n (the centring of n numbers) these are the entries of
 * (Q (x) Q) / (n-1), and Q (x) Q is the orthogonal projection onto the
 * n x n tables whose rows and columns sum to 0, a space of (n-1)^2
 * dimensions.  The counts of S decks, less their mean S/n, lie in that
 * space with covariance S (Q (x) Q) / (n-1), so by the central limit
 * theorem their squared length tends to S/(n-1) times a chi-square on
 * (n-1)^2 degrees of freedom.  Pearson's X is that length over S/n:
 * X tends to n/(n-1) chi-square((n-1)^2), so (n-1)/n X is the statistic
 * to test on (n-1)^2 degrees of freedom (mean n(n-1) before the scaling,
 * which is what fair decks show; unscaled, the false alarms come about
 * 28 times too often at 52 cards and alpha 1e-6).  The orderings are a
 * multinomial sample, and Pearson's X on them needs no scaling.
 */
static double
chi2_of(const uint64_t *count, uint64_t cells, uint64_t samples,
    uint64_t per_sample)
{
	u128 sq = 0, whole;

	for (uint64_t k = 0; k < cells; k++)
		sq += (u128)count[k] * count[k];
	/* X = (cells / per_sample) sq / S - S per_sample */
	whole = (u128)samples * samples * per_sample * per_sample;
	sq *= cells;
	if (sq >= whole)
		return (double)(sq - whole) / (double)samples /
		    (double)per_sample;
	return -((double)(whole - sq) / (double)samples / (double)per_sample);
}

int
sa_fit_judge(const sa_fit *f, double alpha, sa_fit_result *out)
{
	size_t n = f->n;

	memset(out, 0, sizeof *out);
	if (!(alpha > 0 && alpha < 1))
		return SA_EINVAL;
	out->n = n;
	out->samples = f->samples;
	out->alpha = alpha;
	if (f->samples == 0)
		return SA_EINVAL;
	out->tests = 1;
	out->min_samples = (uint64_t)SA_FIT_PER_CELL * n;
	out->orderings_min = f->order != NULL ? (uint64_t)SA_FIT_PER_CELL *
	    f->orderings : 0;
	out->matrix.df = (double)(n - 1) * (double)(n - 1);
	out->matrix.stat = chi2_of(f->cell, (uint64_t)n * n, f->samples, n) *
	    (double)(n - 1) / (double)n;
	out->matrix.log10_p = sa_chi2_log10_sf(out->matrix.df,
	    out->matrix.stat);
	if (f->samples < out->min_samples)
		return SA_ERANGE;
	/* Sparse orderings (a few decks over n! of them) are not tested. */
	if (f->order != NULL && f->samples >= out->orderings_min) {
		out->has_orderings = true;
		out->tests = 2;
		out->orderings.df = (double)(f->orderings - 1);
		out->orderings.stat = chi2_of(f->order, f->orderings,
		    f->samples, 1);
		out->orderings.log10_p = sa_chi2_log10_sf(out->orderings.df,
		    out->orderings.stat);
	}
	/* Bonferroni: each test at alpha / tests keeps the whole at alpha. */
	out->rejected = out->matrix.log10_p < log10(alpha / out->tests) ||
	    (out->has_orderings && out->orderings.log10_p <
	    log10(alpha / out->tests));
	return SA_OK;
}

/* The critical value c with Q(df/2, c/2) = alpha, by bisection. */
static double
critical(double df, double alpha)
{
	double lo = 0, hi = df + 10.0 * sqrt(2.0 * df) + 100.0, want = log10(alpha);

	while (sa_chi2_log10_sf(df, hi) > want)
		hi *= 2.0;
	for (int i = 0; i < 200; i++) {
		double mid = (lo + hi) / 2.0;

		if (sa_chi2_log10_sf(df, mid) > want)
			lo = mid;
		else
			hi = mid;
	}
	return hi;
}

/*
 * P(noncentral chi-square(df, lambda) > c): the Poisson(lambda / 2)
 * mixture of central ones, summed outward from its mode until the
 * weights fall below 1e-18 of the whole.
 */
static double
power_of(double df, double lambda, double c)
{
	double m = lambda / 2.0, sum = 0;
	long mode = (long)m;

	for (int side = 0; side < 2; side++)
		for (long j = side ? mode - 1 : mode; j >= 0; j += side ? -1 : 1) {
			double lw = -m + (double)j * (m > 0 ? log(m) : 0) -
			    lgamma((double)j + 1.0);
			double t = exp(lw + sa_chi2_log10_sf(df + 2.0 * (double)j,
			    c) * log(10.0));

			sum += t;
			if (exp(lw) < 1e-18 && (double)j > m)
				break;
			if (exp(lw) < 1e-18 && (double)j < m)
				break;
			if (!side && j > mode + 100000)
				break;
		}
	return sum;
}

int
sa_fit_detect(const sa_matrix *m, double alpha, double power,
    uint64_t *samples)
{
	size_t n = sa_matrix_about(m)->n;
	double df = (double)(n - 1) * (double)(n - 1), lambda1 = 0, c;
	uint64_t least = (uint64_t)SA_FIT_PER_CELL * n;
	uint64_t lo = 1, hi = 1;
	sa_fraction r;

	*samples = 0;
	if (n < 2 || !(alpha > 0 && alpha < 1) || !(power > 0 && power < 1))
		return SA_EINVAL;
	/*
	 * lambda for S decks is S (n - 1) sum (p - 1/n)^2 (see chi2_of: the
	 * tested statistic is (n-1)/n X, and X's is S n sum (p - 1/n)^2),
	 * which is S (n - 1) sum (ratio - 1)^2 / n^2.
	 */
	sa_fraction_init(&r);
	for (size_t i = 0; i < n; i++)
		for (size_t p = 0; p < n; p++) {
			double s = 0;

			if (sa_matrix_block(m, i, i + 1, p, p + 1, &r, NULL) !=
			    SA_OK) {
				sa_fraction_free(&r);
				return SA_ENOMEM;
			}
			s = sa_fraction_to_double(&r) - 1.0;
			lambda1 += s * s * (double)(n - 1) / ((double)n *
			    (double)n);
		}
	sa_fraction_free(&r);
	if (!(lambda1 > 0))
		return SA_ERANGE;	/* fair: no number of decks shows it */
	c = critical(df, alpha);
	while (power_of(df, lambda1 * (double)hi, c) < power) {
		if (hi > UINT64_MAX / 2)
			return SA_EOVERFLOW;
		lo = hi;
		hi *= 2;
	}
	while (lo + 1 < hi) {
		uint64_t mid = lo + (hi - lo) / 2;

		if (power_of(df, lambda1 * (double)mid, c) < power)
			lo = mid;
		else
			hi = mid;
	}
	*samples = hi > least ? hi : least;
	return SA_OK;
}

int
sa_fit_merge(sa_fit *into, const sa_fit *from)
{
	if (into->n != from->n)
		return SA_EINVAL;
	/* Every cell and ordering count is at most its decks: when the
	 * decks add up within 64 bits, so does every count. */
	if (into->samples + from->samples < into->samples)
		return SA_EOVERFLOW;
	for (size_t k = 0; k < into->n * into->n; k++)
		into->cell[k] += from->cell[k];
	for (uint64_t r = 0; into->order != NULL && r < into->orderings; r++)
		into->order[r] += from->order[r];
	into->samples += from->samples;
	return SA_OK;
}

/* A fit packed: magic, cards, decks, the cells, the orderings' counts. */
#define FIT_MAGIC UINT64_C(0x5341466974746531)	/* "SAFitte1" */

int
sa_fit_pack(const sa_fit *f, unsigned char **buf, size_t *len)
{
	size_t cells = f->n * f->n, words = 3 + cells +
	    (f->order != NULL ? (size_t)f->orderings : 0);
	uint64_t *w;

	*buf = NULL;
	*len = 0;
	if ((w = malloc(words * sizeof *w)) == NULL)
		return SA_ENOMEM;
	w[0] = FIT_MAGIC;
	w[1] = f->n;
	w[2] = f->samples;
	memcpy(w + 3, f->cell, cells * sizeof *w);
	if (f->order != NULL)
		memcpy(w + 3 + cells, f->order, (size_t)f->orderings *
		    sizeof *w);
	*buf = (unsigned char *)w;
	*len = words * sizeof *w;
	return SA_OK;
}

/* Whether F's counts hold together: every row and column of the cells,
 * and the orderings, add up to its decks. */
static bool
adds_up(const sa_fit *f)
{
	for (size_t i = 0; i < f->n; i++) {
		uint64_t row = 0, col = 0;

		for (size_t j = 0; j < f->n; j++) {
			row += f->cell[i * f->n + j];
			col += f->cell[j * f->n + i];
			if (row < f->cell[i * f->n + j] ||
			    col < f->cell[j * f->n + i])
				return false;
		}
		if (row != f->samples || col != f->samples)
			return false;
	}
	if (f->order != NULL) {
		uint64_t sum = 0;

		for (uint64_t r = 0; r < f->orderings; r++) {
			if (sum + f->order[r] < sum)
				return false;
			sum += f->order[r];
		}
		return sum == f->samples;
	}
	return true;
}

int
sa_fit_unpack(size_t n, const unsigned char *buf, size_t len, sa_fit **out)
{
	uint64_t head[3];
	size_t cells = n * n;
	sa_fit *f;
	int status;

	*out = NULL;
	if (len < sizeof head)
		return SA_EINVAL;
	memcpy(head, buf, sizeof head);
	if (head[0] != FIT_MAGIC || head[1] != n)
		return SA_EINVAL;
	if ((status = sa_fit_new(n, &f)) != SA_OK)
		return status;
	if (len != (3 + cells + (f->order != NULL ? (size_t)f->orderings :
	    0)) * sizeof(uint64_t)) {
		sa_fit_free(f);
		return SA_EINVAL;
	}
	f->samples = head[2];
	memcpy(f->cell, buf + sizeof head, cells * sizeof *f->cell);
	if (f->order != NULL)
		memcpy(f->order, buf + sizeof head + cells * sizeof *f->cell,
		    (size_t)f->orderings * sizeof *f->order);
	if (!adds_up(f)) {
		sa_fit_free(f);
		return SA_EINVAL;
	}
	*out = f;
	return SA_OK;
}
