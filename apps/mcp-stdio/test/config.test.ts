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
});
