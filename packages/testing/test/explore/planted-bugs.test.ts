import { createBot, MemoryStore } from "@chatbot/framework";
import { ExplorationFailedError, explore, type ExploreOptions, type ExploreView } from "@chatbot/testing";
import { describe, expect, it } from "vitest";
import {
  ChannelList,
  clearPermissionCache,
  NoteCommand,
  PlusOneCounter,
  PurgeCommand,
  RemindCommand,
  Reminders,
  ReportAnswers,
  ReportCommand,
} from "./planted-bots.js";

type Definition = Parameters<typeof createBot>[0];

/**
 * Explores a bot made of `parts` with the default budget (20 scenarios); answers the failure it
 * must find. Each test fixes the seed of its 20 scenarios so that it is stable in `npm test`;
 * `CHATBOT_EXPLORE_SEED=random` draws new ones (the bugs are found most of the time, not always).
 */
async function failureOf(
  seed: number,
  parts: Omit<Definition, "token" | "baseUrl">,
  options: Partial<ExploreOptions<MemoryStore>> = {},
): Promise<ExplorationFailedError> {
  const chosen = process.env.CHATBOT_EXPLORE_SEED;
  const outcome = await explore({
    ...(chosen === "random" ? {} : { seed: chosen === undefined ? seed : Number(chosen) }),
    store: () => new MemoryStore(),
    bot: (env) => createBot({ messageContent: true, ...parts, ...env }),
    ...options,
  }).then(
    (report) => report,
    (error: unknown) => error,
  );
  if (!(outcome instanceof ExplorationFailedError))
    throw new Error(`explore found nothing: ${JSON.stringify(outcome)}`);
  if (chosen === "random") {
    const token = JSON.parse(Buffer.from(outcome.replay.slice(9), "base64url").toString()) as {
      seed: number;
    };
    console.log(`explore: found with the seed ${token.seed}`);
  }
  return outcome;
}

/** Reads a value of the bot's store as a number (0 when none). */
async function count(view: ExploreView<MemoryStore>, key: string): Promise<number> {
  return (await view.store.get<number>(key)) ?? 0;
}

/** Shrunk to at most 6 drawn steps; the message names the invariant and carries a replay token. */
function expectShort(error: ExplorationFailedError, invariant: string): void {
  expect(error.invariant).toBe(invariant);
  expect(error.size).toBeLessThanOrEqual(6);
  expect(error.message).toContain('replay: explore({ ..., replay: "explore1:');
}

describe("explore finds each planted bug and shrinks it", () => {
  it("a counter that counts a redelivered message twice", async () => {
    const error = await failureOf(
      48966271,
      { listeners: [PlusOneCounter] },
      {
        words: ["+1"],
        invariants: {
          "each +1 counted once": async (view) => {
            const said = view.posts.filter((p) => !p.byBot && p.content === "+1").length;
            const counted = await count(view, "plus-ones");
            if (counted > said) return `${said} +1 said, ${counted} counted`;
          },
        },
      },
    );
    expectShort(error, "each +1 counted once");
    expect(error.steps.join("\n")).toMatch(/crash/);
  }, 240_000);

  it("a handler that throws on an option of its longest length", async () => {
    const error = await failureOf(1020323272, { commands: [NoteCommand] });
    expectShort(error, "no handler error");
    expect(error.broke).toContain("the notes table takes at most 99 characters");
    expect(error.steps.join("\n")).toMatch(/uses \/note text:"x+"… \(100 characters\)/);
  }, 240_000);

  it("a conversation that posts its end before it writes", async () => {
    const error = await failureOf(
      228406950,
      { commands: [ReportCommand], listeners: [ReportAnswers] },
      {
        invariants: {
          "each report sent exactly once": async (view) => {
            const asked = view.uses.filter((u) => u.outcome.answer?.content === "What happened?").length;
            const told = view.posts.filter((p) => p.byBot && p.content.startsWith("Sent, thank you"));
            if (told.length > asked) return `${asked} /report asked, ${told.length} told "Sent"`;
            if (!view.final) return;
            for (const post of told) {
              const user = /<@(\d+)>/.exec(post.content)![1]!;
              if ((await view.store.get(`report:${user}`)) === undefined)
                return `<@${user}> was told "Sent" but no report is kept`;
            }
          },
        },
      },
    );
    expectShort(error, "each report sent exactly once");
    expect(error.steps.join("\n")).toMatch(/crash/);
  }, 240_000);

  it("a job that is not idempotent", async () => {
    const error = await failureOf(
      1592095432,
      { commands: [RemindCommand], listeners: [Reminders] },
      {
        invariants: {
          "each reminder sent once": async (view) => {
            const [asked, sent] = [await count(view, "reminders-asked"), await count(view, "reminders-sent")];
            if (sent > asked) return `${asked} reminders asked, ${sent} sent`;
          },
        },
      },
    );
    expectShort(error, "each reminder sent once");
    expect(error.steps.join("\n")).toMatch(/crash/);
  }, 240_000);

  it("a listener that never learns of a channel made while it was disconnected", async () => {
    const error = await failureOf(
      1098320875,
      { listeners: [ChannelList] },
      {
        invariants: {
          "the bot's channel list is the server's": async (view) => {
            // The bot's own calls are what faults fall on: read the server once none is pending.
            if ((await view.world.faults.pending()).length > 0) return;
            const server = view.world.server.id;
            const answer = await fetch(`${view.world.baseUrl}/v1/guilds/${server}/channels`, {
              headers: { authorization: `Bot ${view.token}` },
            });
            if (!answer.ok) return;
            const listed = ((await answer.json()) as { id: string }[]).map((c) => c.id).sort();
            const kept = (await view.store.get<string[]>("channels")) ?? [];
            if (listed.join() !== kept.join())
              return `the bot keeps ${kept.length} channels, the server has ${listed.length}`;
          },
        },
      },
    );
    expectShort(error, "the bot's channel list is the server's");
    expect(error.steps.join("\n")).toMatch(/while the bot is away/);
  }, 240_000);

  it("a permission check read from a stale cache", async () => {
    clearPermissionCache();
    const error = await failureOf(
      603879442,
      { commands: [PurgeCommand] },
      {
        world: { people: { ada: { roles: ["mods"] }, bob: {} }, roles: { mods: ["manage_messages"] } },
        invariants: {
          "/purge decides by the person's rights when used": async (view) => {
            const server = view.world.server.id;
            const uses = view.uses.filter((u) => u.step === view.step && u.line.includes("/purge"));
            if (uses.length === 0 || (await view.world.faults.pending()).length > 0) return;
            const answer = await fetch(`${view.world.baseUrl}/v1/guilds/${server}/roles`, {
              headers: { authorization: `Bot ${view.token}` },
            });
            if (!answer.ok) return;
            const roles = (await answer.json()) as { id: string; permissions: string[] }[];
            for (const use of uses) {
              const said = use.outcome.answer?.content;
              if (said === undefined) continue;
              const user = view.world.person(use.outcome.user).id;
              const held = view.world.running.observe.memberRoles(server, user) ?? [];
              const may = roles.some(
                (r) =>
                  (held.includes(r.id) || r.id === server) &&
                  (r.permissions.includes("manage_messages") || r.permissions.includes("administrator")),
              );
              if (may !== (said === "Purged.")) return `"${use.line}" was answered "${said}"`;
            }
          },
        },
      },
    );
    expectShort(error, "/purge decides by the person's rights when used");
  }, 240_000);
});
