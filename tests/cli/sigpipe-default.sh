# sh tests/cli/sigpipe-default.sh COMMAND...: runs COMMAND when this
# shell started with SIGPIPE at its default action, and exits 9 when it
# was left ignored (bit 12 of SigIgn, for signal 13).
# /proc/self (sed, which inherits what this shell ignores), not
# /proc/$$: /proc is the machine's, and in the pid namespace audited
# code runs in, $$ is another process's number there.
mask=$(sed -n 's/^SigIgn:[[:space:]]*//p' /proc/self/status)
[ $((0x$mask & 0x1000)) -eq 0 ] || exit 9
exec "$@"
