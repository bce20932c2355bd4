# sh tests/cli/sigpipe-default.sh COMMAND...: runs COMMAND when this
# shell started with SIGPIPE at its default action, and exits 9 when it
# was left ignored (bit 12 of SigIgn, for signal 13).
mask=$(sed -n 's/^SigIgn:[[:space:]]*//p' /proc/$$/status)
[ $((0x$mask & 0x1000)) -eq 0 ] || exit 9
exec "$@"
