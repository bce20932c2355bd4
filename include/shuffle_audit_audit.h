/*
 * shuffle_audit_audit.h - the census of audited code: a user's own
 * shuffle, run where the auditor can watch it (a child process for a
 * plugin, a program over the exec protocol), counted by the replay
 * engine with its odometer in memory the caller provides, shared out
 * over parts and added up exactly.  The command line's --plugin and
 * --exec are built on it; so can another front end be.
 *
 * Its declarations are in shuffle_audit/audit.h, real.h, exec.h,
 * stream.h and part.h, and with their modules in census.h and layers.h
 * (the tallies, merges and pieces an audit counts with), all of which
 * shuffle_audit.h includes: this header is that one, kept for programs
 * that include it.
 */
#ifndef SHUFFLE_AUDIT_AUDIT_H
#define SHUFFLE_AUDIT_AUDIT_H

#include "shuffle_audit.h"

#endif /* SHUFFLE_AUDIT_AUDIT_H */
