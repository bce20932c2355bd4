// UnfairTests.cs - NUnit tests that do not pass: the off-by-one fails
// (unfair, exit status 1); so does Fisher-Yates in library mode, where
// Next(3)'s reduction of 2-bit words leaves the verdict to the model
// (exit status 4); a shuffle over a Random of its own is an error, not
// a failure (no verdict: randomness the audit cannot see).
using NUnit.Framework;

[TestFixture]
public class UnfairTests {
    [Test]
    public void OffByOneIsFair() {
        SaHarness.AssertFair(deck => Deck.OffByOne(deck, SaHarness.Random), 4);
    }

    [Test]
    public void HiddenIsFair() {
        SaHarness.AssertFair(Deck.Hidden, 3);
    }

    [Test]
    public void LibraryReductionIsFair() {
        SaHarness.AssertFair(deck => Deck.FisherYates(deck, SaHarness.Random), 3,
            SaHarness.Mode.Library, "--raw-bits", "2");
    }
}
