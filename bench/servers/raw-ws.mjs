// The raw baseline for bench/gateway.mjs: a bare node:http + ws server on one port. It speaks just
// enough of the gateway for the same clients (hello, identify, heartbeat_ack) and, for each
// `POST /post`, stamps `created_at` and broadcasts one MESSAGE_CREATE frame of the same size as the
// reference server's to every identified client, with no world, rules or serializers.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { WebSocketServer } from "ws";

const template = JSON.parse(readFileSync(process.argv[2], "utf8"));
const clients = new Set();
let nextId = 1n << 60n;

const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false, clientTracking: false });
wss.on("connection", (ws) => {
  const client = { ws, s: 0 };
  ws.send(JSON.stringify({ op: "hello", d: { heartbeat_interval: 30_000 } }));
  ws.on("message", (data) => {
    const frame = JSON.parse(data.toString());
    if (frame.op === "heartbeat") ws.send('{"op":"heartbeat_ack"}');
    else if (frame.op === "identify") {
      clients.add(client);
      client.s += 1;
      ws.send(JSON.stringify({ op: "dispatch", t: "READY", s: client.s, d: { v: 1, guilds: [] } }));
    }
  });
  ws.on("close", () => clients.delete(client));
  ws.on("error", () => {});
});

const server = createServer((req, res) => {
  if (req.method !== "POST" || req.url !== "/post") {
    res.writeHead(404).end();
    return;
  }
  const chunks = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", () => {
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    nextId += 1n;
    const message = { ...template, id: nextId.toString(), content: body.content, created_at: Date.now() };
    const d = JSON.stringify(message);
    for (const client of clients) {
      client.s += 1;
      client.ws.send(`{"op":"dispatch","t":"MESSAGE_CREATE","s":${client.s},"d":${d}}`);
    }
    res.writeHead(201, { "content-type": "application/json" }).end(d);
  });
});
server.on("upgrade", (req, socket, head) =>
  wss.handleUpgrade(req, socket, head, (ws) => wss.emit("connection", ws)),
);
server.listen(0, "127.0.0.1", () => console.log(`ready port=${server.address().port}`));
process.on("SIGTERM", () => {
  for (const client of clients) client.ws.terminate();
  server.close(() => process.exit(0));
});
