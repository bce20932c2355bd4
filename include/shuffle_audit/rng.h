/*
 * shuffle_audit/rng.h - the generators behind sampling and deals:
 * mulberry32, xoshiro256**, the system's entropy (rng.c).
 */
#ifndef SA_RNG_H
#define SA_RNG_H

#include <stdint.h>

#include "oracle.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Generators behind the oracle.
 *
 * mulberry32 (Tommy Ettinger's 32-bit generator, as published): a 32-bit
 * state, repeatable and entirely predictable.  Its oracle answers a draw
 * below K <= 2^32 as floor(x * K / 2^32) for its next output x: the
 * JavaScript deal's j = Math.floor(u * (i + 1)) with u = x / 2^32, done
 * in integers; K above 2^32 takes two outputs as one 64-bit x, likewise.
 */
uint32_t sa_mulberry32_next(uint32_t *state);

typedef struct sa_mulberry32 {
	sa_oracle base;
	uint32_t state;
} sa_mulberry32;

void sa_mulberry32_init(sa_mulberry32 *g, uint32_t seed);

/*
 * xoshiro256** (Blackman and Vigna, 2018), a small fast generator with
 * 256 bits of state, for sampling: draws below k by Lemire's unbiased
 * multiply-and-reject, raw words as its top bits.  Seeded by splitmix64
 * from SEED; STREAM picks one of many disjoint-seeded copies (one for
 * each thread).  S may also be set directly.
 */
typedef struct sa_xoshiro256 {
	sa_oracle base;
	uint64_t s[4];
} sa_xoshiro256;

void sa_xoshiro256_init(sa_xoshiro256 *g, uint64_t seed, uint64_t stream);
uint64_t sa_xoshiro256_next(sa_xoshiro256 *g);

/*
 * The operating system's entropy (getrandom), with unbiased bounded
 * draws by rejection.  If the system source fails, ERR becomes SA_ESYS
 * and draws return 0: check it after use.
 */
typedef struct sa_sysrandom {
	sa_oracle base;
	int err;
} sa_sysrandom;

void sa_sysrandom_init(sa_sysrandom *g);

#ifdef __cplusplus
}
#endif

#endif /* SA_RNG_H */
