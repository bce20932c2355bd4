// OrderBy with NextDouble() keys: fair, ties and all.
using System;
using System.Linq;

class CsOrderByDouble {
    static void Main() {
        Random rnd = SaHarness.Random;
        SaHarness.Run(deck => {
            int[] sorted = deck.OrderBy(x => rnd.NextDouble()).ToArray();
            Array.Copy(sorted, deck, deck.Length);
        });
    }
}
