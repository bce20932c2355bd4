// Collections.shuffle with the JDK's own nextInt(bound) over next(bits).
import java.util.Collections;

public class JavaReduction {
    public static void main(String[] args) {
        SaHarness.run(deck -> Collections.shuffle(deck, SaHarness.random()),
            SaHarness.Mode.LIBRARY);
    }
}
