import { createInterface } from "node:readline";
import type { Output } from "../server-command.js";
import { devCall } from "./dev-world.js";
import type { DevWorld } from "./dev-world.js";

interface Shown {
  id: string;
  content: string;
  author: { username: string; bot?: boolean };
  flags?: number;
}

const HELP = [
  "Type a message to post it, or /name option:value to use a command. Also:",
  "  :as <person>     act as dev, alice or bob",
  "  :in <channel>    talk in general, bot-testing or random",
  "  :advance <ms>    move the controllable clock (--manual-clock)",
  "  :help            this text",
].join("\n");

/** `value` as the option value it stands for: a number, a boolean, @person, #channel, or text. */
function optionValue(value: string, world: DevWorld): unknown {
  if (/^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  if (value === "true" || value === "false") return value === "true";
  if (value.startsWith("@") && world.people[value.slice(1)]) return world.people[value.slice(1)];
  if (value.startsWith("#") && world.channels[value.slice(1)]) return world.channels[value.slice(1)];
  return value;
}

/** `/roll sides:6 for:@alice note:"two words"` as a command name and its options. */
export function parseCommandLine(line: string, world: DevWorld): { name: string; options: unknown[] } {
  const [name = "", ...rest] = line.slice(1).match(/(?:[^\s"]+|"[^"]*")+/g) ?? [];
  const options = rest.map((part) => {
    const colon = part.indexOf(":");
    if (colon <= 0) throw new Error(`options are written name:value, got ${part}`);
    const raw = part.slice(colon + 1).replace(/^"(.*)"$/, "$1");
    return { name: part.slice(0, colon), value: optionValue(raw, world) };
  });
  return { name, options };
}

/** What the prompt needs. */
export interface PromptSetup {
  readonly baseUrl: string;
  readonly world: () => DevWorld;
  readonly output: Output;
  readonly manualClock: boolean;
}

/**
 * The terminal prompt of `chatbot dev`: lines typed are posted as a person of the development world
 * (`dev` in `general` at first), `/name option:value` uses a command, and what the bot answers is
 * printed, ephemeral answers marked. Answers `close()`.
 */
export function startPrompt(setup: PromptSetup): { close(): void } {
  const { output } = setup;
  let person = "dev";
  let channel = "general";
  const rl = createInterface({ input: process.stdin, output: process.stdout, prompt: "> " });
  const show = (m: Shown) => {
    const ephemeral = ((m.flags ?? 0) & 64) !== 0 ? " (only you can see this)" : "";
    output.out(`  ${m.author.username}${m.author.bot ? " [bot]" : ""}${ephemeral}: ${m.content}`);
  };
  const channelId = () => setup.world().channels[channel]!;

  /** Prints the bot's messages posted after `afterId` in the channel, for up to 1.5 s. */
  const follow = async (afterId: string) => {
    const seen = new Set<string>();
    for (let waited = 0; waited < 1_500; waited += 150) {
      await new Promise((r) => setTimeout(r, 150));
      const list = await devCall<Shown[]>(
        setup.baseUrl,
        "GET",
        `/channels/${channelId()}/messages?after=${afterId}`,
        undefined,
        person,
      );
      for (const m of list.reverse()) {
        if (seen.has(m.id) || !m.author.bot) continue;
        seen.add(m.id);
        show(m);
      }
    }
  };

  const use = async (line: string) => {
    const { name, options } = parseCommandLine(line, setup.world());
    const used = await devCall<{ id: string; state: string; notice?: string }>(
      setup.baseUrl,
      "POST",
      `/channels/${channelId()}/interactions`,
      { name, options },
      person,
    );
    for (let waited = 0; waited <= 4_000; waited += 100) {
      const now = await devCall<{ state: string; notice: string | null; messages: Shown[] }>(
        setup.baseUrl,
        "GET",
        `/interactions/${used.id}`,
      );
      if (now.state === "answered" || now.state === "unanswered" || now.state === "not_delivered") {
        for (const m of now.messages) show(m);
        if (now.notice) output.out(`  (${now.notice.replaceAll("_", " ")})`);
        return;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    output.out("  (still thinking)");
  };

  const handle = async (line: string) => {
    const [word, arg] = line.split(/\s+/, 2);
    if (word === ":help") return output.out(HELP);
    if (word === ":as") {
      if (!arg || !setup.world().people[arg])
        return output.out(`  people: ${Object.keys(setup.world().people).join(", ")}`);
      person = arg;
      return output.out(`  you are ${person}`);
    }
    if (word === ":in") {
      const name = arg?.replace(/^#/, "");
      if (!name || !setup.world().channels[name])
        return output.out(`  channels: ${Object.keys(setup.world().channels).join(", ")}`);
      channel = name;
      return output.out(`  in #${channel}`);
    }
    if (word === ":advance") {
      if (!setup.manualClock) return output.out("  the clock moves only with --manual-clock");
      const ms = Number(arg);
      if (!Number.isInteger(ms) || ms < 0) return output.out("  :advance takes milliseconds, a whole number");
      await devCall(setup.baseUrl, "POST", "/clock", { advance_ms: ms });
      return output.out(`  the clock moved ${ms} ms`);
    }
    if (line.startsWith("/")) return use(line);
    const posted = await devCall<{ id: string }>(
      setup.baseUrl,
      "POST",
      `/channels/${channelId()}/messages`,
      { content: line },
      person,
    );
    await follow(posted.id);
  };

  output.out(`${HELP}\nYou are dev in #general.`);
  rl.prompt();
  let busy = Promise.resolve();
  rl.on("line", (text) => {
    const line = text.trim();
    busy = busy
      .then(() => (line === "" ? undefined : handle(line)))
      .catch((error: unknown) => output.out(`  ${error instanceof Error ? error.message : String(error)}`))
      .then(() => rl.prompt());
  });
  // In a terminal, Ctrl-C reaches readline rather than the process: pass it on, to stop.
  rl.on("SIGINT", () => process.kill(process.pid, "SIGINT"));
  return { close: () => rl.close() };
}
