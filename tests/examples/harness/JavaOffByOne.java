// Fisher-Yates with nextInt(i) for nextInt(i + 1): Sattolo's cycles.
import java.util.Random;

public class JavaOffByOne {
    public static void main(String[] args) {
        Random rnd = SaHarness.random();
        SaHarness.runArray(deck -> {
            for (int i = deck.length - 1; i > 0; i--) {
                int j = rnd.nextInt(i);
                int t = deck[i];
                deck[i] = deck[j];
                deck[j] = t;
            }
        });
    }
}
