// A TCP proxy in front of the world's gateway that a test can hold: while held, what the bot's
// connections send to the service waits in the proxy (a close the bot starts does not reach the
// service, which goes on sending, as over a slow network; a new connection's handshake waits), while
// what the service sends still reaches the bot. Released, what waited goes on, in order.
import { connect, createServer, type Socket } from "node:net";

export interface HeldProxy {
  /** The gateway URL to give the bot: the world's, on the proxy's port. */
  readonly url: string;
  hold(): void;
  release(): void;
  /** Whether the service has sent `text` to the bot, on any connection. */
  sent(text: string): boolean;
  close(): Promise<void>;
}

/** Starts a proxy to `gatewayUrl` (`ws://host:port/...`) on a free port of 127.0.0.1. */
export async function heldProxy(gatewayUrl: string): Promise<HeldProxy> {
  const target = new URL(gatewayUrl);
  const sockets = new Set<Socket>();
  /** Per connection, what the bot sent while held. */
  const waiting = new Map<Socket, Buffer[]>();
  let held = false;
  let received = "";
  const server = createServer((bot) => {
    const service = connect(Number(target.port), target.hostname);
    sockets.add(bot).add(service);
    waiting.set(service, []);
    const end = () => {
      bot.destroy();
      service.destroy();
      waiting.delete(service);
    };
    bot.on("data", (chunk: Buffer) => {
      if (held) waiting.get(service)?.push(chunk);
      else service.write(chunk);
    });
    service.on("data", (chunk: Buffer) => {
      received += chunk.toString("latin1");
      bot.write(chunk);
    });
    for (const socket of [bot, service]) socket.on("error", end).on("close", end);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  const url = new URL(gatewayUrl);
  url.host = `127.0.0.1:${port}`;
  return {
    url: url.toString(),
    hold: () => {
      held = true;
    },
    release: () => {
      held = false;
      for (const [service, chunks] of waiting) for (const chunk of chunks.splice(0)) service.write(chunk);
    },
    sent: (text) => received.includes(text),
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
