/*
 * shuffle_audit/version.h - the library's version, and the rule that keeps
 * its structs' layout from one release to the next (status.c).
 */
#ifndef SA_VERSION_H
#define SA_VERSION_H

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

/*
 * The library's version at run time, "MAJOR.MINOR.PATCH": SA_VERSION as
 * the library was built, which a program compares with the SA_VERSION it
 * was compiled against.
 */
const char *sa_version(void);

#ifdef __cplusplus
}
#endif

#endif /* SA_VERSION_H */
