import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { createHttpServer } from '../src/http/server';

/** Sends `head` and part of a body, then waits for whatever the server answers. */
function trickle(port: number, head: string, partial: string): Promise<{ answer: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1', () => socket.write(head + partial));
    let answer = '';
    socket.on('data', (d) => (answer += d.toString('utf8')));
    socket.on('close', () => resolve({ answer, ms: Date.now() - started }));
    socket.on('error', reject);
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer from the server')));
  });
}

describe('createHttpServer: slow requests are timed out', () => {
  it('a body that never completes gets a 408 envelope and a closed connection', async () => {
    let handled = 0;
    const server = createHttpServer(
      (req, res) => {
        req.resume();
        req.on('end', () => {
          handled += 1;
          res.end('ok');
        });
      },
      pino({ level: 'silent' }),
      { requestTimeoutMs: 800, headersTimeoutMs: 400 },
    );
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    try {
      const head = 'POST /v1/webhooks HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n';
      const { answer, ms } = await trickle(port, head, '{"url":');
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(answer).toMatch(/X-Request-Id: req_/);
      expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({ error: { code: 'request_timeout' } });
      expect(ms).toBeLessThan(5_000);
      expect(handled).toBe(0);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
