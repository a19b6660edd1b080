import { loadConfig } from '@dp/core';
import { DEFAULT_BASE_URL, readOptions } from '../src/config';

describe('SERVICE_BASE_URL', () => {
  it('defaults to what `npm start` serves (its default PUBLIC_PORT on localhost), not a placeholder host', () => {
    const options = readOptions({ SERVICE_API_KEY: 'dp_live_x' });
    expect(options.baseUrl).toBe(DEFAULT_BASE_URL);
    expect(new URL(options.baseUrl).origin).toBe(`http://localhost:${loadConfig({}).PUBLIC_PORT}`);
    expect(options.warnings).toEqual([]);
  });

  it('takes a given http(s) URL without its trailing slash, and warns about anything else', () => {
    expect(readOptions({ SERVICE_BASE_URL: 'https://legal.example.org/' }).baseUrl).toBe('https://legal.example.org');
    const bad = readOptions({ SERVICE_BASE_URL: 'ftp://x' });
    expect(bad.baseUrl).toBe(DEFAULT_BASE_URL);
    expect(bad.warnings.join('\n')).toMatch(/SERVICE_BASE_URL "ftp:\/\/x" is not an http\(s\) URL/);
  });

  it('drops a trailing /v1 (the tools add it), saying so, so calls do not go to /v1/v1/…', () => {
    for (const given of ['http://localhost:3000/v1', 'http://localhost:3000/v1/', 'https://legal.example.org/api/v1//']) {
      const options = readOptions({ SERVICE_API_KEY: 'dp_live_x', SERVICE_BASE_URL: given });
      expect(options.baseUrl).toBe(given.startsWith('https') ? 'https://legal.example.org/api' : 'http://localhost:3000');
      expect(options.warnings.join('\n')).toMatch(/ends with \/v1, which the tools add themselves/);
    }
    // A /v1 inside the path is the API's own prefix: kept.
    expect(readOptions({ SERVICE_BASE_URL: 'https://x.example/v1-mirror' }).baseUrl).toBe('https://x.example/v1-mirror');
  });
});
