// new Random(System.currentTimeMillis()) inside the shuffle: it asks the
// harness for nothing, so its deck follows the millisecond it runs in,
// which the audit reports as randomness of its own (exit status 3).
import java.util.Random;

public class JavaClockSeed {
    public static void main(String[] args) {
        SaHarness.runArray(deck -> {
            Random own = new Random(System.currentTimeMillis());
            for (int i = deck.length - 1; i > 0; i--) {
                int j = own.nextInt(i + 1);
                int t = deck[i]; deck[i] = deck[j]; deck[j] = t;
            }
        });
    }
}
