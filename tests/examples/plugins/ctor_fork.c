/*
 * A plugin whose constructor starts a process by the raw fork system
 * call, before any shuffle is called: the fork filter must already be
 * in force when the plugin is loaded.  The copy would sleep on as
 * "sleep 7774"; the shuffle itself is fair (Durstenfeld).
 */
#define _GNU_SOURCE

#include <sys/syscall.h>

#include <unistd.h>

#include <shuffle_audit.h>

sa_plugin_fn shuffle;

__attribute__((constructor)) static void
start(void)
{
	if (syscall(SYS_fork) == 0) {
		execlp("sleep", "sleep", "7774", (char *)NULL);
		_exit(1);
	}
}

void
shuffle(unsigned *deck, size_t n, sa_oracle *o)
{
	for (size_t i = n; i > 1; i--) {
		size_t j = (size_t)sa_draw(o, i);
		unsigned t = deck[i - 1];

		deck[i - 1] = deck[j];
		deck[j] = t;
	}
}
