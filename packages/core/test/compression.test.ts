import { request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { compressResponses } from '../src/http/compression';

/** Server-sent events through the compressor: each event must reach the client as it is written. */
describe('compressResponses and streaming', () => {
  let server: Server;
  let release: () => void = () => {};
  beforeAll(async () => {
    const app = express();
    app.use(compressResponses());
    app.get('/events', (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
      // More than the threshold at once, then nothing until the test has seen it.
      res.write(`data: ${'x'.repeat(4096)}\n\n`);
      release = () => res.end('data: last\n\n');
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
  });
  afterAll(async () => {
    release();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('sends text/event-stream uncompressed, event by event, even when gzip is asked for', async () => {
    const port = (server.address() as AddressInfo).port;
    const res = await new Promise<IncomingMessage>((resolve, reject) => {
      httpRequest({ host: '127.0.0.1', port, path: '/events', headers: { 'Accept-Encoding': 'gzip, br' } }, resolve)
        .on('error', reject)
        .end();
    });
    expect(res.headers['content-encoding']).toBeUndefined();
    // The first event arrives while the response is still open (a compressor would hold it).
    const first = await new Promise<string>((resolve) => res.once('data', (chunk: Buffer) => resolve(chunk.toString())));
    expect(first.startsWith('data: xxx')).toBe(true);
    release();
    const rest = await new Promise<string>((resolve) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve(text));
    });
    expect(rest).toContain('data: last');
  });
});
