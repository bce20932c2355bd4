/*
 * cli_part.h - runs shared out over jobs: --part and merge (cli_part.c),
 * and the ranks of Open MPI (cli_mpi.c, make MPI=1).
 */
#ifndef SA_CLI_PART_H
#define SA_CLI_PART_H

#include "cli.h"

/*
 * Runs shared out over jobs (cli_part.c).  part_command keeps the words
 * of the command under way (ARGV from its name on), which a part
 * records, but for --part itself; part_parse reads --part I/P into
 * *INDEX and *COUNT.  part_put writes part INDEX of COUNT to standard
 * output: KIND's DATA (LEN bytes, malloc'd; taken) and NOTES ("KEY
 * VALUE"); it returns PART_WRITTEN, which the command turns into exit
 * status 0 without a report, or EXIT_TROUBLE after a message.
 */
#define PART_MAX SA_PART_MAX
#define PART_WRITTEN 256
void part_command(int argc, char **argv);
void part_command_free(void);
bool part_parse(const char *arg, unsigned *index, unsigned *count);
int part_put(unsigned index, unsigned count, const char *kind,
    unsigned char *data, size_t len, char **notes, size_t nnotes);

/*
 * The parts merge hands the command they answer, which takes them as a
 * parameter (a command's merge, struct cli_command; NULL when it is not
 * merging): read, checked as one run, and in order of their index.
 * part_set_total gives their P (0 for NULL), part_set_kind whether they
 * hold KIND (false after a message).  Their notes and sections are read
 * by the library's calls (sa_part_note, sa_part_section), and folded
 * into counts by one call a kind (sa_parts_census, ...).
 */
struct part_set {
	sa_part *read;		/* as read (owned) */
	sa_part *parts;		/* the same, in order of their index */
	char **names;		/* their files' names, in that order */
	char **words;		/* the command's words with merge -f's */
	size_t count;
};
/* The file that holds SET's part AT (in order of index), for messages. */
const char *part_set_name(const struct part_set *set, size_t at);
unsigned part_set_total(const struct part_set *set);
bool part_set_kind(const struct part_set *set, const char *kind);

/*
 * merge's options and files (ARGC, ARGV from "merge" on): the parts read
 * and checked as one run into SET, and the words of the command they
 * answer (*COUNT of them, the parts') into *WORDS.  0, -1 after --help,
 * or an exit status after a message.  part_set_free lets them go.
 */
int part_merge_load(int argc, char **argv, struct part_set *set,
    char ***words, int *count);
void part_merge_help(FILE *out);
extern const struct option part_merge_options[];
void part_set_free(struct part_set *set);
/*
 * The same for parts held in memory (cli_mpi.c's, from every rank):
 * COUNT texts (each malloc'd; taken) named NAMES in messages, into SET.
 * 0, or an exit status after a message.
 */
int part_merge_texts(char **names, char **texts, size_t *lens,
    size_t count, struct part_set *set);

/*
 * Open MPI (make MPI=1, cli_mpi.c).  Under mpirun -np P, a command that
 * shares its work out (an audit's census, seed-space, sample) runs on
 * every rank as part rank+1 of P: mpi_part sets *INDEX and *COUNT so
 * when no --part was given (true), and mpi_take keeps the part's TEXT
 * (malloc'd; taken) for rank 0 (true) instead of its being written.  A
 * rank with nothing to do (mpi_idle: not rank 0, and the work was not
 * shared out) does nothing.  mpi_finish, after the command, gathers the
 * parts on rank 0, which runs the command's MERGE on them, so
 * that it alone writes the report the whole run writes; it returns the
 * exit status.  Without MPI these do nothing.
 */
#ifdef SA_MPI
/* False, rank 0 saying so, when the ranks were given different words. */
bool mpi_start(int *argc, char ***argv);
bool mpi_part(unsigned *index, unsigned *count);
bool mpi_take(char *text, size_t len);
bool mpi_idle(bool parted);
bool mpi_runs(bool shares);
int mpi_finish(int (*merge)(int, char **, const struct part_set *),
    int argc, char **argv, int status);
/*
 * A sharded census: the ranks as the library's sa_comm (NULL for one
 * rank); the threads each rank takes, the machine's cores shared among
 * the ranks on it; and mpi_quiet, which sends the messages of ranks but
 * 0 to /dev/null (rank 0 says what all of them would).
 */
const sa_comm *mpi_comm(void);
unsigned mpi_threads(void);
void mpi_quiet(void);
#else
static inline const sa_comm *mpi_comm(void)
{
	return NULL;
}
static inline unsigned mpi_threads(void)
{
	return 0;
}
static inline void mpi_quiet(void)
{
}
static inline bool mpi_part(unsigned *index, unsigned *count)
{
	(void)index;
	(void)count;
	return false;
}
static inline bool mpi_take(char *text, size_t len)
{
	(void)text;
	(void)len;
	return false;
}
static inline bool mpi_idle(bool parted)
{
	(void)parted;
	return false;
}
#endif

#endif /* SA_CLI_PART_H */
