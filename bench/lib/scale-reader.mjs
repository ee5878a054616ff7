// The bot of bench/scale.mjs's connect step, in a process of its own: a raw `ws` client that
// identifies and reads (parses) READY and every GUILD_CREATE, timing from the identify to the last one.
// A close, an error or the deadline ends the read with the reason and how far it got.
import { WebSocket } from "ws";
import { serveCommands } from "./scale-ipc.mjs";

const now = () => performance.timeOrigin + performance.now();

function connect({ url, token, timeoutMs }) {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { perMessageDeflate: false, maxPayload: 0 });
    let identifiedAt = 0;
    let expected = -1;
    let received = 0;
    let bytes = 0;
    let frame = null;
    let done = false;
    const finish = (extra) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      ws.terminate();
      resolve({ identifiedAt, endedAt: now(), expected, received, bytes, frame, ...extra });
    };
    const timer = setTimeout(
      () => finish({ error: `no end within ${timeoutMs / 1000} s: ${received} of ${expected} GUILD_CREATE` }),
      timeoutMs,
    );
    // Every frame is parsed, as a bot does with what it reads.
    ws.on("message", (data) => {
      bytes += data.length;
      const text = data.toString();
      const parsed = JSON.parse(text);
      if (parsed.op === "hello") {
        identifiedAt = now();
        ws.send(JSON.stringify({ op: "identify", d: { token, intents: ["guilds"] } }));
      } else if (parsed.t === "READY") {
        expected = parsed.d.guilds.length;
      } else if (parsed.t === "GUILD_CREATE") {
        received += 1;
        frame ??= text;
      }
      if (expected >= 0 && received >= expected) finish({ ms: now() - identifiedAt });
    });
    ws.once("close", (code) =>
      finish({ error: `closed ${code} after ${received} of ${expected} GUILD_CREATE` }),
    );
    ws.once("error", (error) => finish({ error: `socket error ${error.message}` }));
  });
}

serveCommands({
  connect,
  stop() {
    setImmediate(() => process.exit(0));
    return {};
  },
});
