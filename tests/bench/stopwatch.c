/*
 * stopwatch.c - stopwatch FILE COMMAND [ARG...]: runs COMMAND (found on
 * PATH as execvp finds it) and writes to FILE the seconds from just
 * before its fork to its exit, by the monotonic clock; exits as it did
 * (128 + N when signal N ended it).  The bench's timer: a pair of
 * `date` calls around a command also counts the start of the second
 * `date`, some 5 ms here, a tenth of a 9-card C audit.
 */
#define _POSIX_C_SOURCE 200809L

#include <sys/wait.h>

#include <errno.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

static double
now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

int
main(int argc, char **argv)
{
	double start, end;
	pid_t pid;
	int st;
	FILE *f;

	if (argc < 3) {
		fputs("usage: stopwatch FILE COMMAND [ARG...]\n", stderr);
		return 2;
	}
	start = now();
	if ((pid = fork()) < 0) {
		perror("stopwatch: fork");
		return 2;
	}
	if (pid == 0) {
		execvp(argv[2], argv + 2);
		perror(argv[2]);
		_exit(127);
	}
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR) {
			perror("stopwatch: waitpid");
			return 2;
		}
	end = now();
	if ((f = fopen(argv[1], "w")) == NULL || fprintf(f, "%.6f\n",
	    end - start) < 0 || fclose(f) != 0) {
		perror(argv[1]);
		return 2;
	}
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}
