/*
 * shuffle_audit_plugin.h - all a plugin needs: the draw oracle its
 * shuffle takes every random number from, the contract it keeps, and
 * the status codes (for oracle->fail).  Included by shuffle_audit.h;
 * a plugin may include either.  Build one with
 *
 *	cc -shared -fPIC -o shuffle.so shuffle.c
 *
 * and audit it with shuffle-audit census --plugin ./shuffle.so.
 */
#ifndef SHUFFLE_AUDIT_PLUGIN_H
#define SHUFFLE_AUDIT_PLUGIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SA_VERSION "0.1.0"
/*
 * The same version as one number, for the preprocessor: MAJOR * 10000 +
 * MINOR * 100 + PATCH, MINOR and PATCH each below 100 (0.1.0 is 100,
 * 1.12.3 is 11203), so that "#if SA_VERSION_NUMBER >= 10200" asks for
 * 1.2.0 or later.  Set with SA_VERSION; test_status checks they agree.
 */
#define SA_VERSION_NUMBER 100

/*
 * The structs a program allocates and the library reads or fills in
 * place (the options, plans and results, and sa_shuffle) end in
 * SA_RESERVED zero words, sa_reserved.  A later release takes new
 * members from them, keeping each struct's size and every member's
 * place, so that a program linked before runs on: its zeroed words mean
 * what they always did.  So zero such a struct before setting members
 * (= { 0 }, memset, or a designated initializer, which zeroes the rest).
 * The structs the library hands out by pointer (sa_census_info and the
 * other *_info) may grow at their end; the small value types (sa_step,
 * sa_reduce, sa_fraction, the generators' states, the rows and records
 * of arrays) keep their layout.  A change past that changes MAJOR.
 */
#define SA_RESERVED 8

/* Status codes.  Every failing function returns one of these. */
enum {
	SA_OK = 0,
	SA_EINVAL,	/* an argument is outside its documented range */
	SA_ENOMEM,	/* an allocation failed */
	SA_ETOOBIG,	/* the work needs more memory than it may take */
	SA_EOVERFLOW,	/* a count would not fit in 64 bits */
	SA_EBOUND,	/* a draw below 0, or above SA_DRAW_MAX */
	SA_EDRAWS,	/* a run made more draws than allowed */
	SA_ENOTPERM,	/* a run did not end on a permutation of the deck */
	SA_ENONDET,	/* the same draws led the shuffle somewhere else */
	SA_ERANGE,	/* a given draw is not below the bound asked for */
	SA_ESHORT,	/* the shuffle asked for more draws than were given */
	SA_ELONG,	/* more draws were given than the shuffle made */
	SA_ESYS,	/* the system's random source failed */
	SA_EUNKNOWN,	/* no such name */
	SA_EPARAM,	/* a parameter is malformed or out of range */
	SA_EPROTO,	/* audited code broke its protocol or failed */
	SA_EOVERRUN,	/* a run wrote outside the deck it was given */
	SA_ETIME,	/* the work reached its deadline and was stopped */
	SA_ECOMM,	/* a rank of sharded work failed to exchange */
	SA_ETIES,	/* more reals tied in one cell than a double orders */
	SA_EMODEL	/* the same draws gave another deck with a number */
			/* placed elsewhere in what the census counted */
};

/* A short lower-case description of STATUS, never NULL. */
const char *sa_strerror(int status);

/*
 * The library's version at run time, "MAJOR.MINOR.PATCH": SA_VERSION as
 * the library was built, which a program compares with the SA_VERSION it
 * was compiled against.
 */
const char *sa_version(void);

/*
 * The draw oracle.
 *
 * sa_draw(O, K) returns an integer uniformly distributed in [0, K): "give
 * me a uniform integer below K".  K must be at least 1.  A shuffle never
 * calls a generator directly; each engine supplies its own oracle (the
 * census an enumerator, a deal a seeded generator, a trace a list).
 *
 * A draw below 0 breaks the contract, and so, in the census, do more
 * draws than the limit allows: such a draw does not return.  The engine
 * abandons the run (with longjmp, so a shuffle should hold no resources
 * across a draw that it would leak if abandoned) and reports the breach.
 */
typedef struct sa_oracle sa_oracle;
struct sa_oracle {
	uint64_t (*draw)(sa_oracle *self, uint64_t bound);
	/* A raw word of BITS uniform bits, 1 <= BITS <= 64; may be NULL. */
	uint64_t (*raw)(sa_oracle *self, unsigned bits);
	/* The width of sa_word(); 0 when the oracle does not choose one. */
	unsigned word_bits;
	/*
	 * Gives the run up, when the engine can (the census can; it does
	 * not return then); may be NULL.  The run given up is the code's
	 * misbehaviour: the census ends with SA_EPROTO and the command line
	 * quotes STATUS as the code's own, whatever it is.  No STATUS is
	 * taken for one of the engine's (a run cut at a census by layers'
	 * depth, SA_ETIME, SA_ENOMEM, SA_EOVERFLOW): those are the
	 * engine's to meet.
	 */
	void (*fail)(sa_oracle *self, int status);
	/*
	 * The cells of sa_real(): a real is the midpoint of one of REAL_CELLS
	 * equal cells of [0, 1); 0: 2^32.  REAL draws the cell, a number
	 * below sa_real_cells(SELF); may be NULL, for a draw below it.
	 */
	uint64_t real_cells;
	uint64_t (*real)(sa_oracle *self);
	/*
	 * A real in [0, 1) itself, exact under comparison (see sa_real);
	 * may be NULL, for the midpoint of the cell REAL draws.
	 */
	double (*uniform)(sa_oracle *self);
};

/* The largest bound a draw may ask for: 2^32.  Above it, SA_EBOUND. */
#define SA_DRAW_MAX (UINT64_C(1) << 32)

static inline uint64_t
sa_draw(sa_oracle *o, uint64_t bound)
{
	return o->draw(o, bound);
}

/*
 * sa_raw(O, B) returns a uniform B-bit word, for code that turns random
 * words into numbers below k itself.  Only oracles with a raw() answer.
 */
static inline uint64_t
sa_raw(sa_oracle *o, unsigned bits)
{
	return o->raw(o, bits);
}

/*
 * sa_word(O) returns a raw word of the width the engine chose, which
 * sa_word_bits(O) tells: the census of a plugin enumerates all
 * 2^sa_word_bits(O) values of each word (census --raw-bits, default 8),
 * so code that reduces words itself (r % k, r * k >> bits) is measured
 * exactly at that width.
 */
static inline unsigned
sa_word_bits(const sa_oracle *o)
{
	return o->word_bits ? o->word_bits : 32;
}

static inline uint64_t
sa_word(sa_oracle *o)
{
	return o->raw(o, sa_word_bits(o));
}

/*
 * sa_real(O) returns a real in [0, 1), for code that draws floats.  The
 * census of a plugin deals a real as independent uniform reals fall:
 * its cell j, one of M = sa_real_cells(O) equal cells of [0, 1) (census
 * --real-cells, default lcm(1, ..., n)), and, when earlier reals of the
 * run fell in the same cell, its place among them, every place equally
 * likely.  It enumerates both, so that floor(u * k) is exactly uniform
 * for every k dividing M and reals compare as independent uniform reals
 * do (a tie has probability 0): a float Fisher-Yates, a sort by random
 * keys and a comparator on u < 1/2 are all counted exactly.  The bias
 * of a float's finitely many bits is another question, which the
 * built-in model --reduce multiply:53 answers.  The value is
 * (j 2^d + a) / (M 2^d), the first real of a cell its midpoint
 * (2j + 1) / 2M; both terms are exact in a double and the quotient is
 * correctly rounded, so every language computes the same u
 * (shuffle-audit(1), THE EXEC PROTOCOL).
 */
static inline uint64_t
sa_real_cells(const sa_oracle *o)
{
	return o->real_cells ? o->real_cells : SA_DRAW_MAX;
}

static inline double
sa_real(sa_oracle *o)
{
	uint64_t m = sa_real_cells(o), j;

	if (o->uniform != NULL)
		return o->uniform(o);
	j = o->real != NULL ? o->real(o) : sa_draw(o, m);
	return (double)(2 * j + 1) / (double)(2 * m);
}

/*
 * The plugin contract.  A plugin is a shared object with a function of
 * this type, by default named SA_PLUGIN_SYMBOL, that shuffles DECK[0 ..
 * N-1] in place, asking ORACLE for every random number it uses (sa_draw,
 * sa_word or sa_real) and nothing else: no rand(), no clock, no state kept from
 * one call to the next.  It must end with a permutation of the deck it
 * was given, make at most the census's --max-draws draws, and ask no
 * draw below 0 or above SA_DRAW_MAX.
 */
typedef void sa_plugin_fn(unsigned *deck, size_t n, sa_oracle *oracle);
#define SA_PLUGIN_SYMBOL "shuffle_audit_shuffle"

/* The function a plugin defines (the library never does). */
sa_plugin_fn shuffle_audit_shuffle;

#ifdef __cplusplus
}
#endif

#endif /* SHUFFLE_AUDIT_PLUGIN_H */
