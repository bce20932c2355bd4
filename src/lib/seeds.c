/* seeds.c - placeholder */
#include "shuffle_audit.h"
typedef int seeds_placeholder;
