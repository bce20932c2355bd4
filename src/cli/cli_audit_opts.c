/*
 * cli_audit_opts.c - the options of audited code (--plugin, --exec and
 * the rest), parsed and settled the same way for every command that
 * audits: census and matrix.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shuffle_audit_audit.h"
#include "cli.h"
#include "cli_audit.h"


/* The most copies of audited code run side by side. */
#define INSTANCES_MAX 16

/* PATH[:SYMBOL] into A's audit. */
static bool
parse_plugin(const char *spec, struct audit *au)
{
	const char *colon = strrchr(spec, ':');

	if (*spec == '\0' || colon == spec) {
		cli_error("--plugin: expected PATH[:SYMBOL]");
		return false;
	}
	free(au->symbol_buf);
	au->symbol_buf = strdup(spec);
	if (au->symbol_buf == NULL) {
		cli_error("--plugin: out of memory");
		return false;
	}
	au->path = au->symbol_buf;
	au->symbol = SA_PLUGIN_SYMBOL;
	if (colon != NULL) {
		au->symbol_buf[colon - spec] = '\0';
		au->symbol = au->symbol_buf + (colon - spec) + 1;
		if (*au->symbol == '\0') {
			cli_error("--plugin %s: the symbol after ':' is empty",
			    spec);
			return false;
		}
	}
	return true;
}

/*
 * The planner and the layers need a run function; the audit supplies
 * the real one.
 */
static void
audit_placeholder(const sa_shuffle *sh, unsigned *deck, size_t n,
    sa_oracle *o)
{
	(void)sh;
	(void)deck;
	(void)n;
	(void)o;
}

/*
 * --repeat all, none or 1/K: which runs of audited code are run a
 * second time to catch randomness the auditor cannot see.
 */
static bool
parse_repeat(const char *arg, struct audit *au)
{
	uint64_t k;

	au->repeat_set = true;
	if (strcmp(arg, "all") == 0) {
		au->every = 1;
		return true;
	}
	if (strcmp(arg, "none") == 0) {
		au->every = 0;
		return true;
	}
	if (strncmp(arg, "1/", 2) != 0) {
		cli_error("--repeat %s: expected all, none or 1/K",
		    cli_arg(arg));
		return false;
	}
	if (!cli_parse_uint("--repeat 1/K", arg + 2, 1, UINT64_MAX, &k))
		return false;
	au->every = k;
	return true;
}

bool
audit_option(int c, const char *arg, struct audit *au)
{
	uint64_t v;

	switch (c) {
	case OPT_PLUGIN:
		return parse_plugin(arg, au);
	case OPT_EXEC:
		if (*arg == '\0') {
			cli_error("--exec: the command is empty");
			return false;
		}
		au->command = arg;
		return true;
	case OPT_TIMEOUT:
		if (!cli_parse_uint("--timeout", arg, 1, 86400, &v))
			return false;
		au->timeout = (unsigned)v;
		return true;
	case OPT_RAW_BITS:
		if (!cli_parse_uint("--raw-bits", arg, 1, RAW_BITS_MAX, &v))
			return false;
		au->raw_bits = (unsigned)v;
		return true;
	case OPT_REPEAT:
		return parse_repeat(arg, au);
	case OPT_BATCH:
		au->batch = true;
		return true;
	case OPT_NO_STREAM:
		au->no_stream = true;
		return true;
	case OPT_INSTANCES:
		if (!cli_parse_uint("--instances", arg, 1, INSTANCES_MAX, &v))
			return false;
		au->instances = (unsigned)v;
		return true;
	case OPT_REAL_CELLS:
		if (!cli_parse_uint("--real-cells", arg, 1, SA_DRAW_MAX, &v))
			return false;
		au->real_cells = v;
		return true;
	default:	/* OPT_MAX_DRAWS */
		if (!cli_parse_uint("--max-draws", arg, 1, UINT64_C(1) << 20,
		    &v))
			return false;
		au->max_draws = (size_t)v;
		return true;
	}
}


/*
 * The cells of a real on N cards: at most the cells given, or 2 lcm(1..N)
 * (the cap run_count searches up to, fewest first), and those given or
 * lcm(1..N) for a part, whose cells are not searched.  Past 2^32 (N > 22)
 * they stay 0, which no audit takes: N! is then past 64 bits, and the
 * census refuses the cards first, saying why.
 */
static void
settle_cells(struct audit *au, size_t n)
{
	if (au->real_cells != 0) {
		au->cells_cap = au->real_cells;
		return;
	}
	if (sa_real_cells_for(n, &au->real_cells) != SA_OK)
		au->real_cells = 0;
	else if (sa_real_cells_wider(n, au->real_cells, &au->cells_cap) !=
	    SA_OK)
		au->cells_cap = au->real_cells;
}

/*
 * AU's kind of code, and its names: as messages quote it, its label and
 * its summary in the reports.
 */
static void
audit_name(struct audit *au)
{
	const char *base;

	au->ops = au->path != NULL ? &run_plugin_ops : &run_exec_ops;
	snprintf(au->shown, sizeof au->shown, "%s",
	    cli_arg(au->path != NULL ? au->path : au->command));
	memset(&au->shuffle, 0, sizeof au->shuffle);
	if (au->path != NULL) {
		base = strrchr(au->path, '/');
		base = base ? base + 1 : au->path;
		snprintf(au->label, sizeof au->label, "%s", base);
		snprintf(au->summary, sizeof au->summary, "%s() in %s, run "
		    "in a child process", au->symbol, au->path);
	} else {
		size_t len = strlen(au->command), cut = sizeof au->label - 4;

		if (len < sizeof au->label) {
			memcpy(au->label, au->command, len + 1);
		} else {
			/* Cut between characters, never inside one. */
			while (cut > 0 &&
			    ((unsigned char)au->command[cut] & 0xC0) == 0x80)
				cut--;
			memcpy(au->label, au->command, cut);
			memcpy(au->label + cut, "...", 4);
		}
		snprintf(au->summary, sizeof au->summary, "a program spoken "
		    "to over the exec protocol");
	}
}

int
audit_settle(struct audit *au, bool chose, const sa_reduce *reduce,
    size_t n)
{
	/* --batch and --instances are the exec side's, audit or not. */
	if (au->instances != 0 && au->command == NULL &&
	    (au->instances > 1 || au->path == NULL)) {
		cli_error("--instances: copies of a program, so only with "
		    "--exec (a plugin runs in one child process)");
		return -1;
	}
	if (au->batch && au->command == NULL) {
		cli_error("--batch: a plan of draws is a line of the exec "
		    "protocol, so only with --exec");
		return -1;
	}
	if (au->no_stream && au->command == NULL) {
		cli_error("--no-stream: a streamed walk is offered over the exec "
		    "protocol, so only with --exec");
		return -1;
	}
	if (au->path == NULL && au->command == NULL) {
		if (au->timeout || au->raw_bits || au->max_draws ||
		    au->repeat_set || au->real_cells) {
			cli_error("%s: only with --plugin or --exec",
			    au->timeout ? "--timeout" : au->raw_bits ?
			    "--raw-bits" : au->max_draws ? "--max-draws" :
			    au->real_cells ? "--real-cells" : "--repeat");
			return -1;
		}
		return 0;
	}
	if (au->path != NULL && au->command != NULL) {
		cli_error("--plugin and --exec: audit one at a time");
		return -1;
	}
	if (chose) {
		cli_error("-a: not with --%s, whose code is the shuffle",
		    au->path ? "plugin" : "exec");
		return -1;
	}
	if (reduce->method != SA_REDUCE_NONE) {
		cli_error("--reduce: not with --%s; ask for raw words and "
		    "reduce them in the code (--raw-bits)",
		    au->path ? "plugin" : "exec");
		return -1;
	}
	if (au->timeout == 0)
		au->timeout = 60;
	if (au->raw_bits == 0)
		au->raw_bits = 8;
	settle_cells(au, n);
	if (au->max_draws == 0)
		au->max_draws = SA_CENSUS_MAX_DRAWS;
	if (!au->repeat_set)
		au->every = 1;
	if (au->instances == 0)
		au->instances = 1;
	audit_name(au);
	au->shuffle.name = au->label;
	au->shuffle.summary = au->summary;
	au->shuffle.run = audit_placeholder;
	return 1;
}
