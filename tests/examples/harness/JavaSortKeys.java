// A sort by nextInt() keys: fair as counted (each key a real scaled to
// 32 bits), but two keys tie with odds 2^-32, which the count leaves out
// and the report bounds: the model decides (exit status 4).
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

public class JavaSortKeys {
    public static void main(String[] args) {
        SaHarness.run(deck -> {
            List<int[]> keyed = new ArrayList<>();
            for (int c : deck)
                keyed.add(new int[] { SaHarness.random().nextInt(), c });
            keyed.sort(Comparator.comparingInt(p -> p[0]));
            for (int i = 0; i < deck.size(); i++)
                deck.set(i, keyed.get(i)[1]);
        });
    }
}
