// Two shuffles to test: Fisher-Yates, and the naive swap with any card.
const crypto = require('crypto');

function fisherYates(deck) {
  for (let i = deck.length - 1; i > 0; i--) {
    const j = crypto.randomInt(i + 1);
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
}

function naive(deck) {
  for (let i = 0; i < deck.length; i++) {
    const j = crypto.randomInt(deck.length);
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
}

module.exports = { fisherYates, naive };
