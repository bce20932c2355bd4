// OrderBy with Next() keys: fair as counted (each key a real scaled to
// 31 bits; two keys tie with odds 2^-31, which the model leaves out).
using System;
using System.Linq;

class CsOrderByNext {
    static void Main() {
        Random rnd = SaHarness.Random;
        SaHarness.Run(deck => {
            int[] sorted = deck.OrderBy(x => rnd.Next()).ToArray();
            Array.Copy(sorted, deck, deck.Length);
        });
    }
}
