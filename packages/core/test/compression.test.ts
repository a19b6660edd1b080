import { request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import express from 'express';
import { compressResponses } from '../src/http/compression';

/** GET `path` asking for `codings`: the answer as it arrives (nothing decompressed). */
function get(server: Server, path: string, codings: string): Promise<IncomingMessage> {
  const port = (server.address() as AddressInfo).port;
  return new Promise<IncomingMessage>((resolve, reject) => {
    httpRequest({ host: '127.0.0.1', port, path, headers: { 'Accept-Encoding': codings } }, resolve)
      .on('error', reject)
      .end();
  });
}

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
    const res = await get(server, '/events', 'gzip, br');
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

/** A large answer (a text of an act) through the stream: gzip at its fastest level. */
describe('compressResponses and large bodies', () => {
  let server: Server;
  beforeAll(async () => {
    const app = express();
    app.use(compressResponses());
    app.get('/text', (_req, res) => {
      const words = ['zákon', 'stanoví', 'povinnost', 'orgánu', 'správy', 'lhůtě', 'třiceti', 'dnů'];
      const text = Array.from({ length: 40_000 }, (_, i) => words[(i * 7) % words.length] + String(i % 97)).join(' ');
      res.json({ text });
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('gzips a body over 64 KB at level 1 (the gzip header says "fastest")', async () => {
    const res = await get(server, '/text', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    const body = await new Promise<Buffer>((resolve) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve(Buffer.concat(chunks)));
    });
    // RFC 1952: XFL (byte 8) is 4 when the compressor used its fastest algorithm, 0 at the default level.
    expect(body[8]).toBe(4);
    expect(gunzipSync(body).length).toBeGreaterThan(64 * 1024);
  });
});
