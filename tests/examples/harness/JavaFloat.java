// Fisher-Yates over nextDouble(): (int) (u * (i + 1)).
import java.util.Random;

public class JavaFloat {
    public static void main(String[] args) {
        Random rnd = SaHarness.random();
        SaHarness.runArray(deck -> {
            for (int i = deck.length - 1; i > 0; i--) {
                int j = (int) (rnd.nextDouble() * (i + 1));
                int t = deck[i];
                deck[i] = deck[j];
                deck[j] = t;
            }
        });
    }
}
