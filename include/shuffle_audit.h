/*
 * shuffle_audit.h - the public interface of libshuffleaudit.
 *
 * A shuffle is a program over a draw oracle: it rearranges a deck in place
 * and asks the oracle for every random number it needs.  The census feeds
 * such a program every sequence of draws it can make and tallies, with
 * exact integers, the ordering each run lands on.
 *
 * The library never prints and never exits.  Functions that can fail
 * return an SA_ status (SA_OK is zero); sa_strerror() describes one.
 *
 * A program includes this header; it includes one header a module, under
 * shuffle_audit/, each whole by itself (a reader opens the one needed).
 * The modules, and the files of src/lib/ behind them:
 *
 *   The contract a shuffle keeps
 *     version.h       SA_VERSION, and the structs' reserved words
 *                     (status.c)
 *     status.h        the status codes, sa_strerror (status.c)
 *     oracle.h        the draw oracle (oracle.c)
 *     plugin.h        the function a plugin defines
 *   Numbers and orderings
 *     big.h           exact integers of any size (big.c)
 *     fraction.h      exact fractions, their formats and parsing
 *                     (fraction.c)
 *     perm.h          orderings: ranks and notations (perm.c)
 *   Shuffles
 *     reduce.h        the bounded-integer step, --reduce (reduce.c)
 *     shuffle.h       sa_shuffle, the step form, the built-ins
 *                     (shuffle.c, cardtable.c, closed.c)
 *     wild.h          famous shuffles from real code, as models (wild.c)
 *     repeat.h        a shuffle after another, done K times (repeat.c)
 *   The census
 *     census.h        options, run, facts, counts, tallies and merges
 *                     (census.c; the engines: steps.c with steps_pull.c,
 *                     steps_push.c and steps_shard.c, replay.c,
 *                     stepwalk.c, weighted.c, closed.c; sharded over
 *                     ranks, shard.c)
 *     plan.h          what a census will take and how long, before it
 *                     starts; sa_reduce_check (plan.c, foretell.c)
 *     figures.h       what a census says: fair share, ratio, distance,
 *                     top rows, histogram, reasons (figures.c, tally.c)
 *     layers.h        the census by layers, for draws by rejection, and
 *                     its deepening (layers.c)
 *     matrix.h        card by position, by the chain (matrix.c)
 *     distance.h      a shuffle done K times, from uniform (distance.c)
 *     trace.h         sa_walk, one run draw by draw, the runs that land
 *                     on an ordering (replay.c, trace.c)
 *   Arguments
 *     divisibility.h  the divisibility argument and run counts
 *                     (divisibility.c)
 *     statespace.h    the state-space argument (statespace.c)
 *     claims.h        the common claims, each checked now (claims.c)
 *   Black boxes and generators
 *     fit.h           decks counted and tested; chi-square tails (fit.c)
 *     decks.h         decks read from text (decks.c)
 *     sample.h        decks dealt and counted, a deal sized (sample.c)
 *     rng.h           mulberry32, xoshiro256**, the system's entropy
 *                     (rng.c)
 *     generators.h    the seeded generators of libraries (generators.c)
 *     seeds.h         every seed of a seeded deal, and the attack from
 *                     a few seen cards (seedspace.c)
 *   The system
 *     sys.h           cores, memory, the clock, time limits (sys.c)
 *     eta.h           the time left of long work (eta.c)
 *   Audited code (a plugin in a child process, a program over the exec
 *   protocol), counted by the auditor
 *     audit.h         the replay engine's odometer, the audit's options,
 *                     where a run moved in its cells (replay.c, census.c,
 *                     edge.c)
 *     real.h          the reals handed to audited code (oracle.c, exec.c)
 *     exec.h          the exec protocol, the auditor's side (exec.c)
 *     stream.h        a walk streamed from a child and counted again
 *                     (stream.c)
 *     part.h          parts of a run shared out over machines (part.c)
 *
 * shuffle_audit_plugin.h (version, status, oracle and plugin) and
 * shuffle_audit_audit.h (this header) are kept for programs that
 * include them.
 */
#ifndef SHUFFLE_AUDIT_H
#define SHUFFLE_AUDIT_H

#include "shuffle_audit/version.h"
#include "shuffle_audit/status.h"
#include "shuffle_audit/oracle.h"
#include "shuffle_audit/plugin.h"

#include "shuffle_audit/big.h"
#include "shuffle_audit/fraction.h"
#include "shuffle_audit/perm.h"

#include "shuffle_audit/reduce.h"
#include "shuffle_audit/shuffle.h"
#include "shuffle_audit/wild.h"
#include "shuffle_audit/repeat.h"

#include "shuffle_audit/census.h"
#include "shuffle_audit/plan.h"
#include "shuffle_audit/figures.h"
#include "shuffle_audit/layers.h"
#include "shuffle_audit/matrix.h"
#include "shuffle_audit/distance.h"
#include "shuffle_audit/trace.h"

#include "shuffle_audit/divisibility.h"
#include "shuffle_audit/statespace.h"
#include "shuffle_audit/claims.h"

#include "shuffle_audit/fit.h"
#include "shuffle_audit/decks.h"
#include "shuffle_audit/sample.h"
#include "shuffle_audit/rng.h"
#include "shuffle_audit/generators.h"
#include "shuffle_audit/seeds.h"

#include "shuffle_audit/sys.h"
#include "shuffle_audit/eta.h"

#include "shuffle_audit/audit.h"
#include "shuffle_audit/real.h"
#include "shuffle_audit/exec.h"
#include "shuffle_audit/stream.h"
#include "shuffle_audit/part.h"

#endif /* SHUFFLE_AUDIT_H */
