/*
 * cli_getopt.c - the option loop every command shares: getopt_long with
 * what it read kept (a part's command line, sorted), the options every
 * command takes (-a, -f, -n, --help), and the messages for an unknown
 * option, a missing value and a word too many.
 */
#define _POSIX_C_SOURCE 200809L

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* The options getopt read last, for a message about an unknown one. */
static const struct option *last_longopts;

int
cli_bad_option(const char *cmd, int c, char **argv)
{
	extern int optind, optopt;
	const char *arg = argv[optind - 1];
	int len;

	/* Long options are named as written, up to any "=value". */
	if (strncmp(arg, "--", 2) == 0) {
		const struct option *o = last_longopts;
		struct cli_near near;
		char name[64];

		len = (int)strcspn(arg, "=");
		snprintf(name, sizeof name, "%.*s", len - 2, arg + 2);
		cli_near_init(&near, name);
		for (; o != NULL && o->name != NULL; o++) {
			if (strcmp(o->name, name) == 0 && arg[len] == '=' &&
			    o->has_arg == no_argument) {
				cli_error("%s: option --%s takes no value, not "
				    "\"%s\"", cmd, name, cli_arg(arg + len + 1));
				return EXIT_TROUBLE;
			}
			cli_near_try(&near, o->name);
		}
		if (c == ':')
			cli_error("%s: option %.*s needs an argument", cmd, len,
			    arg);
		else if (near.best != NULL)
			cli_error("%s: unknown option %.*s; did you mean '--%s'? "
			    "(see '" PROGNAME " %s --help')", cmd, len, arg,
			    near.best, cmd);
		else
			cli_error("%s: unknown option %.*s (see '" PROGNAME
			    " %s --help')", cmd, len, arg, cmd);
	} else if (c == ':') {
		cli_error("%s: option -%c needs an argument", cmd, optopt);
	} else {
		cli_error("%s: unknown option -%c (see '" PROGNAME " %s "
		    "--help')", cmd, optopt, cmd);
	}
	return EXIT_TROUBLE;
}

bool
cli_no_operands(const char *cmd, int argc, char **argv)
{
	extern int optind;

	if (optind < argc) {
		cli_error("%s: unexpected argument '%s'", cmd, cli_arg(argv[optind]));
		return false;
	}
	return true;
}

/*
 * The option just parsed as the user wrote it: "--cards" for --cards=3x
 * or --cards 3x, SHORT for -n 3x or -n3x.
 */
static const char *
opt_name(char **argv, const char *shortname, char *buf, size_t size)
{
	extern char *optarg;
	extern int optind;
	const char *arg = argv[optind - 1];

	if (strncmp(arg, "--", 2) == 0) {
		snprintf(buf, size, "%.*s", (int)strcspn(arg, "="), arg);
		return buf;
	}
	if (arg == optarg && optind >= 2 &&
	    strncmp(argv[optind - 2], "--", 2) == 0)
		return argv[optind - 2];
	return shortname;
}

int
cli_option(int c, char **argv, const struct cli_options *o)
{
	extern char *optarg;
	char name[64];

	switch (c) {
	case 'a':
		if (o->shuffle == NULL)
			break;
		return cli_parse_shuffle(optarg, o->shuffle) ? CLI_CONTINUE :
		    EXIT_TROUBLE;
	case 'f':
		if (o->format == NULL)
			break;
		return cli_parse_format(optarg, o->format) ? CLI_CONTINUE :
		    EXIT_TROUBLE;
	case 'h':
		o->help(stdout);
		return cli_finish(EXIT_FAIR);
	case 'n':
		if (o->cards == NULL)
			break;
		return cli_parse_uint(opt_name(argv, "-n", name, sizeof name),
		    optarg, 1, o->cards_max, o->cards) ?
		    CLI_CONTINUE : EXIT_TROUBLE;
	default:
		break;
	}
	return cli_bad_option(o->cmd, c, argv);
}

const struct option cli_help_only[] = { CLI_ROW_HELP, CLI_ROW_END };

/*
 * The command as getopt read it (cli_getopt_long): each option by its
 * long name ("--cards" for -n), with its value, in the order given, and
 * the operands.  A part keeps these, sorted by name (cli_seen_sorted),
 * so that -n 4 and --cards=4 make one run's parts.
 */
static struct cli_seen *seen;
static size_t nseen, seen_cap;
static char **operands;
static size_t noperands;
static bool seen_broken;	/* out of memory: keep the words as given */
void
cli_seen_free(void)
{
	for (size_t i = 0; i < nseen; i++) {
		free(seen[i].name);
		free(seen[i].value);
	}
	free(seen);
	seen = NULL;
	nseen = seen_cap = 0;
	operands = NULL;
	noperands = 0;
	seen_broken = false;
}

/* Option C (its LONGOPTS entry LONGINDEX, or -1) with ARG, or at C = -1
 * the operands from AFTER; BEFORE 0 when a parse begins. */
static void
saw(const struct option *longopts, int c, int longindex, const char *arg,
    int argc, char **argv, int before, int after)
{
	const struct option *o = NULL;
	char shortname[3] = { '-', 0, 0 };
	struct cli_seen *e;

	if (before == 0)	/* a new parse (getopt starts afresh) */
		cli_seen_free();
	if (c == -1) {
		operands = argv + after;
		noperands = after < argc ? (size_t)(argc - after) : 0;
		return;
	}
	if (c == '?' || c == ':' || seen_broken)
		return;
	if (longindex >= 0)
		o = &longopts[longindex];
	for (size_t k = 0; o == NULL && longopts[k].name != NULL; k++)
		if (longopts[k].flag == NULL && longopts[k].val == c)
			o = &longopts[k];
	if (o != NULL && strcmp(o->name, "part") == 0)
		return;		/* a part's words leave --part out */
	if (nseen == seen_cap) {
		size_t cap = seen_cap ? 2 * seen_cap : 16;
		struct cli_seen *grown = realloc(seen, cap * sizeof *grown);

		if (grown == NULL) {
			seen_broken = true;
			return;
		}
		seen = grown;
		seen_cap = cap;
	}
	e = &seen[nseen];
	shortname[1] = (char)c;
	e->order = nseen;
	e->optional = o != NULL && o->has_arg == optional_argument;
	e->value = arg != NULL ? strdup(arg) : NULL;
	e->name = NULL;
	if (o != NULL && (e->name = malloc(strlen(o->name) + 3)) != NULL) {
		e->name[0] = e->name[1] = '-';
		strcpy(e->name + 2, o->name);
	} else if (o == NULL) {
		e->name = strdup(shortname);
	}
	if (e->name == NULL || (arg != NULL && e->value == NULL)) {
		free(e->name);
		free(e->value);
		seen_broken = true;
		return;
	}
	nseen++;
}

static int
by_name(const void *a, const void *b)
{
	const struct cli_seen *x = a, *y = b;
	int d = strcmp(x->name, y->name);

	/* An option given twice keeps its order (the last wins). */
	return d != 0 ? d : (x->order > y->order) - (x->order < y->order);
}

bool
cli_seen_sorted(const struct cli_seen **list, size_t *count,
    char ***ops, size_t *nops)
{
	qsort(seen, nseen, sizeof *seen, by_name);
	*list = seen;
	*count = nseen;
	*ops = operands;
	*nops = noperands;
	return !seen_broken;
}

int
cli_getopt_long(int argc, char **argv, const char *shortopts,
    const struct option *longopts)
{
	int longindex = -1, ind = optind, c;

	last_longopts = longopts;
	c = getopt_long(argc, argv, shortopts, longopts, &longindex);
	/* What a part records of the command (cli_part.c). */
	saw(longopts, c, longindex, optarg, argc, argv, ind, optind);
	return c;
}

int
cli_getopts(int argc, char **argv, const struct cli_command *cmd,
    const struct cli_options *common,
    int (*own)(int c, const char *arg, void *ctx), void *ctx)
{
	int c, status;

	while ((c = cli_getopt_long(argc, argv, cmd->shortopts,
	    cmd->longopts)) != -1) {
		status = own != NULL ? own(c, optarg, ctx) : CLI_CONTINUE;
		if (status == CLI_CONTINUE)
			status = cli_option(c, argv, common);
		if (status == CLI_TAKEN || status == CLI_CONTINUE)
			continue;
		return status == EXIT_FAIR ? -1 : status;
	}
	return cli_no_operands(common->cmd, argc, argv) ? 0 : EXIT_TROUBLE;
}
