/*
 * shuffle_audit/decks.h - decks read from lines of text, with reasons
 * (decks.c).
 */
#ifndef SA_DECKS_H
#define SA_DECKS_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Decks as lines of text, the form a black box's output is read in
 * (decks.c).  A line holds N entries between separators (blanks, and
 * DELIM when it is not -1): whole numbers from BASE to BASE + N - 1, or,
 * with NAMES (N is 52), the cards' names AS 2S ... 10S JS QS KS, then
 * the hearts, diamonds and clubs (AS is card 0, AH card 13).
 */
typedef struct sa_deck_format {
	size_t n;		/* 2 to SA_FIT_MAX_CARDS */
	unsigned base;		/* 0 or 1 */
	int delim;		/* a byte, or -1: blanks only */
	bool names;
} sa_deck_format;

typedef struct sa_deck_reader sa_deck_reader;

/* A reader of lines in format F: SA_EINVAL for a format out of range. */
int sa_deck_reader_new(const sa_deck_format *f, sa_deck_reader **out);
void sa_deck_reader_free(sa_deck_reader *r);	/* NULL is fine */
/*
 * The deck on LINE (LEN bytes, no newline; a last '\r' is ignored)
 * into DECK[0 .. N-1], each card from 0 to N-1 once: SA_OK, or SA_EINVAL
 * with the reason, such as `entry 3, "x": not a whole number', in WHY
 * (SIZE bytes; may be NULL).
 */
int sa_deck_read(sa_deck_reader *r, const char *line, size_t len,
    unsigned *deck, char *why, size_t size);
/* The card named by S (LEN bytes), as sa_deck_format's NAMES reads it. */
bool sa_card_from_name(const char *s, size_t len, unsigned *card);

#ifdef __cplusplus
}
#endif

#endif /* SA_DECKS_H */
