# fish completion for shuffle-audit, made by 'shuffle-audit completions fish'
# from the option tables of its parsers.
complete -c shuffle-audit -f
complete -c shuffle-audit -n __fish_use_subcommand -l help -d 'describe the commands'
complete -c shuffle-audit -n __fish_use_subcommand -l version -d 'print the version'
complete -c shuffle-audit -n __fish_use_subcommand -a algorithms -d 'list the shuffles it knows'
complete -c shuffle-audit -n '__fish_seen_subcommand_from algorithms' -l wild
complete -c shuffle-audit -n '__fish_seen_subcommand_from algorithms' -s f -l format -x -a 'text tsv csv json'
complete -c shuffle-audit -n '__fish_seen_subcommand_from algorithms' -s h -l help
complete -c shuffle-audit -n __fish_use_subcommand -a census -d 'count every run of a shuffle, exactly'
complete -c shuffle-audit -n '__fish_seen_subcommand_from census' -s a -l algorithm -x -a 'naive durstenfeld forward inside-out sattolo forward-exclusive two-deck pick-one rejection swaps sort-keys std-random-shuffle comparator-sort comparator-v8 comparator-merge rotation riffle overhand pile cut poker-1999'
complete -c shuffle-audit -n '__fish_seen_subcommand_from census' -s n -l cards -x
complete -c shuffle-audit -n '__fish_seen_subcommand_from census' -l check
complete -c shuffle-audit -n '__fish_seen_subcommand_from census' -l engine -x -a 'auto steps replay walk'
complete -c shuffle-audit -n '__fish_seen_subcommand_from census' -s f -l format -x -a 'text tsv csv json'
complete -c shuffle-audit -n '__fish_seen_subcommand_from census' -s h -l help
complete -c shuffle-audit -n '__fish_seen_subcommand_from census' -l notation -x -a 'array inverse cycles'
complete -c shuffle-audit -n '__fish_seen_subcommand_from census' -l reduce -x -a 'modulo:8 modulo:16 modulo:32 multiply:8 multiply:16 multiply:32 reject:8 reject:16 reject:32 lemire:8 lemire:16 lemire:32 scale:8 scale:16 scale:32'
complete -c shuffle-audit -n '__fish_seen_subcommand_from census' -l summary
complete -c shuffle-audit -n '__fish_seen_subcommand_from census' -l threads -x
complete -c shuffle-audit -n '__fish_seen_subcommand_from census' -l sort -x -a 'ordering runs'
complete -c shuffle-audit -n '__fish_seen_subcommand_from census' -l top -x
complete -c shuffle-audit -n '__fish_seen_subcommand_from census' -l plugin -r -F
complete -c shuffle-audit -n '__fish_seen_subcommand_from census' -l exec -x -a '(__fish_complete_command)'
complete -c shuffle-audit -n '__fish_seen_subcommand_from census' -l timeout -x
complete -c shuffle-audit -n '__fish_seen_subcommand_from census' -l raw-bits -x
complete -c shuffle-audit -n '__fish_seen_subcommand_from census' -l max-draws -x
complete -c shuffle-audit -n '__fish_seen_subcommand_from census' -l repeat -x
complete -c shuffle-audit -n '__fish_seen_subcommand_from census' -l batch
complete -c shuffle-audit -n '__fish_seen_subcommand_from census' -l no-stream
complete -c shuffle-audit -n '__fish_seen_subcommand_from census' -l instances -x
complete -c shuffle-audit -n '__fish_seen_subcommand_from census' -l real-cells -x
complete -c shuffle-audit -n '__fish_seen_subcommand_from census' -l layers
complete -c shuffle-audit -n '__fish_seen_subcommand_from census' -l depth -x
complete -c shuffle-audit -n '__fish_seen_subcommand_from census' -l remainder -x
complete -c shuffle-audit -n '__fish_seen_subcommand_from census' -l time-limit -x
complete -c shuffle-audit -n '__fish_seen_subcommand_from census' -l times -x
complete -c shuffle-audit -n '__fish_seen_subcommand_from census' -l part -x
complete -c shuffle-audit -n '__fish_seen_subcommand_from census' -l plan
complete -c shuffle-audit -n '__fish_seen_subcommand_from census' -l ranks -x
complete -c shuffle-audit -n '__fish_seen_subcommand_from census' -l network -x
complete -c shuffle-audit -n '__fish_seen_subcommand_from census' -l memory -x
complete -c shuffle-audit -n __fish_use_subcommand -a claims -d 'check the claims about shuffles, live'
complete -c shuffle-audit -n '__fish_seen_subcommand_from claims' -s f -l format -x -a 'text tsv csv json'
complete -c shuffle-audit -n '__fish_seen_subcommand_from claims' -s h -l help
complete -c shuffle-audit -n '__fish_seen_subcommand_from claims' -l upto -x
complete -c shuffle-audit -n '__fish_seen_subcommand_from claims' -l big
complete -c shuffle-audit -n __fish_use_subcommand -a completions -d 'print the completions for bash, zsh or fish'
complete -c shuffle-audit -n '__fish_seen_subcommand_from completions' -s h -l help
complete -c shuffle-audit -n '__fish_seen_subcommand_from completions' -a 'bash zsh fish'
complete -c shuffle-audit -n __fish_use_subcommand -a deal -d 'deal a hand from a seed, or unpredictably'
complete -c shuffle-audit -n '__fish_seen_subcommand_from deal' -s a -l algorithm -x -a 'naive durstenfeld forward inside-out sattolo forward-exclusive two-deck pick-one rejection swaps sort-keys std-random-shuffle comparator-sort comparator-v8 comparator-merge rotation riffle overhand pile cut poker-1999'
complete -c shuffle-audit -n '__fish_seen_subcommand_from deal' -l cards -x
complete -c shuffle-audit -n '__fish_seen_subcommand_from deal' -l deck -x
complete -c shuffle-audit -n '__fish_seen_subcommand_from deal' -s f -l format -x -a 'text tsv csv json'
complete -c shuffle-audit -n '__fish_seen_subcommand_from deal' -l hands -x
complete -c shuffle-audit -n '__fish_seen_subcommand_from deal' -s h -l help
complete -c shuffle-audit -n '__fish_seen_subcommand_from deal' -l random
complete -c shuffle-audit -n '__fish_seen_subcommand_from deal' -l reduce -x -a 'modulo:8 modulo:16 modulo:32 multiply:8 multiply:16 multiply:32 reject:8 reject:16 reject:32 lemire:8 lemire:16 lemire:32 scale:8 scale:16 scale:32'
complete -c shuffle-audit -n '__fish_seen_subcommand_from deal' -l seed -x
complete -c shuffle-audit -n '__fish_seen_subcommand_from deal' -s n -x
complete -c shuffle-audit -n __fish_use_subcommand -a distance -d 'how far a shuffle done k times is from uniform'
complete -c shuffle-audit -n '__fish_seen_subcommand_from distance' -s a -l algorithm -x -a 'naive durstenfeld forward inside-out sattolo forward-exclusive two-deck pick-one rejection swaps sort-keys std-random-shuffle comparator-sort comparator-v8 comparator-merge rotation riffle overhand pile cut poker-1999'
complete -c shuffle-audit -n '__fish_seen_subcommand_from distance' -s n -l cards -x
complete -c shuffle-audit -n '__fish_seen_subcommand_from distance' -s f -l format -x -a 'text tsv csv json svg'
complete -c shuffle-audit -n '__fish_seen_subcommand_from distance' -s h -l help
complete -c shuffle-audit -n '__fish_seen_subcommand_from distance' -l repeat -x
complete -c shuffle-audit -n '__fish_seen_subcommand_from distance' -l upto -x
complete -c shuffle-audit -n '__fish_seen_subcommand_from distance' -l method -x -a 'auto formula census'
complete -c shuffle-audit -n '__fish_seen_subcommand_from distance' -l plot
complete -c shuffle-audit -n '__fish_seen_subcommand_from distance' -l time-limit -x
complete -c shuffle-audit -n __fish_use_subcommand -a divisibility -d 'whether n! divides the runs, for any n'
complete -c shuffle-audit -n '__fish_seen_subcommand_from divisibility' -s a -l algorithm -x -a 'naive durstenfeld forward inside-out sattolo forward-exclusive two-deck pick-one rejection swaps sort-keys std-random-shuffle comparator-sort comparator-v8 comparator-merge rotation riffle overhand pile cut poker-1999'
complete -c shuffle-audit -n '__fish_seen_subcommand_from divisibility' -s n -l cards -x
complete -c shuffle-audit -n '__fish_seen_subcommand_from divisibility' -s f -l format -x -a 'text tsv csv json'
complete -c shuffle-audit -n '__fish_seen_subcommand_from divisibility' -s h -l help
complete -c shuffle-audit -n '__fish_seen_subcommand_from divisibility' -l reduce -x -a 'modulo:8 modulo:16 modulo:32 multiply:8 multiply:16 multiply:32 reject:8 reject:16 reject:32 lemire:8 lemire:16 lemire:32 scale:8 scale:16 scale:32'
complete -c shuffle-audit -n __fish_use_subcommand -a fit -d 'whether a black box'\''s decks look fair'
complete -c shuffle-audit -n '__fish_seen_subcommand_from fit' -s n -l cards -x
complete -c shuffle-audit -n '__fish_seen_subcommand_from fit' -s f -l format -x -a 'text tsv csv json'
complete -c shuffle-audit -n '__fish_seen_subcommand_from fit' -s h -l help
complete -c shuffle-audit -n '__fish_seen_subcommand_from fit' -s d -l delimiter -x
complete -c shuffle-audit -n '__fish_seen_subcommand_from fit' -l base -x
complete -c shuffle-audit -n '__fish_seen_subcommand_from fit' -l names
complete -c shuffle-audit -n '__fish_seen_subcommand_from fit' -l run -x -a '(__fish_complete_command)'
complete -c shuffle-audit -n '__fish_seen_subcommand_from fit' -l samples -x
complete -c shuffle-audit -n '__fish_seen_subcommand_from fit' -l alpha -x
complete -c shuffle-audit -n '__fish_seen_subcommand_from fit' -l detect -x
complete -c shuffle-audit -n '__fish_seen_subcommand_from fit' -l reduce -x -a 'modulo:8 modulo:16 modulo:32 multiply:8 multiply:16 multiply:32 reject:8 reject:16 reject:32 lemire:8 lemire:16 lemire:32 scale:8 scale:16 scale:32'
complete -c shuffle-audit -n '__fish_seen_subcommand_from fit' -l power -x
complete -c shuffle-audit -n '__fish_seen_subcommand_from fit' -l timeout -x
complete -c shuffle-audit -n '__fish_seen_subcommand_from fit' -F
complete -c shuffle-audit -n __fish_use_subcommand -a harness -d 'print the harness that audits code in a language'
complete -c shuffle-audit -n '__fish_seen_subcommand_from harness' -s f -l format -x -a 'text tsv csv json'
complete -c shuffle-audit -n '__fish_seen_subcommand_from harness' -s h -l help
complete -c shuffle-audit -n '__fish_seen_subcommand_from harness' -a 'python javascript java go rust csharp c'
complete -c shuffle-audit -n __fish_use_subcommand -a help -d 'describe the commands, or one command'
complete -c shuffle-audit -n '__fish_seen_subcommand_from help' -s h -l help
complete -c shuffle-audit -n '__fish_seen_subcommand_from help' -a 'algorithms census claims completions deal distance divisibility fit harness help matrix merge sample seed-space state-space trace'
complete -c shuffle-audit -n __fish_use_subcommand -a matrix -d 'P(card c ends at position p), exactly'
complete -c shuffle-audit -n '__fish_seen_subcommand_from matrix' -s a -l algorithm -x -a 'naive durstenfeld forward inside-out sattolo forward-exclusive two-deck pick-one rejection swaps sort-keys std-random-shuffle comparator-sort comparator-v8 comparator-merge rotation riffle overhand pile cut poker-1999'
complete -c shuffle-audit -n '__fish_seen_subcommand_from matrix' -s n -l cards -x
complete -c shuffle-audit -n '__fish_seen_subcommand_from matrix' -s f -l format -x -a 'text tsv csv json svg'
complete -c shuffle-audit -n '__fish_seen_subcommand_from matrix' -s h -l help
complete -c shuffle-audit -n '__fish_seen_subcommand_from matrix' -l reduce -x -a 'modulo:8 modulo:16 modulo:32 multiply:8 multiply:16 multiply:32 reject:8 reject:16 reject:32 lemire:8 lemire:16 lemire:32 scale:8 scale:16 scale:32'
complete -c shuffle-audit -n '__fish_seen_subcommand_from matrix' -l census
complete -c shuffle-audit -n '__fish_seen_subcommand_from matrix' -l check
complete -c shuffle-audit -n '__fish_seen_subcommand_from matrix' -l threads -x
complete -c shuffle-audit -n '__fish_seen_subcommand_from matrix' -l time-limit -x
complete -c shuffle-audit -n '__fish_seen_subcommand_from matrix' -l plugin -r -F
complete -c shuffle-audit -n '__fish_seen_subcommand_from matrix' -l exec -x -a '(__fish_complete_command)'
complete -c shuffle-audit -n '__fish_seen_subcommand_from matrix' -l timeout -x
complete -c shuffle-audit -n '__fish_seen_subcommand_from matrix' -l raw-bits -x
complete -c shuffle-audit -n '__fish_seen_subcommand_from matrix' -l max-draws -x
complete -c shuffle-audit -n '__fish_seen_subcommand_from matrix' -l repeat -x
complete -c shuffle-audit -n '__fish_seen_subcommand_from matrix' -l batch
complete -c shuffle-audit -n '__fish_seen_subcommand_from matrix' -l no-stream
complete -c shuffle-audit -n '__fish_seen_subcommand_from matrix' -l instances -x
complete -c shuffle-audit -n '__fish_seen_subcommand_from matrix' -l real-cells -x
complete -c shuffle-audit -n __fish_use_subcommand -a merge -d 'add up the parts of a run (--part) into its report'
complete -c shuffle-audit -n '__fish_seen_subcommand_from merge' -s h -l help
complete -c shuffle-audit -n '__fish_seen_subcommand_from merge' -F
complete -c shuffle-audit -n __fish_use_subcommand -a sample -d 'deal decks from a real generator and test them'
complete -c shuffle-audit -n '__fish_seen_subcommand_from sample' -s a -l algorithm -x -a 'naive durstenfeld forward inside-out sattolo forward-exclusive two-deck pick-one rejection swaps sort-keys std-random-shuffle comparator-sort comparator-v8 comparator-merge rotation riffle overhand pile cut poker-1999'
complete -c shuffle-audit -n '__fish_seen_subcommand_from sample' -s n -l cards -x
complete -c shuffle-audit -n '__fish_seen_subcommand_from sample' -s f -l format -x -a 'text tsv csv json perms'
complete -c shuffle-audit -n '__fish_seen_subcommand_from sample' -s h -l help
complete -c shuffle-audit -n '__fish_seen_subcommand_from sample' -l decks -x
complete -c shuffle-audit -n '__fish_seen_subcommand_from sample' -l seed -x
complete -c shuffle-audit -n '__fish_seen_subcommand_from sample' -l reduce -x -a 'modulo:8 modulo:16 modulo:32 multiply:8 multiply:16 multiply:32 reject:8 reject:16 reject:32 lemire:8 lemire:16 lemire:32 scale:8 scale:16 scale:32'
complete -c shuffle-audit -n '__fish_seen_subcommand_from sample' -l threads -x
complete -c shuffle-audit -n '__fish_seen_subcommand_from sample' -l alpha -x
complete -c shuffle-audit -n '__fish_seen_subcommand_from sample' -l time-limit -x
complete -c shuffle-audit -n '__fish_seen_subcommand_from sample' -l part -x
complete -c shuffle-audit -n __fish_use_subcommand -a seed-space -d 'deal from every seed of a seeded generator and count'
complete -c shuffle-audit -n '__fish_seen_subcommand_from seed-space' -s a -l algorithm -x -a 'naive durstenfeld forward inside-out sattolo forward-exclusive two-deck pick-one rejection swaps sort-keys std-random-shuffle comparator-sort comparator-v8 comparator-merge rotation riffle overhand pile cut poker-1999'
complete -c shuffle-audit -n '__fish_seen_subcommand_from seed-space' -s n -l cards -x
complete -c shuffle-audit -n '__fish_seen_subcommand_from seed-space' -s f -l format -x -a 'text tsv csv json'
complete -c shuffle-audit -n '__fish_seen_subcommand_from seed-space' -s g -l generator -x -a 'mulberry32 delphi glibc java mt19937 dotnet'
complete -c shuffle-audit -n '__fish_seen_subcommand_from seed-space' -s h -l help
complete -c shuffle-audit -n '__fish_seen_subcommand_from seed-space' -l seeds -x
complete -c shuffle-audit -n '__fish_seen_subcommand_from seed-space' -l reduce -x -a 'modulo:8 modulo:16 modulo:32 multiply:8 multiply:16 multiply:32 reject:8 reject:16 reject:32 lemire:8 lemire:16 lemire:32 scale:8 scale:16 scale:32'
complete -c shuffle-audit -n '__fish_seen_subcommand_from seed-space' -l threads -x
complete -c shuffle-audit -n '__fish_seen_subcommand_from seed-space' -l check
complete -c shuffle-audit -n '__fish_seen_subcommand_from seed-space' -l match -x
complete -c shuffle-audit -n '__fish_seen_subcommand_from seed-space' -l list -x
complete -c shuffle-audit -n '__fish_seen_subcommand_from seed-space' -l time-limit -x
complete -c shuffle-audit -n '__fish_seen_subcommand_from seed-space' -l part -x
complete -c shuffle-audit -n __fish_use_subcommand -a state-space -d 'how many orderings a seeded generator can reach'
complete -c shuffle-audit -n '__fish_seen_subcommand_from state-space' -l bits -x
complete -c shuffle-audit -n '__fish_seen_subcommand_from state-space' -s n -l cards -x
complete -c shuffle-audit -n '__fish_seen_subcommand_from state-space' -s f -l format -x -a 'text tsv csv json'
complete -c shuffle-audit -n '__fish_seen_subcommand_from state-space' -s h -l help
complete -c shuffle-audit -n __fish_use_subcommand -a trace -d 'one run step by step, or the runs to an ordering'
complete -c shuffle-audit -n '__fish_seen_subcommand_from trace' -s a -l algorithm -x -a 'naive durstenfeld forward inside-out sattolo forward-exclusive two-deck pick-one rejection swaps sort-keys std-random-shuffle comparator-sort comparator-v8 comparator-merge rotation riffle overhand pile cut poker-1999'
complete -c shuffle-audit -n '__fish_seen_subcommand_from trace' -s n -l cards -x
complete -c shuffle-audit -n '__fish_seen_subcommand_from trace' -l draws -x
complete -c shuffle-audit -n '__fish_seen_subcommand_from trace' -s f -l format -x -a 'text tsv csv json'
complete -c shuffle-audit -n '__fish_seen_subcommand_from trace' -s h -l help
complete -c shuffle-audit -n '__fish_seen_subcommand_from trace' -l notation -x -a 'array inverse cycles'
complete -c shuffle-audit -n '__fish_seen_subcommand_from trace' -l ordering -x
complete -c shuffle-audit -n '__fish_seen_subcommand_from trace' -l reduce -x -a 'modulo:8 modulo:16 modulo:32 multiply:8 multiply:16 multiply:32 reject:8 reject:16 reject:32 lemire:8 lemire:16 lemire:32 scale:8 scale:16 scale:32'
complete -c shuffle-audit -n '__fish_seen_subcommand_from trace' -l seed -x
