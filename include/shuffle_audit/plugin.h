/*
 * shuffle_audit/plugin.h - the plugin contract: the one function a plugin
 * defines.  A plugin needs this header and those it includes alone
 * (shuffle_audit_plugin.h).
 */
#ifndef SA_PLUGIN_H
#define SA_PLUGIN_H

#include <stddef.h>

#include "oracle.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * The plugin contract.  A plugin is a shared object with a function of
 * this type, by default named SA_PLUGIN_SYMBOL, that shuffles DECK[0 ..
 * N-1] in place, asking ORACLE for every random number it uses (sa_draw,
 * sa_word or sa_real) and nothing else: no rand(), no clock, no state kept from
 * one call to the next.  It must end with a permutation of the deck it
 * was given, make at most the census's --max-draws draws, and ask no
 * draw below 0 or above SA_DRAW_MAX.
 */
typedef void sa_plugin_fn(unsigned *deck, size_t n, sa_oracle *oracle);
#define SA_PLUGIN_SYMBOL "shuffle_audit_shuffle"

/* The function a plugin defines (the library never does). */
sa_plugin_fn shuffle_audit_shuffle;

#ifdef __cplusplus
}
#endif

#endif /* SA_PLUGIN_H */
