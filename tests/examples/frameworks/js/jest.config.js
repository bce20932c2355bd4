// Jest runs the *.spec.js files (node --test the *.test.js), as they are
// (no transform).
module.exports = { testMatch: ['**/*.spec.js'], transform: {} };
