/*
 * cli_census_args.h - the census command's options, parsed and checked
 * (cli_census_args.c), for the command itself (cli_census.c).
 */
#ifndef SA_CLI_CENSUS_ARGS_H
#define SA_CLI_CENSUS_ARGS_H

#include <getopt.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "cli.h"
#include "cli_audit.h"
#include "cli_part.h"

struct census_args {
	sa_shuffle shuffle;
	size_t n;
	enum rep_format fmt;
	int fmt_choice;		/* -f, junit among them */
	bool by_runs;
	uint64_t top;		/* 0: the format's default */
	bool check;
	bool summary;
	uint64_t threads;
	enum sa_engine engine;
	enum sa_notation notation;
	sa_reduce reduce;
	bool chose;		/* -a was given */
	struct audit audit;	/* --plugin or --exec */
	bool audited;
	struct audit_check model;	/* an audit's second models */
	/* --layers, --depth, --remainder, --time-limit */
	bool layers;
	uint64_t depth;
	const char *remainder;
	uint64_t seconds;
	uint64_t times;		/* --times; 0 or 1: once */
	sa_time_limit limit;	/* of a census composed (--times) */
	sa_shuffle base;	/* the shuffle --times repeats */
	sa_repeated repeated;
	bool plan;		/* --plan, for --ranks, at --network */
	uint64_t ranks, gbits, memory;
	const struct part_set *merging;	/* under merge: the parts */
};

/* The deepest --depth: as many draws as a run may make. */
#define DEPTH_MAX SA_CENSUS_MAX_DRAWS

/* The options, as getopt reads them and the completions list them. */
extern const struct option census_options[];

/* census --help's text, to OUT. */
void census_help(FILE *out);

/*
 * The census's command line into *A by CMD's option table, its options
 * checked together and defaulted (MERGING: the parts under merge, or
 * NULL); 0, or the exit status after a message (--help's is EXIT_FAIR).
 */
int census_parse_args(const struct cli_command *cmd, int argc, char **argv,
    const struct part_set *merging, struct census_args *a);

#endif
