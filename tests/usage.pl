#!/usr/bin/perl
# tests/usage.pl OPTIONS.tsv HELP-DIR SYNOPSIS - the usage lines against
# the parsers' own option tables (OPTIONS.tsv, from `shuffle-audit
# completions options`):
#   - every option that a command's usage lines (HELP-DIR/COMMAND, its
#     --help) or the man page's rendered SYNOPSIS name is one its parser
#     takes, shown with an argument exactly when the parser takes one;
#   - the SYNOPSIS names every option of every command but --help, by
#     its long name or its letter.
# Prints "usage: N passed, M failed" and exits 1 on a failure.
use strict;
use warnings;

my ($tsv, $dir, $synopsis) = @ARGV;
my (%arg, %long, $pass, $fail);
$pass = $fail = 0;

open my $t, '<', $tsv or die "$tsv: $!";
<$t>;
while (<$t>) {
	chomp;
	my ($c, $o, $l, $a) = split /\t/, $_, -1;
	$arg{$c}{$o} = $a if $o ne '';
	$arg{$c}{$l} = $a if $l ne '';
	push @{$long{$c}}, [$o, $l];
}

sub verdict {
	my ($ok, $why) = @_;
	if ($ok) { $pass++; } else { $fail++; print "FAIL: usage: $why\n"; }
}

# The words after "shuffle-audit COMMAND" in TEXT, a list per command.
sub forms {
	my ($text) = @_;
	my (%w, $cmd);
	for (split /\n/, $text) {
		if (s/^\s*(?:usage:)?\s*shuffle-audit\s+([a-z-]+)//) {
			$cmd = $1;
		} elsif (!/^\s/) {
			$cmd = undef;
		}
		push @{$w{$cmd}}, split ' ' if defined $cmd;
	}
	return \%w;
}

sub check_words {
	my ($where, $c, @w) = @_;
	for my $i (0 .. $#w) {
		next unless $w[$i] =~ /^[\[(|]*(--?[a-zA-Z][a-z-]*)(.*)$/;
		my ($o, $rest) = ($1, $2);
		if (!exists $arg{$c}{$o}) {
			verdict(0, "$where of $c names $o, which its parser does "
			    . "not take");
			next;
		}
		my $has = $rest eq '' && $i < $#w && $w[$i + 1] !~ /^[\[|-]/
		    ? 'yes' : 'no';
		verdict($has eq $arg{$c}{$o}, "$where of $c shows $o "
		    . ($has eq 'yes' ? 'with' : 'without') . " an argument; its "
		    . "parser takes it " . ($arg{$c}{$o} eq 'yes' ? 'with' :
		    'without') . " one");
	}
}

for my $c (sort keys %arg) {
	open my $h, '<', "$dir/$c" or die "$dir/$c: $!";
	my $usage = '';
	while (<$h>) { last if /^$/; $usage .= $_; }
	my $w = forms($usage);
	check_words("the usage", $c, @{$w->{$c} // []});
}

open my $s, '<', $synopsis or die "$synopsis: $!";
my $syn = forms(do { local $/; <$s> });
for my $c (sort keys %arg) {
	my @w = @{$syn->{$c} // []};
	verdict(@w > 0, "the SYNOPSIS has no line for $c");
	check_words("the SYNOPSIS", $c, @w);
	my %named = map { /(--?[a-zA-Z][a-z-]*)/ ? ($1 => 1) : () } @w;
	for (@{$long{$c}}) {
		my ($o, $l) = @$_;
		next if $o eq '--help';
		verdict($named{$o} || ($l ne '' && $named{$l}),
		    "the SYNOPSIS of $c does not name " . ($o || $l));
	}
}
print "usage: $pass passed, $fail failed\n";
exit($fail ? 1 : 0);
