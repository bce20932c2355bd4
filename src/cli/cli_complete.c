/*
 * cli_complete.c - the completions for bash, zsh and fish, written from
 * the option tables the parsers themselves use (each command's
 * descriptor, struct cli_command), so that an option cannot be missing
 * from them.
 */
#define _POSIX_C_SOURCE 200809L

#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* What an option's argument, or a command's operands, can be. */
enum kind { K_NONE, K_WORDS, K_FILES, K_COMMANDS };

/* The words themselves, space-separated, for K_WORDS. */
struct values {
	enum kind kind;
	char words[1024];
};

static const char *const shells[] = { "bash", "zsh", "fish", NULL };

/* The options before a command (main.c's), with their descriptions. */
static const struct {
	const char *name, *desc;
} top_options[] = {
	{ "help", "describe the commands" },
	{ "version", "print the version" },
};
#define TOP_OPTIONS (sizeof top_options / sizeof top_options[0])

/* The commands, as main.c's table lists them. */
static const struct cli_command *const *cli_commands;
static size_t cli_command_count;

static void
add_word(struct values *v, const char *w)
{
	size_t len = strlen(v->words);

	v->kind = K_WORDS;
	snprintf(v->words + len, sizeof v->words - len, "%s%s",
	    len ? " " : "", w);
}

static void
add_words(struct values *v, const char *const *names)
{
	for (size_t i = 0; names[i] != NULL; i++)
		add_word(v, names[i]);
}

/* The formats -f takes in CMD: the four, and the command's own. */
static void
formats(const struct cli_command *cmd, struct values *v)
{
	add_words(v, cli_format_names);
	if (cmd->more_formats != NULL)
		add_word(v, cmd->more_formats);
}

/* What option NAME of command CMD takes, when it takes an argument. */
static void
option_values(const struct cli_command *cmd, const char *name,
    struct values *v)
{
	size_t count;
	const sa_seeded_gen *gens;

	memset(v, 0, sizeof *v);
	if (strcmp(name, "algorithm") == 0) {
		for (size_t i = 0; i < sa_shuffle_count(); i++)
			add_word(v, sa_shuffle_at(i)->name);
	} else if (strcmp(name, "format") == 0) {
		formats(cmd, v);
	} else if (strcmp(name, "notation") == 0) {
		add_words(v, cli_notation_names);
	} else if (strcmp(name, "color") == 0) {
		add_words(v, cli_color_names);
	} else if (strcmp(name, "engine") == 0) {
		add_words(v, cli_census_engines);
	} else if (strcmp(name, "sort") == 0) {
		add_words(v, cli_census_sorts);
	} else if (strcmp(name, "method") == 0) {
		add_words(v, cli_distance_methods);
	} else if (strcmp(name, "generator") == 0) {
		gens = sa_seeded_gens(&count);
		for (size_t i = 0; i < count; i++)
			add_word(v, gens[i].name);
	} else if (strcmp(name, "reduce") == 0) {
		/* METHOD:BITS, each method with the bits of a byte, a 16-bit
		 * and a 32-bit word to start from. */
		for (int m = SA_REDUCE_MODULO; m <= SA_REDUCE_SCALE; m++)
			for (unsigned b = 8; b <= 32; b *= 2) {
				char w[32];

				snprintf(w, sizeof w, "%s:%u",
				    sa_reduce_name((enum sa_reduce_method)m), b);
				add_word(v, w);
			}
	} else if (strcmp(name, "plugin") == 0) {
		v->kind = K_FILES;
	} else if (strcmp(name, "exec") == 0 || strcmp(name, "run") == 0) {
		v->kind = K_COMMANDS;
	}
}

/* What command CMD takes as operands. */
static void
operand_values(const struct cli_command *cmd, struct values *v)
{
	const char *lang;

	memset(v, 0, sizeof *v);
	switch (cmd->operands) {
	case CLI_OPERANDS_COMMANDS:
		for (size_t i = 0; i < cli_command_count; i++)
			add_word(v, cli_commands[i]->name);
		break;
	case CLI_OPERANDS_LANGUAGES:
		for (size_t i = 0; (lang = cli_harness_language(i)) != NULL;
		    i++)
			add_word(v, lang);
		break;
	case CLI_OPERANDS_SHELLS:
		add_words(v, shells);
		break;
	case CLI_OPERANDS_FILES:
		v->kind = K_FILES;
		break;
	case CLI_OPERANDS_NONE:
		break;
	}
}

/*
 * One option of a command: its long name ("" for a letter alone), and
 * its description, from the command's --help ("" when that has no line
 * for it).
 */
struct entry {
	const char *name;
	int letter;		/* 0 when it has none */
	bool arg;
	char desc[256];
};

#define ENTRIES_MAX 64

/* Command CMD's --help text, or NULL when memory ran out. */
static char *
help_text(const struct cli_command *cmd)
{
	char *text = NULL;
	size_t size = 0;
	FILE *f = open_memstream(&text, &size);

	if (f == NULL)
		return NULL;
	cmd->help(f);
	if (fclose(f) != 0) {
		free(text);
		return NULL;
	}
	return text;
}

/* Whether the words SPEC (LEN bytes: "-a, --algorithm NAME") name E. */
static bool
names(const char *spec, size_t len, const struct entry *e)
{
	size_t k, nlen = strlen(e->name);

	for (size_t i = 0; i < len; i += k + 1) {
		k = strcspn(spec + i, " ,");
		if (k > len - i)
			k = len - i;
		if (e->letter != 0 && k == 2 && spec[i] == '-' &&
		    spec[i + 1] == e->letter)
			return true;
		if (nlen > 0 && k >= nlen + 2 && strncmp(spec + i, "--", 2) ==
		    0 && strncmp(spec + i + 2, e->name, nlen) == 0 &&
		    (k == nlen + 2 || spec[i + nlen + 2] == '=' ||
		    spec[i + nlen + 2] == '['))
			return true;
	}
	return false;
}

/* LINE's LEN bytes, past their leading blanks, onto E's description. */
static void
describe_more(struct entry *e, const char *line, size_t len)
{
	size_t have = strlen(e->desc);

	while (len > 0 && *line == ' ')
		line++, len--;
	snprintf(e->desc + have, sizeof e->desc - have, "%s%.*s",
	    have > 0 && len > 0 ? " " : "", (int)len, line);
}

/* S cut to its first clause: before a "; " outside parentheses. */
static void
clause(char *s)
{
	int depth = 0;

	for (; *s != '\0'; s++) {
		depth += *s == '(' ? 1 : *s == ')' ? -1 : 0;
		if (depth == 0 && s[0] == ';' && s[1] == ' ') {
			*s = '\0';
			return;
		}
	}
}

/*
 * E's description from HELP, a command's --help text: the words after
 * the line that names it (an option's line: indented at most six
 * blanks, its option words ending at two blanks), and the lines below
 * indented further, which go on with it, up to a colon that ends a line
 * (a list follows it, as a generator's names do), and of those its
 * first clause.
 */
static void
describe(const char *help, struct entry *e)
{
	const char *line, *end, *p, *gap;
	bool found = false;

	e->desc[0] = '\0';
	for (line = help; line != NULL && *line != '\0';
	    line = *end ? end + 1 : NULL) {
		size_t indent = strspn(line, " ");

		end = line + strcspn(line, "\n");
		if (found) {
			if (indent <= 6 || line + indent == end)
				break;
			describe_more(e, line, (size_t)(end - line));
		} else if (indent >= 1 && indent <= 6 && line[indent] == '-') {
			p = line + indent;
			gap = strstr(p, "  ");
			if (gap == NULL || gap > end)
				gap = end;
			if (!names(p, (size_t)(gap - p), e))
				continue;
			found = true;
			describe_more(e, gap, (size_t)(end - gap));
		} else {
			continue;
		}
		if (e->desc[0] != '\0' && e->desc[strlen(e->desc) - 1] == ':') {
			e->desc[strlen(e->desc) - 1] = '\0';
			break;
		}
	}
	clause(e->desc);
}

/*
 * Command CMD's options, from the tables its parser reads: the long
 * ones with their letters, then the letters alone, each described by
 * its line of the command's --help.  Returns how many.
 */
static size_t
entries(const struct cli_command *cmd, struct entry *e)
{
	const char *s = cmd->shortopts;
	size_t n = 0, j;
	char *help;

	for (size_t i = 0; cmd->longopts[i].name != NULL && n < ENTRIES_MAX;
	    i++) {
		const struct option *o = &cmd->longopts[i];

		e[n].name = o->name;
		e[n].letter = o->val > 0 && o->val < 128 && o->val != ':' &&
		    strchr(s, o->val) != NULL ? o->val : 0;
		e[n++].arg = o->has_arg == required_argument;
	}
	for (; *s != '\0' && n < ENTRIES_MAX; s++) {
		if (*s == ':')
			continue;
		for (j = 0; j < n && e[j].letter != *s; j++)
			;
		if (j < n)
			continue;
		e[n].name = "";
		e[n].letter = *s;
		e[n++].arg = s[1] == ':';
	}
	help = help_text(cmd);
	for (j = 0; j < n; j++)
		describe(help != NULL ? help : "", &e[j]);
	free(help);
	return n;
}

static void
bash_values(const struct values *v)
{
	switch (v->kind) {
	case K_WORDS:
		printf("kind=words; words='%s'", v->words);
		break;
	case K_FILES:
		fputs("kind=files", stdout);
		break;
	case K_COMMANDS:
		fputs("kind=commands", stdout);
		break;
	default:
		fputs("kind=none", stdout);
		break;
	}
}

static void
bash_command(const struct cli_command *cmd)
{
	struct entry e[ENTRIES_MAX];
	size_t n = entries(cmd, e);
	struct values v;
	const char *sep = "";

	printf("\t%s)\n\t\topts='", cmd->name);
	for (size_t i = 0; i < n; i++)
		if (*e[i].name != '\0') {
			printf("%s--%s", sep, e[i].name);
			sep = " ";
		}
	operand_values(cmd, &v);
	printf("'\n\t\t");
	bash_values(&v);
	printf("\n\t\tcase $prev in\n");
	for (size_t i = 0; i < n; i++) {
		if (!e[i].arg)
			continue;
		option_values(cmd, e[i].name, &v);
		fputs("\t\t", stdout);
		if (e[i].letter != 0)
			printf("-%c%s", e[i].letter, *e[i].name ? "|" : "");
		if (*e[i].name != '\0')
			printf("--%s", e[i].name);
		fputs(") ", stdout);
		bash_values(&v);
		printf("; arg=1 ;;\n");
	}
	printf("\t\tesac ;;\n");
}

static void
bash(void)
{
	fputs("# bash completion for shuffle-audit, made by 'shuffle-audit "
	    "completions bash'\n"
	    "# from the option tables of its parsers.\n"
	    "_shuffle_audit()\n"
	    "{\n"
	    "\tlocal cur=${COMP_WORDS[COMP_CWORD]} prev= cmd= i arg=\n"
	    "\tlocal opts= kind=none words=\n"
	    "\n"
	    "\t[ \"$COMP_CWORD\" -gt 0 ] && prev=${COMP_WORDS[COMP_CWORD-1]}\n"
	    "\t# --option=value: bash splits the word at the '='.\n"
	    "\tif [ \"$cur\" = = ]; then\n"
	    "\t\tcur=\n"
	    "\telif [ \"$prev\" = = ] && [ \"$COMP_CWORD\" -gt 1 ]; then\n"
	    "\t\tprev=${COMP_WORDS[COMP_CWORD-2]}\n"
	    "\tfi\n"
	    "\tfor ((i = 1; i < COMP_CWORD; i++)); do\n"
	    "\t\tcase ${COMP_WORDS[i]} in\n"
	    "\t\t-*) ;;\n"
	    "\t\t*) cmd=${COMP_WORDS[i]}; break ;;\n"
	    "\t\tesac\n"
	    "\tdone\n"
	    "\tcase $cmd in\n"
	    "\t'')\n"
	    "\t\topts='", stdout);
	for (size_t i = 0; i < TOP_OPTIONS; i++)
		printf("%s--%s", i ? " " : "", top_options[i].name);
	fputs("'\n\t\tkind=words; words='", stdout);
	for (size_t i = 0; i < cli_command_count; i++)
		printf("%s%s", i ? " " : "", cli_commands[i]->name);
	puts("' ;;");
	for (size_t i = 0; i < cli_command_count; i++)
		bash_command(cli_commands[i]);
	puts("\tesac\n"
	    "\tif [ -z \"$arg\" ] && [ \"${cur#-}\" != \"$cur\" ]; then\n"
	    "\t\tCOMPREPLY=($(compgen -W \"$opts\" -- \"$cur\"))\n"
	    "\t\treturn 0\n"
	    "\tfi\n"
	    "\tcase $kind in\n"
	    "\twords) COMPREPLY=($(compgen -W \"$words\" -- \"$cur\")) ;;\n"
	    "\tfiles) compopt -o filenames 2>/dev/null\n"
	    "\t\t# A name a line: one with a space stays one word.\n"
	    "\t\tlocal IFS=$'\\n'\n"
	    "\t\tCOMPREPLY=($(compgen -f -- \"$cur\")) ;;\n"
	    "\tcommands) local IFS=$'\\n'\n"
	    "\t\tCOMPREPLY=($(compgen -c -- \"$cur\")) ;;\n"
	    "\t*) COMPREPLY=() ;;\n"
	    "\tesac\n"
	    "\treturn 0\n"
	    "}\n"
	    "complete -F _shuffle_audit shuffle-audit");
}

/* S inside zsh's or fish's single quotes, with ESCAPE escaped too. */
static void
quoted(const char *s, const char *escape)
{
	for (; *s != '\0'; s++) {
		if (*s == '\'')
			fputs("'\\''", stdout);
		else if (*s == '\\' || strchr(escape, *s) != NULL)
			printf("\\%c", *s);
		else
			putchar(*s);
	}
}

static void
zsh_action(const struct values *v)
{
	switch (v->kind) {
	case K_WORDS:
		/* A colon in a word ends the spec's field: escaped. */
		putchar('(');
		quoted(v->words, ":");
		putchar(')');
		break;
	case K_FILES:
		fputs("_files", stdout);
		break;
	case K_COMMANDS:
		fputs("_command_names -e", stdout);
		break;
	default:
		fputs(" ", stdout);
		break;
	}
}

static void
zsh_command(const struct cli_command *cmd)
{
	struct entry e[ENTRIES_MAX];
	size_t n = entries(cmd, e);
	struct values v;
	int c;

	printf("\t%s)\n\t\t_arguments -s -S", cmd->name);
	for (size_t i = 0; i < n; i++) {
		bool arg = e[i].arg;

		fputs(" \\\n\t\t    '", stdout);
		c = e[i].letter;
		if (c != 0 && *e[i].name != '\0')
			printf("(-%c --%s)'{-%c%s,--%s%s}'", c, e[i].name, c,
			    arg ? "+" : "", e[i].name, arg ? "=" : "");
		else if (c != 0)
			printf("-%c%s", c, arg ? "+" : "");
		else
			printf("--%s%s", e[i].name, arg ? "=" : "");
		if (e[i].desc[0] != '\0') {
			putchar('[');
			quoted(e[i].desc, "[]");
			putchar(']');
		}
		if (arg) {
			option_values(cmd, e[i].name, &v);
			printf(":%s:", *e[i].name ? e[i].name : "value");
			zsh_action(&v);
		}
		putchar('\'');
	}
	operand_values(cmd, &v);
	if (v.kind != K_NONE) {
		printf(" \\\n\t\t    '*:%s:", v.kind == K_FILES ? "file" :
		    "operand");
		zsh_action(&v);
		putchar('\'');
	}
	puts(" ;;");
}

static void
zsh(void)
{
	puts("#compdef shuffle-audit\n"
	    "# zsh completion for shuffle-audit, made by 'shuffle-audit "
	    "completions zsh'\n"
	    "# from the option tables of its parsers.\n"
	    "_shuffle-audit() {\n"
	    "\tlocal -a commands options\n"
	    "\tlocal cmd i\n"
	    "\n"
	    "\tcommands=(");
	for (size_t i = 0; i < cli_command_count; i++) {
		printf("\t    '%s:", cli_commands[i]->name);
		quoted(cli_commands[i]->summary, ":");
		puts("'");
	}
	puts("\t)\n"
	    "\toptions=(");
	for (size_t i = 0; i < TOP_OPTIONS; i++) {
		printf("\t    '--%s:", top_options[i].name);
		quoted(top_options[i].desc, ":");
		puts("'");
	}
	puts("\t)\n"
	    "\tfor (( i = 2; i < CURRENT; i++ )); do\n"
	    "\t\tif [[ $words[i] != -* ]]; then\n"
	    "\t\t\tcmd=$words[i]\n"
	    "\t\t\tbreak\n"
	    "\t\tfi\n"
	    "\tdone\n"
	    "\tif [[ -z $cmd ]]; then\n"
	    "\t\tif [[ $PREFIX == -* ]]; then\n"
	    "\t\t\t_describe option options\n"
	    "\t\telse\n"
	    "\t\t\t_describe command commands\n"
	    "\t\tfi\n"
	    "\t\treturn\n"
	    "\tfi\n"
	    "\twords=(\"${(@)words[i,-1]}\")\n"
	    "\t(( CURRENT -= i - 1 ))\n"
	    "\tcase $cmd in");
	for (size_t i = 0; i < cli_command_count; i++)
		zsh_command(cli_commands[i]);
	puts("\tesac\n"
	    "}\n"
	    "\n"
	    "if [[ $zsh_eval_context[-1] == loadautofunc ]]; then\n"
	    "\t_shuffle-audit \"$@\"\n"
	    "else\n"
	    "\tcompdef _shuffle-audit shuffle-audit\n"
	    "fi");
}

static void
fish_values(const struct values *v)
{
	switch (v->kind) {
	case K_WORDS:
		printf(" -x -a '%s'", v->words);
		break;
	case K_FILES:
		fputs(" -r -F", stdout);
		break;
	case K_COMMANDS:
		fputs(" -x -a '(__fish_complete_command)'", stdout);
		break;
	default:
		fputs(" -x", stdout);
		break;
	}
}

static void
fish_command(const struct cli_command *cmd)
{
	struct entry e[ENTRIES_MAX];
	size_t n = entries(cmd, e);
	struct values v;

	printf("complete -c shuffle-audit -n __fish_use_subcommand -a %s "
	    "-d '", cmd->name);
	quoted(cmd->summary, "");
	puts("'");
	for (size_t i = 0; i < n; i++) {
		printf("complete -c shuffle-audit -n '__fish_seen_subcommand_from"
		    " %s'", cmd->name);
		if (e[i].letter != 0)
			printf(" -s %c", e[i].letter);
		if (*e[i].name != '\0')
			printf(" -l %s", e[i].name);
		if (e[i].arg) {
			option_values(cmd, e[i].name, &v);
			fish_values(&v);
		}
		if (e[i].desc[0] != '\0') {
			fputs(" -d '", stdout);
			quoted(e[i].desc, "");
			putchar('\'');
		}
		putchar('\n');
	}
	operand_values(cmd, &v);
	if (v.kind == K_WORDS)
		printf("complete -c shuffle-audit -n '__fish_seen_subcommand_from"
		    " %s' -a '%s'\n", cmd->name, v.words);
	else if (v.kind == K_FILES)
		printf("complete -c shuffle-audit -n '__fish_seen_subcommand_from"
		    " %s' -F\n", cmd->name);
}

static void
fish(void)
{
	puts("# fish completion for shuffle-audit, made by 'shuffle-audit "
	    "completions fish'\n"
	    "# from the option tables of its parsers.\n"
	    "complete -c shuffle-audit -f");
	for (size_t i = 0; i < TOP_OPTIONS; i++) {
		printf("complete -c shuffle-audit -n __fish_use_subcommand -l %s "
		    "-d '", top_options[i].name);
		quoted(top_options[i].desc, "");
		puts("'");
	}
	for (size_t i = 0; i < cli_command_count; i++)
		fish_command(cli_commands[i]);
}

/*
 * The option tables as TSV: command, long name, letter, argument, and
 * the description --help gives.
 */
static void
options(void)
{
	struct entry e[ENTRIES_MAX];
	size_t n;

	puts("command\toption\tletter\targument\tdescription");
	for (size_t i = 0; i < cli_command_count; i++) {
		n = entries(cli_commands[i], e);
		for (size_t j = 0; j < n; j++) {
			printf("%s\t%s%s\t", cli_commands[i]->name,
			    *e[j].name ? "--" : "", e[j].name);
			if (e[j].letter != 0)
				printf("-%c", e[j].letter);
			printf("\t%s\t%s\n", e[j].arg ? "yes" : "no",
			    e[j].desc);
		}
	}
}

/*
 * The index in shells of the shell NAME, or past them for "options";
 * -1 after a message that lists the shells (and a name NAME nearly
 * spells, if any).
 */
static int
shell_named(const char *name)
{
	struct cli_near near;
	char list[64] = "", did[96];
	int i;

	cli_near_init(&near, name);
	for (i = 0; shells[i] != NULL; i++) {
		if (strcmp(name, shells[i]) == 0)
			return i;
		cli_near_try(&near, shells[i]);
		snprintf(list + strlen(list), sizeof list - strlen(list),
		    "%s%s", i == 0 ? "" : shells[i + 1] == NULL ? " and " : ", ",
		    shells[i]);
	}
	if (strcmp(name, "options") == 0)
		return i;
	cli_near_try(&near, "options");
	cli_error("completions %s: unknown shell%s (the shells are %s; "
	    "'options' prints the option tables)", cli_arg(name),
	    cli_near_say(&near, did, sizeof did), list);
	return -1;
}

void
cli_complete_help(FILE *out)
{
	fputs("usage: " PROGNAME " completions bash | zsh | fish | options\n"
	    "\n"
	    "Prints the completion script for a shell, made from the option\n"
	    "tables the commands parse with, each option described (in zsh\n"
	    "and fish) by its line of the command's --help:\n"
	    "  source <(" PROGNAME " completions bash)\n"
	    "make install puts each where its shell looks.  'options' prints\n"
	    "the tables themselves as TSV: command, option, letter, argument,\n"
	    "description.\n"
	    "\n"
	    "options:\n"
	    "  -h, --help  this help\n", out);
}

int
cli_completions(int argc, char **argv,
    const struct cli_command *const *table, size_t count)
{
	const struct cli_options common = { "completions", cli_complete_help,
	    NULL, NULL, NULL, 0 };
	int c, status, choice;

	cli_commands = table;
	cli_command_count = count;
	while ((c = cli_getopt_long(argc, argv, ":h", cli_help_only)) != -1)
		if ((status = cli_option(c, argv, &common)) != CLI_CONTINUE)
			return status;
	if (optind == argc) {
		cli_error("completions: which shell? (bash, zsh or fish; or "
		    "options)");
		return EXIT_TROUBLE;
	}
	if (optind + 1 < argc) {
		cli_error("completions: one shell at a time, not \"%s\" too",
		    cli_arg(argv[optind + 1]));
		return EXIT_TROUBLE;
	}
	if ((choice = shell_named(argv[optind])) < 0)
		return EXIT_TROUBLE;
	if (choice == 0)
		bash();
	else if (choice == 1)
		zsh();
	else if (choice == 2)
		fish();
	else
		options();
	return cli_finish(EXIT_FAIR);
}
