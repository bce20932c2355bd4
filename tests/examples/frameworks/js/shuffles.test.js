const test = require('node:test');
const { assertFair } = require('./sa_harness.js');
const { fisherYates, naive } = require('./shuffles.js');

test('Fisher-Yates is fair', () => {
  assertFair(fisherYates, { cards: 5 });
});

test('the naive shuffle is fair', () => {  // fails: it is not
  assertFair(naive, { cards: 4 });
});

test('a shuffle that throws', () => {  // an error, not a failure
  assertFair(() => { throw new RangeError('no deck'); }, { cards: 3 });
});
