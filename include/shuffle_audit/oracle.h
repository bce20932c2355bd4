/*
 * shuffle_audit/oracle.h - the draw oracle: where a shuffle takes every
 * random number from (oracle.c).
 */
#ifndef SA_ORACLE_H
#define SA_ORACLE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

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

#ifdef __cplusplus
}
#endif

#endif /* SA_ORACLE_H */
