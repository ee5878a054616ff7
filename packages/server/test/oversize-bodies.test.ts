import { connect } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { type Harness, setupWorld, startHarness, type TestWorld } from "./harness.js";

let h: Harness;
let w: TestWorld;
afterEach(() => h.close());

/** A body of `bytes` bytes of JSON, sent with fetch (undici) as a client library would. */
async function postBig(url: string, headers: Record<string, string>, bytes: number) {
  const body = `{"content":"${"x".repeat(bytes - 14)}"}`;
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body,
  });
  return { status: res.status, body: (await res.json()) as { code: string } };
}

/**
 * Sends a request with a body of `bytes` bytes the way a simple client does (Python's http.client,
 * for one): the whole body first, then it reads the answer. Answers the status line, or the error.
 */
function sendThenRead(port: number, head: string, bytes: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    let answer = "";
    let written = false;
    const settle = () => {
      if (!written || !answer.includes("\r\n\r\n")) return;
      socket.destroy();
      resolve(answer.split("\r\n")[0]!);
    };
    socket.on("data", (chunk: Buffer) => {
      answer += chunk.toString("latin1");
      settle();
    });
    socket.on("error", (error: NodeJS.ErrnoException) => resolve(`error ${error.code}`));
    socket.on("close", () => resolve(`closed after ${answer.length} bytes of answer`));
    const chunk = Buffer.alloc(256 * 1024, "x");
    let sent = 0;
    const write = () => {
      while (sent < bytes) {
        sent += chunk.length;
        if (!socket.write(chunk)) {
          socket.once("drain", write);
          return;
        }
      }
      // Everything is written: only now is the answer read (it was buffered meanwhile).
      written = true;
      settle();
    };
    socket.write(`${head}content-length: ${bytes}\r\n\r\n`, write);
  });
}

describe("bodies over the limit", () => {
  it("get their 413 when the client writes the whole body before reading the answer", async () => {
    h = await startHarness();
    w = await setupWorld(h);
    const port = Number(new URL(h.server.baseUrl).port);
    const outcomes: string[] = [];
    for (let i = 0; i < 5; i++) {
      for (const head of [
        `POST /v1/channels/${w.general.id}/messages HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\nauthorization: Bot ${w.token}\r\ncontent-type: application/json\r\n`,
        `POST /dev/v1/channels/${w.general.id}/messages HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\nx-dev-user: ${w.owner.id}\r\ncontent-type: application/json\r\n`,
      ]) {
        outcomes.push(await sendThenRead(port, head, 16 * 1024 * 1024));
      }
    }
    expect(outcomes).toEqual(Array.from({ length: 10 }, () => "HTTP/1.1 413 Payload Too Large"));
  });

  it("get their 413 on /v1 and /dev/v1, every time, even past 8 MiB", async () => {
    h = await startHarness();
    w = await setupWorld(h);
    const v1 = `${h.server.baseUrl}/v1/channels/${w.general.id}/messages`;
    const dev = `${h.server.baseUrl}/dev/v1/channels/${w.general.id}/messages`;
    const outcomes: string[] = [];
    for (let i = 0; i < 10; i++) {
      for (const [url, headers] of [
        [v1, { authorization: `Bot ${w.token}` }],
        [dev, { "x-dev-user": w.owner.id }],
      ] as const) {
        const answer = await postBig(url, headers, 9 * 1024 * 1024).catch((error: unknown) => ({
          status: 0,
          body: { code: String((error as Error & { cause?: Error }).cause?.message ?? error) },
        }));
        outcomes.push(`${answer.status} ${answer.body.code}`);
      }
    }
    expect(outcomes).toEqual(Array.from({ length: 20 }, () => "413 payload_too_large"));
  });

  it("are not counted against the channel's message rate limit, nor are other refused posts", async () => {
    h = await startHarness({ rateLimits: true });
    w = await setupWorld(h);
    const url = `${h.server.baseUrl}/v1/channels/${w.general.id}/messages`;
    const auth = { authorization: `Bot ${w.token}` };
    for (let i = 0; i < 3; i++) expect((await postBig(url, auth, 2 * 1024 * 1024)).status).toBe(413);
    const invalid = await fetch(url, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ content: "" }),
    });
    expect(invalid.status).toBe(400);
    // The channel's 5 messages per 5 s are all still there.
    for (let i = 0; i < 5; i++) {
      const posted = await fetch(url, {
        method: "POST",
        headers: { ...auth, "content-type": "application/json" },
        body: JSON.stringify({ content: `post ${i}` }),
      });
      expect(posted.status).toBe(201);
    }
    const sixth = await fetch(url, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ content: "one too many" }),
    });
    expect(sixth.status).toBe(429);
  });
});
