/*
 * shuffle_audit_plugin.h - all a plugin needs: the draw oracle its
 * shuffle takes every random number from, the contract it keeps, and
 * the status codes (for oracle->fail).  Included by shuffle_audit.h;
 * a plugin may include either.  Build one with
 *
 *	cc -shared -fPIC -o shuffle.so shuffle.c
 *
 * and audit it with shuffle-audit census --plugin ./shuffle.so.
 *
 * The declarations are in the modules it includes, under shuffle_audit/.
 */
#ifndef SHUFFLE_AUDIT_PLUGIN_H
#define SHUFFLE_AUDIT_PLUGIN_H

#include "shuffle_audit/version.h"
#include "shuffle_audit/status.h"
#include "shuffle_audit/oracle.h"
#include "shuffle_audit/plugin.h"

#endif /* SHUFFLE_AUDIT_PLUGIN_H */
