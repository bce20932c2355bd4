/*
 * cli_census_show.h - the report of a census (cli_census_show.c), for
 * cli_census.c.  Private to the command line.
 */
#ifndef SA_CLI_CENSUS_SHOW_H
#define SA_CLI_CENSUS_SHOW_H

#include "cli.h"
#include "cli_audit.h"

#define CENSUS_TEXT_ROWS 24	/* rows text shows unless --top says */

/* How a census is to be reported, from its options. */
struct census_view {
	size_t n;
	enum rep_format fmt;
	enum sa_notation notation;
	bool by_runs;		/* --sort runs */
	bool summary;		/* --summary */
	bool check;		/* --check: the exit status follows the verdict */
	bool audited;		/* audited code, checked by MODEL */
	uint64_t top;		/* rows; 0: the format's default */
	struct audit_check model;
};

/* The report of census C on stdout; an exit status. */
int census_show(const struct census_view *v, const sa_census *c);

#endif /* SA_CLI_CENSUS_SHOW_H */
