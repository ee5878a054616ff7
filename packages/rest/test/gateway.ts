import { WebSocket } from "ws";

/** A bot connected to the gateway with `ws`, so that interactions are delivered to it. */
export interface ConnectedBot {
  close(): Promise<void>;
}

/** Opens the gateway, identifies with `token`, and resolves once `READY` arrives (within 5 s). */
export function connectBot(gatewayUrl: string, token: string): Promise<ConnectedBot> {
  const socket = new WebSocket(gatewayUrl);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("no READY within 5 s")), 5_000);
    socket.on("error", reject);
    socket.on("message", (data) => {
      const frame = JSON.parse(String(data)) as { op: string; t?: string };
      if (frame.op === "hello") socket.send(JSON.stringify({ op: "identify", d: { token, intents: [] } }));
      if (frame.op === "dispatch" && frame.t === "READY") {
        clearTimeout(timer);
        resolve({
          close: () =>
            new Promise<void>((done) => {
              socket.once("close", () => done());
              socket.close();
            }),
        });
      }
    });
  });
}
