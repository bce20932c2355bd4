/*
 * generators.c - the seeded generators of the libraries people shuffle with,
 * as those libraries write them, behind the draw oracle: each answers a
 * draw the way its library's shuffle asks for one (its "native" draw),
 * and gives raw words for --reduce.  Each is checked bit for bit in the
 * unit tests against its reference (glibc's own rand(), the published
 * outputs of mulberry32, MT19937 and java.util.Random).
 */
#include <string.h>

#include "shuffle_audit.h"
#include "internal.h"

static const sa_seeded_gen gens[] = {
	{ SA_GEN_MULBERRY32, "mulberry32",
	  "Tommy Ettinger's 32-bit generator; a draw below k is "
	  "floor(x k / 2^32)",
	  "mulberry32, published by T. Ettinger (2017); the seeded "
	  "JavaScript deal", 32, 32 },
	{ SA_GEN_DELPHI, "delphi",
	  "Delphi / Turbo Pascal Random: RandSeed := RandSeed * 134775813 "
	  "+ 1; Random(k) = (RandSeed * k) >> 32",
	  "Borland Delphi and Turbo Pascal System.Random, the generator "
	  "of the 1999 online poker shuffle", 32, 32 },
	{ SA_GEN_GLIBC, "glibc",
	  "glibc rand() after srand(seed), the TYPE_3 additive feedback "
	  "generator; a draw below k is rand() % k",
	  "GNU C Library stdlib/random_r.c", 32, 31 },
	{ SA_GEN_JAVA, "java",
	  "java.util.Random(seed): the 48-bit LCG, seed scrambled by "
	  "0x5DEECE66D; a draw below k is nextInt(k)",
	  "OpenJDK java/util/Random.java; Collections.shuffle", 48, 32 },
	{ SA_GEN_MT19937, "mt19937",
	  "MT19937 seeded from a 32-bit integer as std::mt19937(seed); a "
	  "draw below k is gen() % k",
	  "M. Matsumoto and T. Nishimura (1998); C++ std::mt19937", 32,
	  32 },
	{ SA_GEN_DOTNET, "dotnet",
	  "System.Random(seed) of .NET, Knuth's subtractive generator as "
	  "Microsoft wrote it (with inextp = 21); a draw below k is "
	  "(int)(x * (1.0 / int.MaxValue) * k), --reduce scale:31",
	  "Microsoft .NET Framework reference source, "
	  "System/Random.cs; .NET 5+ keeps it for seeded Random", 31, 31 },
};

const sa_seeded_gen *
sa_seeded_gens(size_t *count)
{
	*count = sizeof gens / sizeof gens[0];
	return gens;
}

const sa_seeded_gen *
sa_seeded_find(const char *name)
{
	for (size_t i = 0; i < sizeof gens / sizeof gens[0]; i++)
		if (strcmp(gens[i].name, name) == 0)
			return &gens[i];
	return NULL;
}

#define JAVA_MULT UINT64_C(0x5DEECE66D)
#define JAVA_MASK ((UINT64_C(1) << 48) - 1)

/* glibc's srand(): the 31 words by Park and Miller's minimal standard,
 * then 310 outputs thrown away (stdlib/random_r.c, TYPE_3). */
static void
glibc_seed(sa_seeded *g, uint32_t seed)
{
	int32_t word;

	if (seed == 0)
		seed = 1;
	g->words[0] = seed;
	word = (int32_t)seed;
	for (int i = 1; i < 31; i++) {
		/* word = 16807 * word % 2147483647, as glibc avoids overflow */
		int32_t hi = word / 127773, lo = word % 127773;

		word = 16807 * lo - 2836 * hi;
		if (word < 0)
			word += 2147483647;
		g->words[i] = (uint32_t)word;
	}
	g->front = 3;
	g->rear = 0;
	for (int i = 0; i < 310; i++)
		(void)sa_seeded_next(g);
}

#define DOTNET_MBIG 2147483647
#define DOTNET_MSEED 161803398

/*
 * .NET's Random(int seed): the seed (its absolute value; 0 .. 2^31 - 1
 * here, negative seeds alias these) fills 55 words in Knuth's order, and
 * four passes stir them.  MSEED - seed goes negative past 161803398 and
 * is left so, as Microsoft's code leaves it: that is why seeds 0 and
 * 2^31 - 1 give nearly the same stream.  Words sit in words[1 .. 55].
 */
static void
dotnet_seed(sa_seeded *g, uint32_t seed)
{
	int32_t *a = (int32_t *)g->words;
	int32_t mj = DOTNET_MSEED - (int32_t)(seed & 0x7fffffffu), mk = 1;

	a[55] = mj;
	for (int i = 1; i < 55; i++) {
		int ii = 21 * i % 55;

		a[ii] = mk;
		mk = mj - mk;
		if (mk < 0)
			mk += DOTNET_MBIG;
		mj = a[ii];
	}
	for (int k = 1; k < 5; k++)
		for (int i = 1; i < 56; i++) {
			/* int arithmetic that wraps in C#, so in 32 bits here */
			a[i] = (int32_t)((uint32_t)a[i] -
			    (uint32_t)a[1 + (i + 30) % 55]);
			if (a[i] < 0)
				a[i] += DOTNET_MBIG;
		}
	g->front = 0;	/* inext */
	g->rear = 21;	/* inextp: Knuth has 31 */
}

/* InternalSample(): a number 0 .. 2^31 - 2. */
static uint32_t
dotnet_next(sa_seeded *g)
{
	int32_t *a = (int32_t *)g->words, r;

	if (++g->front >= 56)
		g->front = 1;
	if (++g->rear >= 56)
		g->rear = 1;
	r = (int32_t)((uint32_t)a[g->front] - (uint32_t)a[g->rear]);
	if (r == DOTNET_MBIG)
		r--;
	if (r < 0)
		r += DOTNET_MBIG;
	a[g->front] = r;
	return (uint32_t)r;
}

/* MT19937's init_genrand and one twist of its 624 words. */
static void
mt_seed(sa_seeded *g, uint32_t seed)
{
	g->words[0] = seed;
	for (uint32_t i = 1; i < 624; i++)
		g->words[i] = 1812433253u * (g->words[i - 1] ^
		    (g->words[i - 1] >> 30)) + i;
	g->front = 624;
}

static void
mt_twist(sa_seeded *g)
{
	uint32_t *mt = g->words;

	for (int i = 0; i < 624; i++) {
		uint32_t y = (mt[i] & 0x80000000u) |
		    (mt[(i + 1) % 624] & 0x7fffffffu);

		mt[i] = mt[(i + 397) % 624] ^ (y >> 1) ^
		    (y & 1u ? 0x9908b0dfu : 0u);
	}
	g->front = 0;
}

uint32_t
sa_seeded_next(sa_seeded *g)
{
	uint32_t y;

	switch (g->gen->kind) {
	case SA_GEN_MULBERRY32: {
		uint32_t s = (uint32_t)g->state;

		y = sa_mulberry32_next(&s);
		g->state = s;
		return y;
	}
	case SA_GEN_DELPHI:
		g->state = (uint32_t)(g->state * 134775813u + 1u);
		return (uint32_t)g->state;
	case SA_GEN_GLIBC:
		g->words[g->front] += g->words[g->rear];
		y = g->words[g->front] >> 1;
		g->front = g->front == 30 ? 0 : g->front + 1;
		g->rear = g->rear == 30 ? 0 : g->rear + 1;
		return y;
	case SA_GEN_JAVA:
		g->state = (g->state * JAVA_MULT + 0xB) & JAVA_MASK;
		return (uint32_t)(g->state >> 16);
	case SA_GEN_DOTNET:
		return dotnet_next(g);
	default:	/* SA_GEN_MT19937 */
		if (g->front >= 624)
			mt_twist(g);
		y = g->words[g->front++];
		y ^= y >> 11;
		y ^= (y << 7) & 0x9d2c5680u;
		y ^= (y << 15) & 0xefc60000u;
		return y ^ (y >> 18);
	}
}

/* java.util.Random.nextInt(bound), as the JDK writes it. */
static uint64_t
java_next_int(sa_seeded *g, uint64_t bound)
{
	int64_t m = (int64_t)bound - 1;
	int32_t r = (int32_t)(sa_seeded_next(g) >> 1), u;

	if ((bound & (uint64_t)m) == 0)
		return (uint64_t)(((int64_t)bound * r) >> 31);
	/* u - r + m < 0 is the JDK's int overflow test, done in 64 bits */
	for (u = r; (int64_t)u - (r = (int32_t)(u % (int64_t)bound)) + m >
	    INT32_MAX; u = (int32_t)(sa_seeded_next(g) >> 1))
		;
	return (uint64_t)r;
}

static uint64_t
seeded_draw(sa_oracle *o, uint64_t bound)
{
	sa_seeded *g = (sa_seeded *)o;

	if (bound == 0 || bound > g->gen_limit) {
		if (o->fail != NULL)
			o->fail(o, SA_EBOUND);
		g->err = SA_EBOUND;
		return 0;
	}
	switch (g->gen->kind) {
	case SA_GEN_MULBERRY32:
	case SA_GEN_DELPHI:
		return ((uint64_t)sa_seeded_next(g) * bound) >> 32;
	case SA_GEN_JAVA:
		return java_next_int(g, bound);
	case SA_GEN_DOTNET:
		return sa_scale(sa_seeded_next(g), DOTNET_MBIG, bound);
	default:	/* glibc, mt19937: the next output modulo k */
		return sa_seeded_next(g) % bound;
	}
}

/* The top BITS bits of the next output (of its word_bits bits). */
static uint64_t
seeded_raw(sa_oracle *o, unsigned bits)
{
	sa_seeded *g = (sa_seeded *)o;
	unsigned w = g->gen->word_bits;

	if (bits > w) {
		g->err = SA_EBOUND;
		return 0;
	}
	return sa_seeded_next(g) >> (w - bits);
}

void
sa_seeded_init(sa_seeded *g, const sa_seeded_gen *gen, uint64_t seed)
{
	g->base.draw = seeded_draw;
	g->base.raw = seeded_raw;
	g->base.word_bits = 0;
	g->base.fail = NULL;
	g->gen = gen;
	g->err = SA_OK;
	/* java's nextInt takes an int bound; the others one output's range */
	g->gen_limit = gen->kind == SA_GEN_JAVA ||
	    gen->kind == SA_GEN_DOTNET ? INT32_MAX :
	    gen->kind == SA_GEN_GLIBC ? UINT64_C(1) << 31 : UINT64_C(1) << 32;
	switch (gen->kind) {
	case SA_GEN_MULBERRY32:
	case SA_GEN_DELPHI:
		g->state = (uint32_t)seed;
		break;
	case SA_GEN_GLIBC:
		glibc_seed(g, (uint32_t)seed);
		break;
	case SA_GEN_JAVA:
		g->state = (seed ^ JAVA_MULT) & JAVA_MASK;
		break;
	case SA_GEN_DOTNET:
		dotnet_seed(g, (uint32_t)seed);
		break;
	default:
		mt_seed(g, (uint32_t)seed);
		break;
	}
}
