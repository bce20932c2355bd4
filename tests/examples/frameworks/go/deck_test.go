package deck

import "testing"

// The audit of every run of each shuffle of 5 cards (sa_harness_test.go is
// shuffle-audit's harness, written by `shuffle-audit harness go`).
func TestFisherYatesIsFair(t *testing.T) {
	SaAssertFair(t, func(d []int) { FisherYates(d, SaIntn) }, 5)
}

// This one fails: the naive shuffle is unfair.
func TestNaiveIsFair(t *testing.T) {
	SaAssertFair(t, func(d []int) { Naive(d, SaIntn) }, 5)
}
