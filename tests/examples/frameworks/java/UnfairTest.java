// UnfairTest.java - JUnit 5 tests that do not pass: the off-by-one
// fails (unfair, exit status 1); so does Fisher-Yates in library mode,
// where nextInt(3)'s reduction of 3-bit words leaves the verdict to the
// model (exit status 4); a shuffle over Math.random() is an error, not
// a failure (no verdict: randomness the audit cannot see).
import org.junit.jupiter.api.Test;

class UnfairTest {
    @Test
    void offByOneIsFair() {
        SaHarness.assertFairArray(deck -> Deck.offByOne(deck, SaHarness.random()), 4);
    }

    @Test
    void hiddenIsFair() {
        SaHarness.assertFairArray(Deck::hidden, 3);
    }

    @Test
    void libraryReductionIsFair() {
        SaHarness.assertFair(deck -> Deck.fisherYates(deck, SaHarness.random()), 3,
            SaHarness.Mode.LIBRARY, "--raw-bits", "3", "--layers", "--depth", "3");
    }
}
