// UnfairTest.java - JUnit 5 tests that do not pass: the off-by-one
// fails (unfair, exit status 1); a shuffle over Math.random() is an
// error, not a failure (no verdict: randomness the audit cannot see).
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
}
