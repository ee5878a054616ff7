import { createServer, type Server, type Socket } from "node:net";

/**
 * A loopback TCP relay in front of the server's port: the network between a bot and the service,
 * which a test can cut (every connection reset: a drop) or freeze (nothing more reaches the bot,
 * as when a route dies silently).
 */
export class TcpLink {
  readonly #server: Server;
  readonly #pairs = new Set<{ client: Socket; upstream: Socket; frozen: boolean }>();
  port = 0;

  private constructor(targetPort: number) {
    this.#server = createServer((client) => {
      const upstream = new (client.constructor as typeof Socket)();
      upstream.connect(targetPort, "127.0.0.1");
      const pair = { client, upstream, frozen: false };
      this.#pairs.add(pair);
      client.pipe(upstream);
      upstream.on("data", (chunk: Buffer) => {
        if (!pair.frozen) client.write(chunk);
      });
      const end = () => {
        this.#pairs.delete(pair);
        client.destroy();
        upstream.destroy();
      };
      client.on("close", end).on("error", end);
      // A frozen route tells the bot nothing, the server's end of the connection included.
      const upstreamEnd = () => (pair.frozen ? upstream.destroy() : end());
      upstream.on("close", upstreamEnd).on("error", upstreamEnd);
    });
  }

  /** Starts a relay to `127.0.0.1:targetPort`. */
  static async open(targetPort: number): Promise<TcpLink> {
    const link = new TcpLink(targetPort);
    await new Promise<void>((resolve) => link.#server.listen(0, "127.0.0.1", resolve));
    link.port = (link.#server.address() as { port: number }).port;
    return link;
  }

  /** The gateway address through this relay. */
  get gatewayUrl(): string {
    return `ws://127.0.0.1:${this.port}/v1/gateway`;
  }

  /** Resets every open connection. */
  cut(): void {
    for (const { client, upstream } of this.#pairs) {
      client.resetAndDestroy();
      upstream.destroy();
    }
  }

  /**
   * From now on, what the server sends on the open connections is swallowed, and their closing by
   * the server too (new ones flow).
   */
  freeze(): void {
    for (const pair of this.#pairs) pair.frozen = true;
  }

  async close(): Promise<void> {
    this.cut();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}
