/*
 * main.c - shuffle-audit: global options and the subcommand table.
 */
#define _POSIX_C_SOURCE 200809L

#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

static const struct command {
	const char *name;
	int (*run)(int, char **);
	const char *summary;
} commands[] = {
	{ "algorithms", cmd_algorithms, "list the shuffles it knows" },
	{ "census", cmd_census, "count every run of a shuffle, exactly" },
	{ "claims", cmd_claims, "check the claims about shuffles, live" },
	{ "deal", cmd_deal, "deal a hand from a seed, or unpredictably" },
	{ "distance", cmd_distance, "how far a shuffle done k times is from "
	    "uniform" },
	{ "divisibility", cmd_divisibility,
	    "whether n! divides the runs, for any n" },
	{ "fit", cmd_fit, "whether a black box's decks look fair" },
	{ "harness", cmd_harness, "print the harness that audits code in a "
	    "language" },
	{ "matrix", cmd_matrix, "P(card c ends at position p), exactly" },
	{ "sample", cmd_sample, "deal decks from a real generator and test "
	    "them" },
	{ "seed-space", cmd_seed_space, "deal from every seed of a seeded "
	    "generator and count" },
	{ "state-space", cmd_state_space,
	    "how many orderings a seeded generator can reach" },
	{ "trace", cmd_trace, "one run step by step, or the runs to an "
	    "ordering" },
};

static void
usage(FILE *out)
{
	fputs("usage: " PROGNAME " [--help | --version]\n"
	    "       " PROGNAME " COMMAND [OPTIONS]\n"
	    "\n"
	    "Counts every run a shuffle can take and says, with exact integers,\n"
	    "whether it is fair.\n"
	    "\n"
	    "commands:\n", out);
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
		fprintf(out, "  %-13s %s\n", commands[i].name,
		    commands[i].summary);
	fputs("\n"
	    "'" PROGNAME " COMMAND --help' describes a command's options;\n"
	    "shuffle-audit(1) describes them all.\n", out);
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	guard_startup();

	opterr = 0;
	while ((c = getopt_long(argc, argv, "+:hV", longopts, NULL)) != -1) {
		switch (c) {
		case 'h':
			usage(stdout);
			return cli_finish(EXIT_FAIR);
		case 'V':
			puts(PROGNAME " " SA_VERSION);
			return cli_finish(EXIT_FAIR);
		default:
			if (optopt != 0)
				cli_error("unknown option -%c (see '" PROGNAME
				    " --help')", optopt);
			else
				cli_error("unknown option %s (see '" PROGNAME
				    " --help')", argv[optind - 1]);
			return EXIT_TROUBLE;
		}
	}
	if (optind == argc) {
		cli_error("no command given (see '" PROGNAME " --help')");
		return EXIT_TROUBLE;
	}
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
		if (strcmp(argv[optind], commands[i].name) == 0) {
			char **sub = argv + optind;
			int subc = argc - optind;

			/* 0 makes glibc's getopt start afresh for the command. */
			optind = 0;
			return commands[i].run(subc, sub);
		}
	}
	cli_error("%s: unknown command (see '" PROGNAME " --help')",
	    argv[optind]);
	return EXIT_TROUBLE;
}
