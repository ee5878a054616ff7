import { copyFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { GatewayClient } from "@chatbot/gateway";
import { type CommandInput, RestClient } from "@chatbot/rest";
import { type RunningServer, startServer } from "@chatbot/server";
import type { Page } from "playwright-core";

const ROOT = fileURLToPath(new URL("../../../../", import.meta.url));
const SHOTS = join(ROOT, "packages/server/console/test-results");
const DOC_SHOTS = join(ROOT, "docs/images/console");

/**
 * Saves a screenshot of the page as a test artifact (`packages/server/console/test-results/`), and into
 * `docs/images/console/` when `CONSOLE_SCREENSHOTS=docs` (how the docs' pictures are made).
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  const file = join(SHOTS, `${name}.png`);
  await page.screenshot({ path: file });
  if (process.env.CONSOLE_SCREENSHOTS === "docs") {
    mkdirSync(DOC_SHOTS, { recursive: true });
    copyFileSync(file, join(DOC_SHOTS, `${name}.png`));
  }
}

/** The bot's `/roll sides` command, `sides` from 2 to `maxSides`. */
export function rollCommand(maxSides: number): CommandInput {
  return {
    name: "roll",
    description: "Roll a die",
    options: [
      {
        type: 4,
        name: "sides",
        description: "Sides of the die",
        required: true,
        min_value: 2,
        max_value: maxSides,
      },
    ],
  };
}

/** What {@link startConsoleWorld} made. */
export interface ConsoleWorld {
  readonly server: RunningServer;
  readonly ada: string;
  readonly bob: string;
  readonly appId: string;
  readonly guildId: string;
  readonly general: string;
  readonly quiet: string;
  /** The bot's REST client. */
  readonly rest: RestClient;
  /** Calls the dev API. */
  dev<T = unknown>(method: string, path: string, body?: unknown, as?: string): Promise<T>;
  /** The bot answers the `/think` it deferred last, by editing its original answer. */
  answerThinking(content: string): Promise<void>;
  /** Closes the bot's gateway connection (the app is then not connected). */
  disconnect(): Promise<void>;
  /** Moves the server's clock. */
  advance(ms: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * A reference server (manual clock, loopback, port 0) with Ada (owner) and Bob in "Test Server",
 * a channel #quiet where @everyone may not post, and the app "Dice" installed and running as a real
 * bot on the SDK (with `devKey`, the server needs that key): `/roll sides` answers the person only (ephemeral), `/shout` makes the bot post in
 * #quiet (refused), `/slow` is never answered, `/think` thinks until {@link ConsoleWorld.answerThinking}.
 */
export async function startConsoleWorld(options: { devKey?: string } = {}): Promise<ConsoleWorld> {
  const server = await startServer({ port: 0, manualClock: true, rateLimits: false, ...options });
  const dev = async <T>(method: string, path: string, body?: unknown, as?: string): Promise<T> => {
    const res = await fetch(`${server.baseUrl}/dev/v1${path}`, {
      method,
      headers: {
        ...(options.devKey === undefined ? {} : { authorization: `Dev ${options.devKey}` }),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(as ? { "x-dev-user": as } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
  const ada = (await dev<{ id: string }>("POST", "/users", { username: "ada", name: "Ada" })).id;
  const bob = (await dev<{ id: string }>("POST", "/users", { username: "bob", name: "Bob" })).id;
  const guild = await dev<{ id: string; everyone_role_id: string; channels: { id: string }[] }>(
    "POST",
    "/guilds",
    {
      name: "Test Server",
      owner_id: ada,
    },
  );
  await dev("POST", `/guilds/${guild.id}/members`, { user_id: bob });
  const quiet = await dev<{ id: string }>(
    "POST",
    `/guilds/${guild.id}/channels`,
    {
      name: "quiet",
      kind: "text",
      topic: "Only people post here",
      overwrites: [{ id: guild.everyone_role_id, type: "role", allow: [], deny: ["send_messages"] }],
    },
    ada,
  );
  const app = await dev<{ application: { id: string }; token: string }>("POST", "/apps", { name: "Dice" });
  await dev(
    "POST",
    `/guilds/${guild.id}/installs`,
    {
      application_id: app.application.id,
      scopes: ["commands", "messages.read", "messages.send"],
      intents: ["guilds", "guild_messages"],
      permissions: ["view_channels", "send_messages", "read_message_history"],
    },
    ada,
  );

  const rest = new RestClient({ token: app.token, baseUrl: server.baseUrl });
  await rest.setGlobalCommands([
    rollCommand(100),
    { name: "shout", description: "The bot shouts in #quiet" },
    { name: "slow", description: "A command the bot never answers" },
    { name: "think", description: "The bot thinks until the test answers" },
  ]);
  const gateway = new GatewayClient({ token: app.token, rest, intents: ["guilds"] });
  /** The last `/think` the bot deferred. */
  let thinking: string | null = null;
  gateway.on("INTERACTION_CREATE", async (interaction) => {
    if (interaction.data.name === "roll") {
      const sides = Number(interaction.data.options?.find((o) => o.name === "sides")?.value ?? 6);
      await rest.createInteractionResponse(interaction.id, {
        type: 4,
        data: {
          content: `${interaction.user.name ?? interaction.user.username} rolled ${Math.min(4, sides)} on a d${sides}`,
          flags: 64,
        },
      });
    } else if (interaction.data.name === "think") {
      await rest.createInteractionResponse(interaction.id, { type: 5 });
      thinking = interaction.id;
    } else if (interaction.data.name === "shout") {
      await rest.createInteractionResponse(interaction.id, {
        type: 4,
        data: { content: "Shouting in #quiet…" },
      });
      await rest.createMessage(quiet.id, { content: "HELLO" }).catch(() => undefined);
    }
  });
  await gateway.connect();

  return {
    server,
    ada,
    bob,
    appId: app.application.id,
    guildId: guild.id,
    general: guild.channels[0]!.id,
    quiet: quiet.id,
    rest,
    dev,
    disconnect: () => gateway.close(),
    answerThinking: async (content) => {
      if (thinking === null) throw new Error("no /think is waiting for its answer");
      await rest.editOriginalResponse(thinking, { content });
    },
    advance: async (ms) => {
      await dev("POST", "/clock", { advance_ms: ms });
    },
    close: async () => {
      await gateway.close();
      await rest.close();
      await server.close();
    },
  };
}

/** Opens the console as `personId`, on `view`, and waits for it to be live. */
export async function openConsole(
  page: Page,
  world: ConsoleWorld,
  personId: string,
  view = "chat",
): Promise<void> {
  await page.addInitScript((id: string) => localStorage.setItem("chatbot-console:person", id), personId);
  await page.goto(`${world.server.baseUrl}/console/#${view}`);
  await page.locator(".live.on").waitFor();
}
