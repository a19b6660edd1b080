/* global jest */
// Quiet logs in tests unless asked for; never let a test inherit a developer's .env choices silently.
process.env.LOG_LEVEL = process.env.TEST_LOG_LEVEL ?? 'silent';
process.env.NODE_ENV = process.env.NODE_ENV === 'production' ? 'production' : 'test';
// A test's own bound stretches with the machine's load like every wait of the test kit's (eventually).
jest.setTimeout(require('./src/eventually').scaledBound(60_000));
