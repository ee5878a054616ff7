import { request } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { type Harness, ok, setupWorld, startHarness, type TestWorld } from "./harness.js";
import { hook, type MadeWebhook, makeWebhook } from "./webhooks-support.js";

let h: Harness;
let w: TestWorld;
let made: MadeWebhook;
afterEach(() => h.close());

/** Sends `method path` as written (no URL normalisation, so `/../` stays), answers status and body. */
function raw(method: string, path: string): Promise<{ status: number; body: string }> {
  const url = new URL(made.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, method, path }, (res) => {
      let body = "";
      res.on("data", (c: Buffer) => (body += c.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("a webhook's secret", () => {
  it("is in no answer, inspector record or live event of a refused method or path", async () => {
    h = await startHarness();
    w = await setupWorld(h);
    made = await makeWebhook(h, w);
    const secret = made.url.split("/").at(-1)!;
    const path = new URL(made.url).pathname;
    const answers: { status: number; body: string }[] = [];
    for (const method of ["PATCH", "PUT", "DELETE"]) {
      const answer = await hook(made.url, { name: "renamed" }, { method });
      answers.push({ status: answer.status, body: JSON.stringify(answer.body) });
    }
    answers.push(await raw("PATCH", `${path}/../x`));
    answers.push(await raw("GET", `${path}/messages/1`));
    answers.push(await raw("POST", `/api/webhooks/../webhooks/${made.webhook.id}/${secret}`));
    expect(answers.map((a) => a.status)).toEqual([405, 405, 405, 404, 404, 404]);
    for (const answer of answers) expect(answer.body).not.toContain(secret);
    // What the refusals said is still useful without it.
    expect(answers[0]!.body).toContain(`PATCH is not allowed on /api/webhooks/${made.webhook.id}/`);
    const records = JSON.stringify(ok(await h.dev("GET", "/dev/v1/inspector?limit=100")));
    expect(records).toContain("method_not_allowed");
    expect(records).not.toContain(secret);
  });
});
