/*
 * shuffle_audit/seeds.h - the seed space of a seeded deal, every seed dealt,
 * in parts; the attack from a few seen cards (seedspace.c).
 */
#ifndef SA_SEEDS_H
#define SA_SEEDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fraction.h"
#include "generators.h"
#include "reduce.h"
#include "shuffle.h"
#include "sys.h"
#include "version.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * The seed space of a seeded deal (seedspace.c): every seed from FIRST, COUNT
 * of them (0: the rest of the generator's space), seeds GEN, which
 * answers SHUFFLE's draws on N <= SA_SEEDS_MAX_CARDS cards (by REDUCE
 * over its raw words when set), and each ordering dealt is counted.  The
 * info: the seeds, the orderings and those reached, a commonest and a
 * rarest ordering (the first by rank) with their seeds, and whether
 * every ordering is dealt by as many seeds.  sa_seeds_plan says the
 * seeds and the memory first, and SA_ETOOBIG past MAX_BYTES (0:
 * sa_memory_available()), SA_ERANGE for seeds outside the space.
 */
#define SA_SEEDS_MAX_CARDS 12

typedef struct sa_seeds_opts {
	uint64_t first, count;
	sa_reduce reduce;
	unsigned threads;	/* 0: the machine's cores */
	uint64_t max_bytes;
	/* Called now and then with the fraction done; may be NULL. */
	void (*progress)(void *ctx, double done);
	void *progress_ctx;
	sa_time_limit *limit;	/* NULL: none; units are seeds */
	uint64_t sa_reserved[SA_RESERVED];	/* zero; see SA_RESERVED */
} sa_seeds_opts;

typedef struct sa_seeds_info {
	uint64_t first, seeds;
	uint64_t orderings, reached;
	uint64_t max_rank, max_count;
	uint64_t min_rank, min_count;	/* 0 seeds when some is never dealt */
	bool uniform;
	bool fast;		/* walked by sequences of draws */
	uint64_t last;		/* the last seed dealt */
	uint64_t unreached;	/* orderings never dealt */
	uint64_t df;		/* the chi-square's degrees of freedom */
	bool divides;		/* the orderings divide the seeds: a uniform
				   deal is possible at all */
} sa_seeds_info;

typedef struct sa_seeds sa_seeds;

int sa_seeds_plan(const sa_shuffle *shuffle, size_t n,
    const sa_seeded_gen *gen, const sa_seeds_opts *opts, uint64_t *seeds,
    uint64_t *bytes);
int sa_seeds_run(const sa_shuffle *shuffle, size_t n,
    const sa_seeded_gen *gen, const sa_seeds_opts *opts, sa_seeds **out);
void sa_seeds_free(sa_seeds *s);	/* NULL is fine */
const sa_seeds_info *sa_seeds_about(const sa_seeds *s);
uint64_t sa_seeds_count(const sa_seeds *s, uint64_t rank);
/*
 * The count of the ordering of rank RANK against an even share, count
 * times n! over the seeds, exactly into OUT; SA_OK or SA_ENOMEM.
 */
int sa_seeds_ratio(const sa_seeds *s, uint64_t rank, sa_fraction *out);
/* Pearson's chi-square against every ordering equally often, exactly,
 * on orderings - 1 degrees of freedom. */
int sa_seeds_chi2(const sa_seeds *s, sa_fraction *out);
/* That statistic's p-value, as its base-10 logarithm (0 for one
 * ordering); SA_OK or SA_ENOMEM. */
int sa_seeds_log10_p(const sa_seeds *s, double *out);
/* The share of GEN's seed space S dealt, and *WHOLE when it is all. */
double sa_seeds_share(const sa_seeds *s, const sa_seeded_gen *gen,
    bool *whole);

/*
 * A seed space in parts (--part, then merge): sa_seeds_part narrows O
 * (whose SEEDS seeds start at O->first) to part INDEX (1 .. COUNT) of
 * COUNT, stretches of seeds as even as they go, in order (SA_ERANGE
 * for more parts than seeds).
 * sa_seeds_pack writes S's tally as bytes (malloc'd, *LEN);
 * sa_seeds_unpack reads them back as the seed space of N cards
 * (SA_EINVAL when they are not one, or their counts do not add up to
 * their seeds); sa_seeds_merge adds FROM, the stretch right after
 * INTO's, to INTO, and its figures follow (SA_EINVAL when FROM is not
 * that stretch, of the same cards and path).
 */
int sa_seeds_part(sa_seeds_opts *o, uint64_t seeds, unsigned index,
    unsigned count);
int sa_seeds_pack(const sa_seeds *s, unsigned char **buf, size_t *len);
int sa_seeds_unpack(size_t n, const unsigned char *buf, size_t len,
    sa_seeds **out);
int sa_seeds_merge(sa_seeds *into, const sa_seeds *from);
/*
 * Whether S, merged from parts, is the whole seed space O asks of GEN:
 * its first seed O's FIRST and its seeds every one the range holds (as
 * sa_seeds_plan counts them); SA_EINVAL, WHY saying what differs.
 */
int sa_seeds_whole(const sa_seeds *s, const sa_seeded_gen *gen,
    const sa_seeds_opts *o, char *why, size_t size);

/*
 * The attack from a few seen cards: every seed of the range dealt (N up
 * to SA_SEEDS_MATCH_MAX_CARDS cards), the seeds whose deal starts with
 * the NSEEN cards SEEN counted and the first LIST of them kept; and, for
 * k = 1 .. DEPTH (8, or N if fewer), REMAIN[k-1], the average over the
 * seeds of how many seeds deal the same first k cards as that seed:
 * what is left to guess once k cards are seen.  The plan: the seeds and
 * the memory (16 bytes a seed), as sa_seeds_plan.
 */
#define SA_SEEDS_MATCH_MAX_CARDS 64

typedef struct sa_seeds_match {
	uint64_t seeds, matches;
	uint64_t last;		/* the last seed dealt */
	uint64_t *first;
	size_t listed, depth;
	sa_fraction remain[8];
} sa_seeds_match;

int sa_seeds_match_plan(const sa_shuffle *shuffle, size_t n,
    const sa_seeded_gen *gen, const sa_seeds_opts *opts, size_t nseen,
    uint64_t *seeds, uint64_t *bytes);
int sa_seeds_match_run(const sa_shuffle *shuffle, size_t n,
    const sa_seeded_gen *gen, const sa_seeds_opts *opts,
    const unsigned *seen, size_t nseen, size_t list, sa_seeds_match *out);
void sa_seeds_match_free(sa_seeds_match *m);

#ifdef __cplusplus
}
#endif

#endif /* SA_SEEDS_H */
