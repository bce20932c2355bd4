# bash completion for shuffle-audit, made by 'shuffle-audit completions bash'
# from the option tables of its parsers.
_shuffle_audit()
{
	local cur=${COMP_WORDS[COMP_CWORD]} prev= cmd= i arg=
	local opts= kind=none words=

	[ "$COMP_CWORD" -gt 0 ] && prev=${COMP_WORDS[COMP_CWORD-1]}
	# --option=value: bash splits the word at the '='.
	if [ "$cur" = = ]; then
		cur=
	elif [ "$prev" = = ] && [ "$COMP_CWORD" -gt 1 ]; then
		prev=${COMP_WORDS[COMP_CWORD-2]}
	fi
	for ((i = 1; i < COMP_CWORD; i++)); do
		case ${COMP_WORDS[i]} in
		-*) ;;
		*) cmd=${COMP_WORDS[i]}; break ;;
		esac
	done
	case $cmd in
	'')
		opts='--help --version'
		kind=words; words='algorithms census claims completions deal distance divisibility fit harness help matrix merge sample seed-space state-space trace' ;;
	algorithms)
		opts='--wild --format --help'
		kind=none
		case $prev in
		-f|--format) kind=words; words='text tsv csv json'; arg=1 ;;
		esac ;;
	census)
		opts='--algorithm --cards --check --engine --format --help --notation --reduce --summary --threads --sort --top --plugin --exec --timeout --raw-bits --max-draws --repeat --batch --no-stream --instances --real-cells --layers --depth --remainder --time-limit --times --part --plan --ranks --network --memory'
		kind=none
		case $prev in
		-a|--algorithm) kind=words; words='naive durstenfeld forward inside-out sattolo forward-exclusive two-deck pick-one rejection swaps sort-keys std-random-shuffle comparator-sort comparator-v8 comparator-merge rotation riffle overhand pile cut poker-1999'; arg=1 ;;
		-n|--cards) kind=none; arg=1 ;;
		--engine) kind=words; words='auto steps replay walk'; arg=1 ;;
		-f|--format) kind=words; words='text tsv csv json junit'; arg=1 ;;
		--notation) kind=words; words='array inverse cycles'; arg=1 ;;
		--reduce) kind=words; words='modulo:8 modulo:16 modulo:32 multiply:8 multiply:16 multiply:32 reject:8 reject:16 reject:32 lemire:8 lemire:16 lemire:32 scale:8 scale:16 scale:32'; arg=1 ;;
		--threads) kind=none; arg=1 ;;
		--sort) kind=words; words='ordering runs'; arg=1 ;;
		--top) kind=none; arg=1 ;;
		--plugin) kind=files; arg=1 ;;
		--exec) kind=commands; arg=1 ;;
		--timeout) kind=none; arg=1 ;;
		--raw-bits) kind=none; arg=1 ;;
		--max-draws) kind=none; arg=1 ;;
		--repeat) kind=none; arg=1 ;;
		--instances) kind=none; arg=1 ;;
		--real-cells) kind=none; arg=1 ;;
		--depth) kind=none; arg=1 ;;
		--remainder) kind=none; arg=1 ;;
		--time-limit) kind=none; arg=1 ;;
		--times) kind=none; arg=1 ;;
		--part) kind=none; arg=1 ;;
		--ranks) kind=none; arg=1 ;;
		--network) kind=none; arg=1 ;;
		--memory) kind=none; arg=1 ;;
		esac ;;
	claims)
		opts='--format --help --upto --big'
		kind=none
		case $prev in
		-f|--format) kind=words; words='text tsv csv json'; arg=1 ;;
		--upto) kind=none; arg=1 ;;
		esac ;;
	completions)
		opts='--help'
		kind=words; words='bash zsh fish'
		case $prev in
		esac ;;
	deal)
		opts='--algorithm --cards --deck --format --hands --help --random --reduce --seed'
		kind=none
		case $prev in
		-a|--algorithm) kind=words; words='naive durstenfeld forward inside-out sattolo forward-exclusive two-deck pick-one rejection swaps sort-keys std-random-shuffle comparator-sort comparator-v8 comparator-merge rotation riffle overhand pile cut poker-1999'; arg=1 ;;
		--cards) kind=none; arg=1 ;;
		--deck) kind=none; arg=1 ;;
		-f|--format) kind=words; words='text tsv csv json'; arg=1 ;;
		--hands) kind=none; arg=1 ;;
		--reduce) kind=words; words='modulo:8 modulo:16 modulo:32 multiply:8 multiply:16 multiply:32 reject:8 reject:16 reject:32 lemire:8 lemire:16 lemire:32 scale:8 scale:16 scale:32'; arg=1 ;;
		--seed) kind=none; arg=1 ;;
		-n) kind=none; arg=1 ;;
		esac ;;
	distance)
		opts='--algorithm --cards --format --help --repeat --upto --method --plot --time-limit'
		kind=none
		case $prev in
		-a|--algorithm) kind=words; words='naive durstenfeld forward inside-out sattolo forward-exclusive two-deck pick-one rejection swaps sort-keys std-random-shuffle comparator-sort comparator-v8 comparator-merge rotation riffle overhand pile cut poker-1999'; arg=1 ;;
		-n|--cards) kind=none; arg=1 ;;
		-f|--format) kind=words; words='text tsv csv json svg'; arg=1 ;;
		--repeat) kind=none; arg=1 ;;
		--upto) kind=none; arg=1 ;;
		--method) kind=words; words='auto formula census'; arg=1 ;;
		--time-limit) kind=none; arg=1 ;;
		esac ;;
	divisibility)
		opts='--algorithm --cards --format --help --reduce'
		kind=none
		case $prev in
		-a|--algorithm) kind=words; words='naive durstenfeld forward inside-out sattolo forward-exclusive two-deck pick-one rejection swaps sort-keys std-random-shuffle comparator-sort comparator-v8 comparator-merge rotation riffle overhand pile cut poker-1999'; arg=1 ;;
		-n|--cards) kind=none; arg=1 ;;
		-f|--format) kind=words; words='text tsv csv json'; arg=1 ;;
		--reduce) kind=words; words='modulo:8 modulo:16 modulo:32 multiply:8 multiply:16 multiply:32 reject:8 reject:16 reject:32 lemire:8 lemire:16 lemire:32 scale:8 scale:16 scale:32'; arg=1 ;;
		esac ;;
	fit)
		opts='--cards --format --help --delimiter --base --names --run --samples --alpha --detect --reduce --power --timeout'
		kind=files
		case $prev in
		-n|--cards) kind=none; arg=1 ;;
		-f|--format) kind=words; words='text tsv csv json'; arg=1 ;;
		-d|--delimiter) kind=none; arg=1 ;;
		--base) kind=none; arg=1 ;;
		--run) kind=commands; arg=1 ;;
		--samples) kind=none; arg=1 ;;
		--alpha) kind=none; arg=1 ;;
		--detect) kind=none; arg=1 ;;
		--reduce) kind=words; words='modulo:8 modulo:16 modulo:32 multiply:8 multiply:16 multiply:32 reject:8 reject:16 reject:32 lemire:8 lemire:16 lemire:32 scale:8 scale:16 scale:32'; arg=1 ;;
		--power) kind=none; arg=1 ;;
		--timeout) kind=none; arg=1 ;;
		esac ;;
	harness)
		opts='--format --help'
		kind=words; words='python javascript java go rust csharp c'
		case $prev in
		-f|--format) kind=words; words='text tsv csv json'; arg=1 ;;
		esac ;;
	help)
		opts='--help'
		kind=words; words='algorithms census claims completions deal distance divisibility fit harness help matrix merge sample seed-space state-space trace'
		case $prev in
		esac ;;
	matrix)
		opts='--algorithm --cards --format --help --reduce --census --check --threads --color --time-limit --plugin --exec --timeout --raw-bits --max-draws --repeat --batch --no-stream --instances --real-cells'
		kind=none
		case $prev in
		-a|--algorithm) kind=words; words='naive durstenfeld forward inside-out sattolo forward-exclusive two-deck pick-one rejection swaps sort-keys std-random-shuffle comparator-sort comparator-v8 comparator-merge rotation riffle overhand pile cut poker-1999'; arg=1 ;;
		-n|--cards) kind=none; arg=1 ;;
		-f|--format) kind=words; words='text tsv csv json svg'; arg=1 ;;
		--reduce) kind=words; words='modulo:8 modulo:16 modulo:32 multiply:8 multiply:16 multiply:32 reject:8 reject:16 reject:32 lemire:8 lemire:16 lemire:32 scale:8 scale:16 scale:32'; arg=1 ;;
		--threads) kind=none; arg=1 ;;
		--color) kind=words; words='auto always never'; arg=1 ;;
		--time-limit) kind=none; arg=1 ;;
		--plugin) kind=files; arg=1 ;;
		--exec) kind=commands; arg=1 ;;
		--timeout) kind=none; arg=1 ;;
		--raw-bits) kind=none; arg=1 ;;
		--max-draws) kind=none; arg=1 ;;
		--repeat) kind=none; arg=1 ;;
		--instances) kind=none; arg=1 ;;
		--real-cells) kind=none; arg=1 ;;
		esac ;;
	merge)
		opts='--format --help'
		kind=files
		case $prev in
		-f|--format) kind=words; words='text tsv csv json junit'; arg=1 ;;
		esac ;;
	sample)
		opts='--algorithm --cards --format --help --decks --seed --reduce --threads --alpha --time-limit --part'
		kind=none
		case $prev in
		-a|--algorithm) kind=words; words='naive durstenfeld forward inside-out sattolo forward-exclusive two-deck pick-one rejection swaps sort-keys std-random-shuffle comparator-sort comparator-v8 comparator-merge rotation riffle overhand pile cut poker-1999'; arg=1 ;;
		-n|--cards) kind=none; arg=1 ;;
		-f|--format) kind=words; words='text tsv csv json perms'; arg=1 ;;
		--decks) kind=none; arg=1 ;;
		--seed) kind=none; arg=1 ;;
		--reduce) kind=words; words='modulo:8 modulo:16 modulo:32 multiply:8 multiply:16 multiply:32 reject:8 reject:16 reject:32 lemire:8 lemire:16 lemire:32 scale:8 scale:16 scale:32'; arg=1 ;;
		--threads) kind=none; arg=1 ;;
		--alpha) kind=none; arg=1 ;;
		--time-limit) kind=none; arg=1 ;;
		--part) kind=none; arg=1 ;;
		esac ;;
	seed-space)
		opts='--algorithm --cards --format --generator --help --seeds --reduce --threads --check --match --list --time-limit --part'
		kind=none
		case $prev in
		-a|--algorithm) kind=words; words='naive durstenfeld forward inside-out sattolo forward-exclusive two-deck pick-one rejection swaps sort-keys std-random-shuffle comparator-sort comparator-v8 comparator-merge rotation riffle overhand pile cut poker-1999'; arg=1 ;;
		-n|--cards) kind=none; arg=1 ;;
		-f|--format) kind=words; words='text tsv csv json'; arg=1 ;;
		-g|--generator) kind=words; words='mulberry32 delphi glibc java mt19937 dotnet'; arg=1 ;;
		--seeds) kind=none; arg=1 ;;
		--reduce) kind=words; words='modulo:8 modulo:16 modulo:32 multiply:8 multiply:16 multiply:32 reject:8 reject:16 reject:32 lemire:8 lemire:16 lemire:32 scale:8 scale:16 scale:32'; arg=1 ;;
		--threads) kind=none; arg=1 ;;
		--match) kind=none; arg=1 ;;
		--list) kind=none; arg=1 ;;
		--time-limit) kind=none; arg=1 ;;
		--part) kind=none; arg=1 ;;
		esac ;;
	state-space)
		opts='--bits --cards --format --help'
		kind=none
		case $prev in
		--bits) kind=none; arg=1 ;;
		-n|--cards) kind=none; arg=1 ;;
		-f|--format) kind=words; words='text tsv csv json'; arg=1 ;;
		esac ;;
	trace)
		opts='--algorithm --cards --draws --format --help --notation --ordering --reduce --seed'
		kind=none
		case $prev in
		-a|--algorithm) kind=words; words='naive durstenfeld forward inside-out sattolo forward-exclusive two-deck pick-one rejection swaps sort-keys std-random-shuffle comparator-sort comparator-v8 comparator-merge rotation riffle overhand pile cut poker-1999'; arg=1 ;;
		-n|--cards) kind=none; arg=1 ;;
		--draws) kind=none; arg=1 ;;
		-f|--format) kind=words; words='text tsv csv json'; arg=1 ;;
		--notation) kind=words; words='array inverse cycles'; arg=1 ;;
		--ordering) kind=none; arg=1 ;;
		--reduce) kind=words; words='modulo:8 modulo:16 modulo:32 multiply:8 multiply:16 multiply:32 reject:8 reject:16 reject:32 lemire:8 lemire:16 lemire:32 scale:8 scale:16 scale:32'; arg=1 ;;
		--seed) kind=none; arg=1 ;;
		esac ;;
	esac
	if [ -z "$arg" ] && [ "${cur#-}" != "$cur" ]; then
		COMPREPLY=($(compgen -W "$opts" -- "$cur"))
		return 0
	fi
	case $kind in
	words) COMPREPLY=($(compgen -W "$words" -- "$cur")) ;;
	files) compopt -o filenames 2>/dev/null
		# A name a line: one with a space stays one word.
		local IFS=$'\n'
		COMPREPLY=($(compgen -f -- "$cur")) ;;
	commands) local IFS=$'\n'
		COMPREPLY=($(compgen -c -- "$cur")) ;;
	*) COMPREPLY=() ;;
	esac
	return 0
}
complete -F _shuffle_audit shuffle-audit
