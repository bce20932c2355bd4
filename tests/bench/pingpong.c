/*
 * pingpong.c - the round trip of a pipe, what the exec protocol pays at
 * least once a run: this process writes a byte down one pipe, a child
 * reads it and writes it back up another, COUNT times (default 100000);
 * prints the wall-clock microseconds a round trip and the CPU seconds
 * both processes took (the bench's baseline for the auditor's cost).
 */
#define _POSIX_C_SOURCE 200809L

#include <sys/resource.h>
#include <sys/wait.h>

#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static double
cpu(int who)
{
	struct rusage u;

	getrusage(who, &u);
	return (double)u.ru_utime.tv_sec + (double)u.ru_stime.tv_sec +
	    ((double)u.ru_utime.tv_usec + (double)u.ru_stime.tv_usec) / 1e6;
}

int
main(int argc, char **argv)
{
	long count = argc > 1 ? atol(argv[1]) : 100000;
	int down[2], up[2];
	struct timespec s, e;
	char c = 'x';
	pid_t child;

	if (count < 1 || pipe(down) != 0 || pipe(up) != 0)
		return 2;
	if ((child = fork()) < 0)
		return 2;
	if (child == 0) {
		for (long i = 0; i < count; i++)
			if (read(down[0], &c, 1) != 1 || write(up[1], &c, 1) != 1)
				_exit(2);
		_exit(0);
	}
	clock_gettime(CLOCK_MONOTONIC, &s);
	for (long i = 0; i < count; i++)
		if (write(down[1], &c, 1) != 1 || read(up[0], &c, 1) != 1)
			return 2;
	clock_gettime(CLOCK_MONOTONIC, &e);
	waitpid(child, NULL, 0);
	printf("%.2f %.6f\n", ((double)(e.tv_sec - s.tv_sec) * 1e9 +
	    (double)(e.tv_nsec - s.tv_nsec)) / (double)count / 1e3,
	    (cpu(RUSAGE_SELF) + cpu(RUSAGE_CHILDREN)) / (double)count * 1e6);
	return 0;
}
