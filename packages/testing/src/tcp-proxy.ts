import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/** A loopback TCP proxy a test can cut and restore, to simulate a storage outage. */
export class TcpProxy {
  private server?: Server;
  private readonly sockets = new Set<Socket>();
  private silent = false;
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async start(port = this.port): Promise<number> {
    this.server = createServer((client) => {
      if (this.silent) {
        // Accepted, never answered: what a hung server or a network black hole looks like.
        this.sockets.add(client);
        client.on('close', () => this.sockets.delete(client));
        client.on('error', () => {});
        return;
      }
      const upstream = connect(this.targetPort, this.targetHost);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this.port;
  }

  /**
   * Goes silent: open connections stop carrying anything and new ones are accepted but never
   * answered. `unsilence()` closes them all and forwards again.
   */
  silence(): void {
    this.silent = true;
    for (const s of this.sockets) s.unpipe();
  }

  unsilence(): void {
    this.silent = false;
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
  }

  /** Closes the listener and every open connection. */
  async stop(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = undefined;
  }
}
