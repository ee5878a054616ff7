import type { Message } from "@chatbot/protocol";
import { afterEach, describe, expect, it } from "vitest";
import { type Harness, ok, personPosts, setupWorld, startHarness, type TestWorld } from "./harness.js";

let h: Harness;
afterEach(() => h.close());

/** A fixed-seed generator, so a failing history repeats. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state / 2 ** 32;
  };
}

const big = (id: string) => BigInt(id);

/** The page a walk of the whole channel gives: every message checked against the history rule. */
function reference(w: TestWorld, readerId: string, page: { limit: number; before?: string; after?: string }) {
  const { core } = h.server;
  const readable = [...core.world.tables.messages.values()]
    .filter((m) => m.channel_id === w.general.id)
    .filter(
      (m) =>
        m.author_id === readerId || (readerId === w.botUserId && core.presence.wasConnectedAt(w.appId, m.id)),
    )
    .map((m) => m.id)
    .filter(
      (id) =>
        (page.after === undefined || big(id) > big(page.after)) &&
        (page.before === undefined || big(id) < big(page.before)),
    )
    .sort((a, b) => (big(a) < big(b) ? -1 : 1));
  const taken =
    page.after === undefined
      ? readable.reverse().slice(0, page.limit)
      : readable.slice(0, page.limit).reverse();
  return taken;
}

function query(page: { limit: number; before?: string; after?: string }): string {
  const params = new URLSearchParams({ limit: String(page.limit) });
  if (page.before !== undefined) params.set("before", page.before);
  if (page.after !== undefined) params.set("after", page.after);
  return params.toString();
}

describe("history pages without Read message history (searched, not walked)", () => {
  it("answer as a walk of the channel does, across connections, own posts and deletions", async () => {
    h = await startHarness();
    const w = await setupWorld(h);
    // Nobody but the owner reads history in #general: the bot and the member see only what the rule lets.
    ok(
      await h.dev(
        "PATCH",
        `/dev/v1/channels/${w.general.id}`,
        { overwrites: [{ id: w.everyoneRoleId, type: "role", deny: ["read_message_history"] }] },
        { as: w.owner.id },
      ),
    );
    const next = random(31);
    const posted: Message[] = [];
    const core = h.server.core;
    for (let step = 0; step < 160; step++) {
      const roll = next();
      if (roll < 0.1) {
        if (core.presence.isConnected(w.appId)) core.presence.disconnected(w.appId);
        else core.presence.connected(w.appId);
      } else if (roll < 0.25 && posted.length > 0) {
        const victim = posted.splice(Math.floor(next() * posted.length), 1)[0]!;
        const as = victim.author.id === w.botUserId ? w.owner.id : victim.author.id;
        ok(
          await h.dev("DELETE", `/dev/v1/channels/${w.general.id}/messages/${victim.id}`, undefined, { as }),
          204,
        );
      } else if (roll < 0.45) {
        const own = await h.bot<Message>(w.token, "POST", `/v1/channels/${w.general.id}/messages`, {
          content: `bot ${step}`,
        });
        posted.push(ok(own, 201));
      } else {
        const as = roll < 0.8 ? w.member.id : w.owner.id;
        posted.push(await personPosts(h, w.general.id, { content: `person ${step}` }, as));
      }
    }
    const ids = [...posted.map((m) => m.id)].sort((a, b) => (big(a) < big(b) ? -1 : 1));
    const bounds = [undefined, ids[0], ids[3], ids[Math.floor(ids.length / 2)], ids.at(-5), ids.at(-1)];
    let compared = 0;
    for (const limit of [1, 4, 25, 100]) {
      for (const before of bounds) {
        for (const after of bounds) {
          const page = { limit, ...(before && { before }), ...(after && { after }) };
          const asBot = await h.bot<Message[]>(
            w.token,
            "GET",
            `/v1/channels/${w.general.id}/messages?${query(page)}`,
          );
          expect(asBot.headers.get("x-history-hidden")).toBe("1");
          expect(
            ok(asBot).map((m) => m.id),
            JSON.stringify(page),
          ).toEqual(reference(w, w.botUserId, page));
          const asMember = await h.dev<Message[]>(
            "GET",
            `/dev/v1/channels/${w.general.id}/messages?${query(page)}`,
            undefined,
            { as: w.member.id },
          );
          expect(
            ok(asMember).map((m) => m.id),
            JSON.stringify(page),
          ).toEqual(reference(w, w.member.id, page));
          compared += ok(asBot).length;
        }
      }
    }
    // The history did hold pages with something in them, not only empty answers.
    expect(compared).toBeGreaterThan(100);
  });
});
