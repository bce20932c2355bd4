// Fisher-Yates over crypto.randomInt, which the harness answers as a
// bounded draw: fair.
const crypto = require('crypto');
const sa = require('./sa_harness.js');

sa.run((deck) => {
  for (let i = deck.length - 1; i > 0; i--) {
    const j = crypto.randomInt(i + 1);
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
});
