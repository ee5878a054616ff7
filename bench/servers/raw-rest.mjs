// The raw baseline for bench/rest.mjs: a bare node:http server that checks the same Authorization
// header and answers the same JSON the reference server answered, with no router, store or rules.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const fixture = JSON.parse(readFileSync(process.argv[2], "utf8"));
const expected = `Bot ${fixture.token}`;
const me = JSON.stringify(fixture.me);
const messages = JSON.stringify(fixture.messages);
let nextId = 1n << 60n;

const server = createServer((req, res) => {
  if (req.headers.authorization !== expected) {
    res
      .writeHead(401, { "content-type": "application/json" })
      .end('{"code":"unauthorized","message":"bad token"}');
    return;
  }
  if (req.method === "GET" && req.url === "/v1/users/@me") {
    res.writeHead(200, { "content-type": "application/json" }).end(me);
  } else if (req.method === "GET" && req.url.startsWith("/v1/channels/")) {
    res.writeHead(200, { "content-type": "application/json" }).end(messages);
  } else if (req.method === "POST" && req.url.startsWith("/v1/channels/")) {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      nextId += 1n;
      const message = { ...fixture.posted, id: nextId.toString(), content: body.content };
      res.writeHead(201, { "content-type": "application/json" }).end(JSON.stringify(message));
    });
  } else {
    res
      .writeHead(404, { "content-type": "application/json" })
      .end('{"code":"unknown_route","message":"no route"}');
  }
});
server.listen(0, "127.0.0.1", () => console.log(`ready port=${server.address().port}`));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
