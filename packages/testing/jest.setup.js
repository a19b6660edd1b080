// Quiet logs in tests unless asked for; never let a test inherit a developer's .env choices silently.
process.env.LOG_LEVEL = process.env.TEST_LOG_LEVEL ?? 'silent';
process.env.NODE_ENV = process.env.NODE_ENV === 'production' ? 'production' : 'test';
