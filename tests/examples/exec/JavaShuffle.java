// Java's Collections.shuffle, unmodified, over B-bit words.
//
// Collections.shuffle swaps each position with rnd.nextInt(i), and
// Random.nextInt(bound) takes its number from next(31), trusting it to
// hold 31 random bits: for a power-of-two bound it keeps the top bits,
// (bound * r) >> 31, and otherwise it throws a number back only when
// u - u % bound + bound - 1 overflows 31 bits.  Here next() answers with
// shuffle-audit's raw words of B bits (SHUFFLE_AUDIT_RAW_BITS), as a
// generator of fewer bits would, and the census shows what the 31-bit
// assumption costs: the top bits of a small word are all 0, and the
// overflow test never throws one back, so the shuffle is unfair.
//
//     shuffle-audit census --exec 'java tests/examples/exec/JavaShuffle.java' \
//         -n 3 --raw-bits 3 --layers
//
// (java runs a single source file directly from JDK 11 on.)
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

public class JavaShuffle {
    static final BufferedReader in =
        new BufferedReader(new InputStreamReader(System.in));

    // A Random whose next(bits) is one raw word of the auditor's.
    static class RawWords extends Random {
        @Override
        protected int next(int bits) {
            System.out.println("raw");
            System.out.flush();
            try {
                return Integer.parseInt(in.readLine().trim());
            } catch (IOException e) {
                throw new RuntimeException(e);
            }
        }
    }

    public static void main(String[] args) throws IOException {
        Random rnd = new RawWords();
        String line;
        while ((line = in.readLine()) != null) {
            int n = Integer.parseInt(line.split(" ")[1]);
            List<Integer> deck = new ArrayList<>();
            for (int i = 0; i < n; i++)
                deck.add(i);
            Collections.shuffle(deck, rnd);
            StringBuilder out = new StringBuilder("deck");
            for (int card : deck)
                out.append(' ').append(card);
            System.out.println(out);
            System.out.flush();
        }
    }
}
