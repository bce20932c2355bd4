# usage: zsh -f zsh_list.zsh COMPDIR 'line to complete'...
# Types each line and a TAB into an interactive zsh on a pseudo-terminal
# of 200 rows and prints, after "== LINE", what the line editor showed:
# the list of matches, each with its description, as a user sees it.
zmodload zsh/zpty
dir=$1; shift
n=0
sync() {	# read up to the line SYNC-n, the shell's answer to it
	n=$((n + 1))
	zpty -w z "print -r -- SYNC-\$(( $n * 1 ))"
	zpty -r z got "*SYNC-$n*"
}
zpty z zsh -f -i
zpty -w z "PS1='READY''> '; fpath=($dir \$fpath); autoload -U compinit; compinit -u -D; stty rows 200 columns 200"
sync
zpty -r z got '*READY>*'
for line in "$@"; do
	zpty -w -n z "$line"$'\t'
	zpty -w -n z $'\C-u'
	sync
	print -r -- "== $line"
	print -r -- "$got"
	zpty -r z got '*READY>*'
done
zpty -d z
