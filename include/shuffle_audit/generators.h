/*
 * shuffle_audit/generators.h - the seeded generators of libraries
 * (generators.c).
 */
#ifndef SA_GENERATORS_H
#define SA_GENERATORS_H

#include <stddef.h>
#include <stdint.h>

#include "oracle.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * The seeded generators of the libraries people shuffle with, each as
 * its library writes it (generators.c): KIND, its NAME for -g, what it is,
 * where it comes from, the bits of its seed space and of one output.
 * An sa_seeded answers a draw the way its library's shuffle asks (its
 * native draw: mulberry32 and delphi floor(x k / 2^32), glibc and
 * mt19937 the output modulo k, java nextInt(k), dotnet Next(k), that
 * is sa_scale), and gives the top bits
 * of its outputs as raw words.  A bound it cannot take sets ERR to
 * SA_EBOUND.
 */
enum sa_gen_kind {
	SA_GEN_MULBERRY32, SA_GEN_DELPHI, SA_GEN_GLIBC, SA_GEN_JAVA,
	SA_GEN_MT19937, SA_GEN_DOTNET
};

typedef struct sa_seeded_gen {
	enum sa_gen_kind kind;
	const char *name;
	const char *summary;
	const char *source;
	unsigned seed_bits;	/* seeds 0 .. 2^seed_bits - 1 */
	unsigned word_bits;	/* bits of one output */
} sa_seeded_gen;

const sa_seeded_gen *sa_seeded_gens(size_t *count);
const sa_seeded_gen *sa_seeded_find(const char *name); /* NULL if unknown */

typedef struct sa_seeded {
	sa_oracle base;
	const sa_seeded_gen *gen;
	int err;
	uint64_t gen_limit;	/* the largest bound of a native draw */
	uint64_t state;		/* the LCGs' and mulberry32's */
	uint32_t words[624];	/* glibc's 31, MT19937's 624, .NET's 56 */
	int front, rear;
} sa_seeded;

void sa_seeded_init(sa_seeded *g, const sa_seeded_gen *gen, uint64_t seed);
/* The next output: rand()'s 31 bits for glibc, next(32) for java. */
uint32_t sa_seeded_next(sa_seeded *g);

#ifdef __cplusplus
}
#endif

#endif /* SA_GENERATORS_H */
