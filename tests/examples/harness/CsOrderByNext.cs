// OrderBy with Next() keys: fair as counted (each key a real scaled to
// 31 bits), but two keys tie with odds 1/2147483647, which the count
// leaves out and the report bounds: the model decides (exit status 4),
// as census -a sort-keys:2147483647 counts the ties (unfair).
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
