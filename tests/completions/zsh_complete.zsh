# usage: zsh -f test.zsh COMPDIR OUT 'line to complete'...
# Types each line and a TAB into an interactive zsh on a pseudo-terminal,
# each only once the line editor shows its prompt; a compadd wrapper
# there writes the matches each completion offers to OUT.
zmodload zsh/zpty
dir=$1 out=$2; shift 2
n=0
ready() {	# wait until the shell has run all typed so far and prompts
	n=$((n + 1))
	zpty -w z "print -r -- SYNC-\$(( $n * 1 ))"
	zpty -r z got "*SYNC-$n*"
	zpty -r z got '*READY>*'
}
zpty z zsh -f -i
zpty -w z "PS1='READY''> '; fpath=($dir \$fpath); autoload -U compinit; compinit -u -D"
ready
zpty -w z 'compadd () { local -a h; builtin compadd -O h "$@"; (( $#h )) && print -rl -- $h >> '$out'; builtin compadd "$@"; }'
ready
for line in "$@"; do
	zpty -w z "print -r -- '== $line' >> $out"
	ready
	zpty -w -n z "$line"$'\t'
	zpty -w -n z $'\C-u'
	zpty -w z ''
done
ready
zpty -d z
