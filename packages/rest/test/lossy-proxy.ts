import { createServer, type Server, type Socket, connect } from "node:net";

/**
 * A TCP proxy in front of the reference server that can lose answers: after `dropAnswers(n)`, the
 * next `n` answers the server writes are thrown away and the client's connection is cut, as when a
 * network fails after the service did the work. It stands at the network edge only.
 */
export interface LossyProxy {
  /** `http://127.0.0.1:PORT`, to use as a client's base URL. */
  readonly baseUrl: string;
  /** Answers lost so far. */
  readonly dropped: number;
  dropAnswers(count: number): void;
  close(): Promise<void>;
}

/** Starts a {@link LossyProxy} forwarding to `target` (`http://127.0.0.1:PORT`). */
export async function startLossyProxy(target: string): Promise<LossyProxy> {
  const { hostname, port } = new URL(target);
  let toDrop = 0;
  let dropped = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(Number(port), hostname);
    sockets.add(client).add(upstream);
    client.on("close", () => sockets.delete(client) && upstream.destroy());
    upstream.on("close", () => sockets.delete(upstream) && client.destroy());
    client.on("error", () => upstream.destroy());
    upstream.on("error", () => client.destroy());
    client.on("data", (chunk) => upstream.write(chunk));
    upstream.on("data", (chunk) => {
      if (toDrop > 0) {
        toDrop -= 1;
        dropped += 1;
        client.destroy();
        upstream.destroy();
        return;
      }
      client.write(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("proxy has no port");
  return {
    baseUrl: `http://127.0.0.1:${address.port}`,
    get dropped() {
      return dropped;
    },
    dropAnswers: (count) => {
      toDrop += count;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
