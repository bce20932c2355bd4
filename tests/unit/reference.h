/*
 * reference.h - what several of the census's unit tests share: the
 * reference walk, which shares no code with the engines, and its ranks.
 */
#ifndef SA_TEST_REFERENCE_H
#define SA_TEST_REFERENCE_H

static inline uint64_t
ref_rank(const unsigned *p, size_t n)
{
	uint64_t r = 0;

	for (size_t i = 0; i < n; i++) {
		uint64_t smaller = 0;

		for (size_t j = i + 1; j < n; j++)
			smaller += p[j] < p[i];
		r = r * (n - i) + smaller;
	}
	return r;
}

/* Rank of an ordering written as digits, e.g. "1032". */
static inline uint64_t
rank_of(const char *digits)
{
	unsigned p[SA_PERM_MAX];
	size_t n = strlen(digits);

	for (size_t i = 0; i < n; i++)
		p[i] = (unsigned)(digits[i] - '0');
	return ref_rank(p, n);
}

enum ref_kind { REF_NAIVE, REF_DURSTENFELD };

/*
 * The reference walk.  Run number k is read as digits: the naive shuffle
 * draws n digits in base n, position i first; Durstenfeld's draws, for
 * i = n-1 down to 1, a digit in base i+1.
 */
static inline uint64_t *
ref_census(enum ref_kind kind, size_t n, uint64_t *runs_out)
{
	uint64_t orderings = sa_factorial(n), runs = 1;
	uint64_t *tally = calloc(orderings, sizeof *tally);
	unsigned deck[SA_PERM_MAX];

	assert_non_null(tally);
	for (size_t i = 0; i < n; i++)
		runs *= kind == REF_NAIVE ? n : i + 1;
	for (uint64_t k = 0; k < runs; k++) {
		uint64_t rest = k;

		for (size_t i = 0; i < n; i++)
			deck[i] = (unsigned)i;
		if (kind == REF_NAIVE) {
			for (size_t i = 0; i < n; i++) {
				size_t j = (size_t)(rest % n);
				unsigned t = deck[i];

				rest /= n;
				deck[i] = deck[j];
				deck[j] = t;
			}
		} else {
			for (size_t i = n - 1; i >= 1 && i < n; i--) {
				size_t j = (size_t)(rest % (i + 1));
				unsigned t = deck[i];

				rest /= i + 1;
				deck[i] = deck[j];
				deck[j] = t;
			}
		}
		tally[ref_rank(deck, n)]++;
	}
	*runs_out = runs;
	return tally;
}

/* A program with no draws has exactly one run. */
static inline void
still_run(const sa_shuffle *self, unsigned *deck, size_t n, sa_oracle *o)
{
	(void)self;
	(void)deck;
	(void)n;
	(void)o;
}

/*
 * Census of SPEC on N cards by ENGINE (AUTO when 0); free_census lets
 * it and its shuffle go.  (With cmocka included.)
 */
static inline sa_census *
census_of(const char *spec, size_t n, enum sa_engine engine)
{
	sa_census_opts o;
	sa_shuffle *sh = malloc(sizeof *sh);
	sa_census *c;

	assert_non_null(sh);
	memset(&o, 0, sizeof o);
	o.engine = engine;
	assert_int_equal(sa_shuffle_parse(spec, sh), SA_OK);
	/* the census keeps a pointer to the shuffle: leak it to the end */
	assert_int_equal(sa_census_run(sh, n, &o, &c), SA_OK);
	return c;
}

static inline void
free_census(sa_census *c)
{
	free((void *)sa_census_about(c)->shuffle);
	sa_census_free(c);
}

#endif
