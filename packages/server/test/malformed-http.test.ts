import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, setupWorld, startHarness, type TestWorld } from "./harness.js";

let h: Harness;
let w: TestWorld;
beforeAll(async () => {
  h = await startHarness();
  w = await setupWorld(h);
});
afterAll(() => h.close());

/** One parsed HTTP answer: its status and its body as text. */
interface Answer {
  readonly status: number;
  readonly body: string;
}

/** Writes `bytes` on a new connection, then reads every answer until the server closes it. */
function exchange(bytes: Buffer | string): Promise<Answer[]> {
  return new Promise((resolve, reject) => {
    const socket = connect(h.server.port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("data", (c: Buffer) => chunks.push(c));
    socket.on("error", reject);
    socket.on("close", () => resolve(parseAnswers(Buffer.concat(chunks).toString("utf8"))));
    socket.setTimeout(5_000, () => socket.destroy());
    socket.end(bytes);
  });
}

function parseAnswers(text: string): Answer[] {
  const answers: Answer[] = [];
  let rest = text;
  while (rest.startsWith("HTTP/1.1 ")) {
    const end = rest.indexOf("\r\n\r\n");
    const head = rest.slice(0, end);
    const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
    answers.push({ status: Number(head.slice(9, 12)), body: rest.slice(end + 4, end + 4 + length) });
    rest = rest.slice(end + 4 + length);
  }
  return answers;
}

const auth = () => `authorization: Bot ${w.token}\r\n`;
const host = () => `host: 127.0.0.1:${h.server.port}\r\n`;

describe("malformed HTTP", () => {
  it("answers each kind with the service's JSON error body", async () => {
    const cases: [string, Buffer | string, number][] = [
      ["a space in the path", `GET /v1/users/@me x/y HTTP/1.1\r\n${host()}${auth()}\r\n`, 400],
      [
        "raw UTF-8 in the path",
        Buffer.from(`GET /v1/users/\u00e9t\u00e9 HTTP/1.1\r\n${host()}\r\n`, "utf8"),
        400,
      ],
      [
        "a Content-Length that is not a number",
        `POST /v1/channels/${w.general.id}/messages HTTP/1.1\r\n${host()}${auth()}content-length: ten\r\n\r\n`,
        400,
      ],
      ["a 40 KB header", `GET /v1/users/@me HTTP/1.1\r\n${host()}x-big: ${"a".repeat(40_000)}\r\n\r\n`, 431],
      ["a 60 KB path", `GET /v1/${"a".repeat(60_000)} HTTP/1.1\r\n${host()}\r\n`, 431],
    ];
    for (const [name, bytes, status] of cases) {
      const answers = await exchange(bytes);
      expect(
        answers.map((a) => a.status),
        name,
      ).toEqual([status]);
      const body = JSON.parse(answers[0]!.body) as { code: string; message: string };
      expect(typeof body.code, name).toBe("string");
      expect(body.message, name).toMatch(/\w/);
    }
  });

  it("still answers a valid request that garbage follows on the same connection", async () => {
    const results: string[] = [];
    for (let i = 0; i < 20; i++) {
      const answers = await exchange(
        `GET /v1/users/@me HTTP/1.1\r\n${host()}${auth()}\r\n\x00\x01garbage\r\n\r\n`,
      );
      results.push(answers.map((a) => a.status).join(","));
    }
    expect(new Set(results)).toEqual(new Set(["200,400"]));
  });

  it("answers a lying Content-Length: the rest is taken as the next request, refused in JSON", async () => {
    const body = JSON.stringify({ content: "hi" });
    const answers = await exchange(
      `POST /v1/channels/${w.general.id}/messages HTTP/1.1\r\n${host()}${auth()}content-type: application/json\r\n` +
        `content-length: 5\r\n\r\n${body}`,
    );
    expect(answers.map((a) => a.status)).toEqual([400, 400]);
    for (const answer of answers) expect(JSON.parse(answer.body)).toMatchObject({ code: expect.any(String) });
  });
});
