// The raw baseline for bench/rest.mjs: a bare node:http server that checks the same Authorization
// header and answers the same JSON the reference server answered, with no router, store or rules.
// With `--coalesced` it writes the answers of one event-loop turn together, as the reference server
// does (packages/server/src/http/send.ts), for a like-for-like comparison.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { answerer } from "../lib/answers.mjs";

const fixture = JSON.parse(readFileSync(process.argv[2], "utf8"));
const answerNow = answerer(process.argv.includes("--coalesced"));
const json = { "content-type": "application/json" };
const answer = (res, status, body) => answerNow(() => res.writeHead(status, json).end(body));
const expected = `Bot ${fixture.token}`;
const me = JSON.stringify(fixture.me);
const messages = JSON.stringify(fixture.messages);
let nextId = 1n << 60n;

const server = createServer((req, res) => {
  if (req.headers.authorization !== expected) {
    answer(res, 401, '{"code":"unauthorized","message":"bad token"}');
    return;
  }
  if (req.method === "GET" && req.url === "/v1/users/@me") {
    answer(res, 200, me);
  } else if (req.method === "GET" && req.url.startsWith("/v1/channels/")) {
    answer(res, 200, messages);
  } else if (req.method === "POST" && req.url.startsWith("/v1/channels/")) {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      nextId += 1n;
      const message = { ...fixture.posted, id: nextId.toString(), content: body.content };
      answer(res, 201, JSON.stringify(message));
    });
  } else {
    answer(res, 404, '{"code":"unknown_route","message":"no route"}');
  }
});
server.listen(0, "127.0.0.1", () => console.log(`ready port=${server.address().port}`));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
