import { clearLine, createInterface, cursorTo } from "node:readline";
import { DevClient } from "@chatbot/protocol/dev";
import type { Output } from "../server-command.js";
import type { DevWorld } from "./dev-world.js";

interface Shown {
  id: string;
  content: string;
  author: { id: string; username: string; name?: string; bot?: boolean };
  flags?: number | undefined;
}

/** How often the current channel is read for what others (the bot included) post there. */
const WATCH_MS = 250;

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
export function parseCommandLine(
  line: string,
  world: DevWorld,
): { name: string; options: { name: string; value: unknown }[] } {
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
  // Every line printed while the prompt shows goes above it: the prompt line is cleared, the line
  // written, and the prompt drawn again with what was typed so far (reload lines included).
  const { out, err } = output;
  let prompting = false;
  const above = (write: (line: string) => void) => (line: string) => {
    if (!prompting) return write(line);
    clearLine(process.stdout, 0);
    cursorTo(process.stdout, 0);
    write(line);
    rl.prompt(true);
  };
  output.out = above(out.bind(output));
  output.err = above(err.bind(output));
  const prompt = () => {
    prompting = true;
    rl.prompt();
  };

  const show = (m: Shown) => {
    const ephemeral = ((m.flags ?? 0) & 64) !== 0 ? " (only you can see this)" : "";
    output.out(
      `  ${m.author.name ?? m.author.username}${m.author.bot ? " [bot]" : ""}${ephemeral}: ${m.content}`,
    );
  };
  const channelId = () => setup.world().channels[channel]!;
  const dev = new DevClient({ baseUrl: setup.baseUrl });

  // Everything posted in the current channel by anyone but the person typing (whose lines the
  // terminal shows already): the bot's answers, the posts it makes on its own, other people's.
  let lastId: string | null = null;
  let watching = Promise.resolve();
  const newest = async () => {
    const [last] = await dev.call("listMessages", {
      params: { channel_id: channelId() },
      query: { limit: 1 },
      as: person,
    });
    lastId = last?.id ?? "";
  };
  const watch = async () => {
    if (lastId === null) return newest();
    const list: Shown[] = await dev.call("listMessages", {
      params: { channel_id: channelId() },
      // An empty channel has no id to read after: its first messages are all new.
      query: { limit: 100, ...(lastId ? { after: lastId } : {}) },
      as: person,
    });
    const me = setup.world().people[person];
    for (const m of list.reverse()) {
      lastId = m.id;
      if (m.author.id !== me) show(m);
    }
  };
  const timer = setInterval(() => {
    watching = watching.then(watch).catch(() => undefined);
  }, WATCH_MS);

  const use = async (line: string) => {
    const { name, options } = parseCommandLine(line, setup.world());
    const used = await dev.call("useCommand", {
      params: { channel_id: channelId() },
      body: { name, options },
      as: person,
    });
    for (let waited = 0; waited <= 4_000; waited += 100) {
      const now = await dev.call("getInteraction", { params: { interaction_id: used.id } });
      if (now.state === "answered" || now.state === "unanswered" || now.state === "not_delivered") {
        // The answers are in the channel, where the watch above prints them.
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
      await (watching = watching.then(newest));
      return output.out(`  in #${channel}`);
    }
    if (word === ":advance") {
      if (!setup.manualClock) return output.out("  the clock moves only with --manual-clock");
      const ms = Number(arg);
      if (!Number.isInteger(ms) || ms < 0) return output.out("  :advance takes milliseconds, a whole number");
      await dev.call("advanceClock", { body: { advance_ms: ms } });
      return output.out(`  the clock moved ${ms} ms`);
    }
    if (line.startsWith("/")) return use(line);
    await dev.call("postMessage", {
      params: { channel_id: channelId() },
      body: { content: line },
      as: person,
    });
  };

  // Where the channel stands before the first line is handled: what comes after is shown.
  watching = newest().catch(() => undefined);
  output.out(`${HELP}\nYou are dev in #general.`);
  prompt();
  let busy = watching;
  rl.on("line", (text) => {
    prompting = false;
    const line = text.trim();
    busy = busy
      .then(() => (line === "" ? undefined : handle(line)))
      .catch((error: unknown) => output.out(`  ${error instanceof Error ? error.message : String(error)}`))
      .then(prompt);
  });
  // In a terminal, Ctrl-C reaches readline rather than the process: pass it on, to stop.
  rl.on("SIGINT", () => process.kill(process.pid, "SIGINT"));
  return {
    close: () => {
      clearInterval(timer);
      prompting = false;
      output.out = out;
      output.err = err;
      rl.close();
    },
  };
}
