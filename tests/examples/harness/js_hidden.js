// crypto.randomBytes, which no harness answers: hidden randomness, which
// the audit reports (exit status 3) every time.
const crypto = require('crypto');
const sa = require('./sa_harness.js');

sa.run((deck) => {
  for (let i = deck.length - 1; i > 0; i--) {
    const j = crypto.randomBytes(4).readUInt32LE(0) % (i + 1);
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
});
