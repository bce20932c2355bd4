# bash bash_complete.bash SCRIPT 'line to complete'... - sources the
# completion SCRIPT and prints, a line each, the sorted words it offers
# for each line (the word being completed is the line's last, empty
# after a trailing blank), as bash does on TAB.
script=$1
shift
source "$script" || exit 1
for line in "$@"; do
	COMP_LINE=$line
	COMP_POINT=${#line}
	read -ra COMP_WORDS <<< "$line"
	case $line in *' ') COMP_WORDS+=("") ;; esac
	COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
	COMPREPLY=()
	_shuffle_audit shuffle-audit "${COMP_WORDS[COMP_CWORD]}" \
	    "${COMP_WORDS[COMP_CWORD-1]}"
	printf '== %s\n' "$line"
	[ ${#COMPREPLY[@]} -eq 0 ] || printf '%s\n' "${COMPREPLY[@]}" | sort
done
