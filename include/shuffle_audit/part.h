/*
 * shuffle_audit/part.h - parts of a run shared out over machines: the part
 * file, and the check that parts are one run (part.c).
 */
#ifndef SA_PART_H
#define SA_PART_H

#include <stdbool.h>
#include <stddef.h>

#include "census.h"
#include "fit.h"
#include "layers.h"
#include "seeds.h"
#include "shuffle.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * A part of a run shared out over machines (--part I/P, then merge):
 * part INDEX (1 .. COUNT) of COUNT, the command it answers (ARGV, ARGC
 * words, without --part), the facts its caller keeps (NOTES: "KEY VALUE"
 * strings), and its counts (DATA, LEN bytes, of the KIND its caller
 * names: "census", "layers", "seeds").  VERSION is the version of
 * shuffle-audit that made it (read back only by the same).
 *
 * sa_part_parse ends ARGV and NOTES with a NULL past their last.
 * sa_part_format writes P as text (malloc'd, *LEN bytes) in the
 * versioned format part.c and the man page's PARTS describe, with a
 * checksum; sa_part_parse reads it back into OUT (freed with
 * sa_part_free), or gives SA_EINVAL and the reason in WHY (SIZE bytes;
 * may be NULL): not a part, cut, changed (its checksum), another
 * version or byte order.  sa_parts_check takes K parts read and says
 * whether they are one whole run: all parts 1 .. COUNT once each, of
 * the same command and kind; ORDER (room for COUNT) gets, for part i,
 * the index in PARTS of part i + 1.  When they are not, SA_EINVAL, the
 * reason in WHY (SIZE bytes), and in AT the indexes in PARTS of the two
 * parts that disagree (SIZE_MAX for none: a part missing).
 */
#define SA_PART_MAX 4096	/* parts in a split, at most */
typedef struct sa_part {
	unsigned index, count;
	char **argv;
	size_t argc;
	char **notes;
	size_t nnotes;
	char *kind;
	unsigned char *data;
	size_t len;
	char version[32];
} sa_part;

int sa_part_format(const sa_part *p, char **text, size_t *len);
int sa_part_parse(const char *text, size_t len, sa_part *out, char *why,
    size_t size);
void sa_part_free(sa_part *p);	/* its members; NULL is fine */
/*
 * A file read a piece at a time, checked before it is read whole: TEXT,
 * its first LEN bytes, can begin a part (SA_OK) or cannot (SA_EINVAL,
 * WHY: its first line is not a part's, or its head passes
 * SA_PART_HEAD_MAX bytes with no data line, or its data line claims more
 * than memory could hold); *MOST is the most bytes the whole file may
 * hold, from its data line once that is in (SA_PART_HEAD_MAX before).
 * A reader stops at *MOST, and /dev/zero or an endless stream is
 * refused within the first line or the head.
 */
#define SA_PART_HEAD_MAX (1 << 20)
int sa_part_sniff(const char *text, size_t len, size_t *most, char *why,
    size_t size);
int sa_parts_check(const sa_part *const *parts, size_t k, size_t *order,
    size_t at[2], char *why, size_t size);

/*
 * A part's notes and sections.  sa_part_note gives the value of part P's
 * note KEY ("KEY VALUE"), or NULL; sa_parts_flag whether any of COUNT
 * PARTS has the note "KEY yes".  A part's data may end in sections that
 * its maker appended after its main counts (an audit's counts under its
 * second models), each named by a note "NAME-bytes LEN", in the order of
 * those notes: sa_part_append appends SEC (SECLEN bytes) to DATA (LEN
 * bytes, malloc'd) as section NAME and writes its note into NOTE (SIZE
 * bytes), SA_OK or SA_ENOMEM (DATA kept); sa_part_section gives where
 * section NAME is in P's data (NULL: the main counts), *LEN 0 for a
 * section P does not have.
 */
const char *sa_part_note(const sa_part *p, const char *key);
bool sa_parts_flag(const sa_part *parts, size_t count, const char *key);
int sa_part_append(unsigned char **data, size_t *len, const char *name,
    const unsigned char *sec, size_t seclen, char *note, size_t size);
void sa_part_section(const sa_part *p, const char *name,
    const unsigned char **data, size_t *len);

/*
 * The parts of one run folded into its counts, one call a kind: section
 * SECTION (NULL: the main counts) of each of COUNT PARTS, in order,
 * unpacked and added up into a census of SHUFFLE on N cards, layers of
 * N cards collected to DEPTH draws, a seed space of N cards, or the
 * decks of N cards.  SA_OK, or the status of the part at *AT that
 * failed (SA_EINVAL: its counts are not of this kind, these cards or
 * this depth, or it lacks the section), with *OUT NULL.
 */
int sa_parts_census(const sa_part *parts, size_t count, const char *section,
    const sa_shuffle *shuffle, size_t n, size_t *at, sa_census **out);
int sa_parts_layers(const sa_part *parts, size_t count, const char *section,
    const sa_shuffle *shuffle, size_t n, size_t depth, size_t *at,
    sa_layers **out);
int sa_parts_seeds(const sa_part *parts, size_t count, size_t n, size_t *at,
    sa_seeds **out);
int sa_parts_decks(const sa_part *parts, size_t count, size_t n, size_t *at,
    sa_fit **out);

#ifdef __cplusplus
}
#endif

#endif /* SA_PART_H */
