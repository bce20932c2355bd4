// FairTest.java - JUnit 5 tests that pass: Fisher-Yates at 6 cards (its
// report printed, for the log), and at 5 with the Random a @BeforeEach
// method hands it (the audited copy runs the set-up again before the
// test).
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class FairTest {
    @Test
    void fisherYatesIsFair() {
        System.out.print(SaHarness.assertFair(
            deck -> Deck.fisherYates(deck, SaHarness.random()), 6));
    }

    private Random rnd;

    @BeforeEach
    void giveRandom() {
        rnd = SaHarness.random();
    }

    @Test
    void fisherYatesAfterSetUpIsFair() {
        SaHarness.assertFair(deck -> Deck.fisherYates(deck, rnd), 5);
    }
}
