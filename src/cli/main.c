/*
 * main.c - shuffle-audit: global options, the subcommand table and help.
 */
#define _POSIX_C_SOURCE 200809L

#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "cli_part.h"
/* CLI_COMMANDS: every descriptor of src/cli/, by name (made by make). */
#include "cli_commands.h"

static int completions(int argc, char **argv);
static int cmd_help(int argc, char **argv);
static int cmd_merge(int argc, char **argv);
static void help_help(FILE *out);

const struct cli_command cli_cmd_completions = {
	.name = "completions",
	.summary = "print the completions for bash, zsh or fish",
	.shortopts = ":h",
	.longopts = cli_help_only,
	.help = cli_complete_help,
	.run = completions,
	.merge = NULL,
	.more_formats = NULL,
	.operands = CLI_OPERANDS_SHELLS,
};
const struct cli_command cli_cmd_help = {
	.name = "help",
	.summary = "describe the commands, or one command",
	.shortopts = ":h",
	.longopts = cli_help_only,
	.help = help_help,
	.run = cmd_help,
	.merge = NULL,
	.more_formats = NULL,
	.operands = CLI_OPERANDS_COMMANDS,
};
const struct cli_command cli_cmd_merge = {
	.name = "merge",
	.summary = "add up the parts of a run (--part) into its report",
	.shortopts = ":f:h",
	.longopts = part_merge_options,
	.help = part_merge_help,
	.run = cmd_merge,
	.merge = NULL,
	.more_formats = "junit",
	.operands = CLI_OPERANDS_FILES,
};

/* The commands, in the order the list shows them: by name. */
static const struct cli_command *const cli_commands[] = { CLI_COMMANDS };
static const size_t cli_command_count = sizeof cli_commands /
    sizeof cli_commands[0];

static int
completions(int argc, char **argv)
{
	return cli_completions(argc, argv, cli_commands, cli_command_count);
}

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
	for (size_t i = 0; i < cli_command_count; i++)
		fprintf(out, "  %-13s %s\n", cli_commands[i]->name,
		    cli_commands[i]->summary);
	fputs("\n"
	    "'" PROGNAME " help COMMAND' describes a command's options;\n"
	    "shuffle-audit(1) describes them all.\n", out);
}

static const struct cli_command *
find_command(const char *name)
{
	for (size_t i = 0; i < cli_command_count; i++)
		if (strcmp(name, cli_commands[i]->name) == 0)
			return cli_commands[i];
	return NULL;
}

/* "; did you mean 'census'?" for a command NAME nearly spells, or "". */
static const char *
near_command(const char *name, char *buf, size_t size)
{
	struct cli_near near;

	cli_near_init(&near, name);
	for (size_t i = 0; i < cli_command_count; i++)
		cli_near_try(&near, cli_commands[i]->name);
	return cli_near_say(&near, buf, size);
}

/*
 * merge FILE...: the parts read and checked (cli_part.c), then handed to
 * the command they answer, run on their words.
 */
static int
cmd_merge(int argc, char **argv)
{
	const struct cli_command *cmd;
	struct part_set set;
	char **words;
	int count, status = part_merge_load(argc, argv, &set, &words, &count);

	if (status != 0)
		return status < 0 ? EXIT_FAIR : status;
	cmd = count > 0 ? find_command(words[0]) : NULL;
	if (cmd == NULL || cmd->merge == NULL) {
		cli_error("merge: the parts answer \"%s\", which has no parts",
		    count > 0 ? cli_arg(words[0]) : "");
		part_set_free(&set);
		return EXIT_TROUBLE;
	}
	optind = 0;
	status = cmd->merge(count, words, &set);
	part_set_free(&set);
	return status;
}

static void
help_help(FILE *out)
{
	fputs("usage: " PROGNAME " help [COMMAND]\n"
	    "\n"
	    "Lists the commands, or describes COMMAND's options (as COMMAND "
	    "--help).\n"
	    "\n"
	    CLI_HELP_HELP, out);
}

/* help [COMMAND]: the list of commands, or COMMAND's help. */
static int
cmd_help(int argc, char **argv)
{
	const struct cli_command *cmd;
	int c;

	while ((c = cli_getopt_long(argc, argv, ":h", cli_help_only)) != -1) {
		if (c != 'h')
			return cli_bad_option("help", c, argv);
		help_help(stdout);
		return cli_finish(EXIT_FAIR);
	}
	if (optind == argc) {
		usage(stdout);
		return cli_finish(EXIT_FAIR);
	}
	if (optind + 1 < argc) {
		cli_error("help: one command at a time, not \"%s\" too",
		    cli_arg(argv[optind + 1]));
		return EXIT_TROUBLE;
	}
	if ((cmd = find_command(argv[optind])) == NULL) {
		char did[96];

		cli_error("help %s: unknown command%s (see '" PROGNAME " help')",
		    cli_arg(argv[optind]), near_command(argv[optind], did,
		    sizeof did));
		return EXIT_TROUBLE;
	}
	cmd->help(stdout);
	return cli_finish(EXIT_FAIR);
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	const struct cli_command *cmd;
	int c, status;

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
	if ((cmd = find_command(argv[optind])) == NULL) {
		char did[96];

		cli_error("%s: unknown command%s (see '" PROGNAME " --help')",
		    cli_arg(argv[optind]), near_command(argv[optind], did,
		    sizeof did));
		return EXIT_TROUBLE;
	}
	argv += optind;
	argc -= optind;
	/* 0 makes glibc's getopt start afresh for the command. */
	optind = 0;
	part_command(argc, argv);	/* the words a part records */
#ifdef SA_MPI
	status = mpi_start(&argc, &argv) ? EXIT_FAIR : EXIT_TROUBLE;
	if (status == EXIT_FAIR && mpi_runs(cmd->merge != NULL))
		status = cmd->run(argc, argv);
	status = mpi_finish(cmd->merge, argc, argv, status);
#else
	status = cmd->run(argc, argv);
#endif
	part_command_free();
	return status;
}
