import type { ServerResponse } from "node:http";
import { setImmediate as nextTurn } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { send } from "./send.js";

/** A response that records what is written to it. */
function fakeResponse(state: { destroyed?: boolean; headersSent?: boolean } = {}) {
  const written: { status: number; headers: Record<string, unknown>; body: unknown }[] = [];
  const res = {
    headersSent: state.headersSent ?? false,
    destroyed: state.destroyed ?? false,
    writeHead(status: number, headers: Record<string, unknown>) {
      written.push({ status, headers, body: undefined });
      res.headersSent = true;
      return res;
    },
    end(body?: unknown) {
      written[written.length - 1]!.body = body;
      return res;
    },
    destroy() {
      res.destroyed = true;
    },
  };
  return { res: res as unknown as ServerResponse & { destroyed: boolean }, written };
}

describe("send", () => {
  it("writes the answers of one turn together, after the turn's I/O is handled", async () => {
    const first = fakeResponse();
    const second = fakeResponse();
    send(first.res, { status: 200, body: { ok: true } });
    send(second.res, { status: 204 }, { "x-ratelimit-limit": "5" });
    expect(first.written).toEqual([]);
    expect(second.written).toEqual([]);
    await nextTurn();
    expect(first.written).toEqual([
      {
        status: 200,
        headers: { "content-type": "application/json; charset=utf-8", "content-length": 11 },
        body: '{"ok":true}',
      },
    ]);
    expect(second.written).toEqual([{ status: 204, headers: { "x-ratelimit-limit": "5" }, body: undefined }]);
  });

  it("throws at once, to the caller, for a body that is not JSON", () => {
    const { res, written } = fakeResponse();
    expect(() => send(res, { status: 200, body: { id: 1n } })).toThrow(/BigInt/);
    expect(written).toEqual([]);
  });

  it("writes only the first answer of a request, and none to a closed connection", async () => {
    const twice = fakeResponse();
    send(twice.res, { status: 413, body: { code: "payload_too_large" } });
    send(twice.res, { status: 400, body: { code: "invalid_body" } });
    const gone = fakeResponse({ destroyed: true });
    send(gone.res, { status: 204 });
    await nextTurn();
    expect(twice.written.map((w) => w.status)).toEqual([413]);
    expect(gone.written).toEqual([]);
  });

  it("keeps writing the others when Node refuses one answer's headers", async () => {
    const bad = fakeResponse();
    bad.res.writeHead = () => {
      throw new TypeError("Invalid character in header content");
    };
    const good = fakeResponse();
    const errors: unknown[] = [];
    const log = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      send(bad.res, { status: 204 });
      send(good.res, { status: 204 });
      await nextTurn();
    } finally {
      console.error = log;
    }
    expect(bad.res.destroyed).toBe(true);
    expect(good.written.map((w) => w.status)).toEqual([204]);
    expect(errors).toHaveLength(1);
  });
});
