import { type AsyncCompleter, clearLine, createInterface, cursorTo, type Interface } from "node:readline";
import { DevClient, type DevCommandView } from "@chatbot/protocol/dev";
import type { Output } from "../server-command.js";
import { commandList, completeLine, parseCommandLine } from "./command-line.js";
import type { DevWorld } from "./dev-world.js";
import { describeRefusal, describeUseRefusal } from "./refusal-words.js";
import { type ShownMessage, ShownMessages } from "./shown-messages.js";

/** How often the current channel is read for what others (the bot included) post there. */
const WATCH_MS = 250;

const HELP = [
  "Type a message to post it, or /name option:value to use a command (Tab completes both). Also:",
  "  :as <person>          act as dev, alice or bob",
  "  :in <channel>         talk in general, bot-testing or random",
  "  :react [n] <emoji>    react to message [n] printed here, or to the last one",
  "  :unreact [n] <emoji>  take that reaction back",
  "  :advance <ms>         move the controllable clock (--manual-clock)",
  "  :help                 this text, and the bot's commands with their options",
].join("\n");

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
 * printed, ephemeral answers marked. {@link close} gives the terminal back.
 */
export class DevPrompt {
  /** Who the lines are posted as, and where. */
  #person = "dev";
  #channel = "general";
  readonly #rl: Interface;
  readonly #dev: DevClient;
  /** The output's own writers, put back on close. */
  readonly #out: Output["out"];
  readonly #err: Output["err"];
  /** Whether the prompt shows: every line printed meanwhile goes above it. */
  #prompting = false;
  /** The newest message of the channel seen: null before the first read, "" in an empty channel. */
  #lastId: string | null = null;
  /** The reads of the channel, one after another. */
  #watching: Promise<void> = Promise.resolve();
  readonly #timer: NodeJS.Timeout;
  /** The messages printed, by the number they were printed with. */
  readonly #shown = new ShownMessages();

  constructor(readonly setup: PromptSetup) {
    const { output } = setup;
    this.#rl = createInterface({
      input: process.stdin,
      output: process.stdout,
      prompt: "> ",
      completer: this.#complete,
    });
    this.#out = output.out;
    this.#err = output.err;
    output.out = this.#above(this.#out.bind(output));
    output.err = this.#above(this.#err.bind(output));
    this.#dev = new DevClient({ baseUrl: setup.baseUrl });
    this.#timer = setInterval(() => {
      this.#watching = this.#watching.then(() => this.#watch()).catch(() => undefined);
    }, WATCH_MS);
    // Where the channel stands before the first line is handled: what comes after is shown.
    this.#watching = this.#newest().catch(() => undefined);
    output.out(`${HELP}\nYou are dev in #general.`);
    this.#prompt();
    let busy = this.#watching;
    this.#rl.on("line", (text) => {
      this.#prompting = false;
      const line = text.trim();
      busy = busy
        .then(() => (line === "" ? undefined : this.#handle(line)))
        .catch((error: unknown) => this.#print(describeRefusal(error)))
        .then(() => this.#prompt());
    });
    // In a terminal, Ctrl-C reaches readline rather than the process: pass it on, to stop.
    this.#rl.on("SIGINT", () => process.kill(process.pid, "SIGINT"));
  }

  /** Stops watching the channel and gives the terminal and the output back. */
  close(): void {
    clearInterval(this.#timer);
    this.#prompting = false;
    this.setup.output.out = this.#out;
    this.setup.output.err = this.#err;
    this.#rl.close();
  }

  /**
   * `write` made to print above the prompt while it shows: the prompt line is cleared, the line
   * written, and the prompt drawn again with what was typed so far (reload lines included).
   */
  #above(write: (line: string) => void): (line: string) => void {
    return (line) => {
      if (!this.#prompting) return write(line);
      clearLine(process.stdout, 0);
      cursorTo(process.stdout, 0);
      write(line);
      this.#rl.prompt(true);
    };
  }

  #prompt(): void {
    this.#prompting = true;
    this.#rl.prompt();
  }

  /** Prints lines of the prompt's own, indented under the output around them. */
  #print(lines: string | readonly string[]): void {
    const all = typeof lines === "string" ? [lines] : lines;
    this.setup.output.out(all.map((line) => `  ${line}`).join("\n"));
  }

  /** Tab: the command names, the options of the command typed, the prompt's own commands. */
  readonly #complete: AsyncCompleter = (line, done) => {
    const commands = line.startsWith("/") ? this.#commands().catch(() => []) : Promise.resolve([]);
    void commands.then((list) => done(null, completeLine(line, list, this.setup.world())));
  };

  /** The commands the current person sees in the current channel. */
  #commands(): Promise<DevCommandView[]> {
    return this.#dev.call("listChannelCommands", {
      params: { channel_id: this.#channelId() },
      as: this.#person,
    });
  }

  #channelId(): string {
    return this.setup.world().channels[this.#channel]!;
  }

  /** Notes the newest message of the channel: what comes after it is shown. */
  async #newest(): Promise<void> {
    const [last] = await this.#dev.call("listMessages", {
      params: { channel_id: this.#channelId() },
      query: { limit: 1 },
      as: this.#person,
    });
    this.#lastId = last?.id ?? "";
  }

  /**
   * Prints what was posted in the channel since the last read by anyone but the person typing
   * (whose lines the terminal shows already): the bot's answers, its own posts, other people's.
   */
  async #watch(): Promise<void> {
    if (this.#lastId === null) return this.#newest();
    const channelId = this.#channelId();
    const list: (ShownMessage & { author: { id: string } })[] = await this.#dev.call("listMessages", {
      params: { channel_id: channelId },
      // An empty channel has no id to read after: its first messages are all new.
      query: { limit: 100, ...(this.#lastId ? { after: this.#lastId } : {}) },
      as: this.#person,
    });
    const me = this.setup.world().people[this.#person];
    for (const m of list.reverse()) {
      this.#lastId = m.id;
      if (m.author.id !== me) this.setup.output.out(this.#shown.show(m, channelId));
    }
  }

  /** A line typed: one of the prompt's own commands, a slash command, or a message to post. */
  async #handle(line: string): Promise<void> {
    const [word, ...args] = line.split(/\s+/);
    const arg = args[0];
    if (word === ":help") return this.#help();
    if (word === ":as") return this.#as(arg);
    if (word === ":in") return this.#in(arg);
    if (word === ":react" || word === ":unreact") return this.#react(args, word === ":react");
    if (word === ":advance") return this.#advance(arg);
    if (line.startsWith("/")) return this.#use(line);
    await this.#dev.call("postMessage", {
      params: { channel_id: this.#channelId() },
      body: { content: line },
      as: this.#person,
    });
  }

  /** `:help`: the prompt's own commands, then the bot's, with their options. */
  async #help(): Promise<void> {
    this.setup.output.out([HELP, ...commandList(await this.#commands(), this.#channel)].join("\n"));
  }

  /**
   * `:react [n] <emoji>`: the person reacts to message [n] printed here, or to the last one
   * (`add` false: takes the reaction back).
   */
  async #react(args: readonly string[], add: boolean): Promise<void> {
    const verb = add ? ":react" : ":unreact";
    const numbered = args.length === 2 && /^\d+$/.test(args[0]!);
    if (args.length === 0 || args.length > 2 || (args.length === 2 && !numbered)) {
      return this.#print(`${verb} takes an emoji, after the number of a message printed here: ${verb} 3 👍`);
    }
    const emoji = args.at(-1)!;
    const message = this.#shown.find(numbered ? Number(args[0]) : undefined);
    if (!message) {
      return this.#print(
        numbered
          ? `no message [${args[0]}] was printed here`
          : "no message that takes reactions has been printed here yet",
      );
    }
    if (message.ephemeral)
      return this.#print(`[${message.number}] is only for you to see: it takes no reactions`);
    await this.#dev.call(add ? "addReaction" : "removeReaction", {
      params: { channel_id: message.channelId, message_id: message.id, emoji },
      as: this.#person,
    });
    this.#print(
      `${this.#person} ${add ? "reacted" : "took back"} ${emoji} ${add ? "to" : "on"} [${message.number}]`,
    );
  }

  /** `:as <person>`: the lines that follow are posted as that person. */
  #as(person: string | undefined): void {
    const { people } = this.setup.world();
    if (!person || !people[person]) return this.#print(`people: ${Object.keys(people).join(", ")}`);
    this.#person = person;
    this.#print(`you are ${person}`);
  }

  /** `:in <channel>`: the lines that follow go to that channel, and what is posted there is shown. */
  async #in(arg: string | undefined): Promise<void> {
    const name = arg?.replace(/^#/, "");
    const { channels } = this.setup.world();
    if (!name || !channels[name]) return this.#print(`channels: ${Object.keys(channels).join(", ")}`);
    this.#channel = name;
    await (this.#watching = this.#watching.then(() => this.#newest()));
    this.#print(`in #${name}`);
  }

  /** `:advance <ms>`: moves the controllable clock. */
  async #advance(arg: string | undefined): Promise<void> {
    if (!this.setup.manualClock) return this.#print("the clock moves only with --manual-clock");
    const ms = Number(arg);
    if (!Number.isInteger(ms) || ms < 0) return this.#print(":advance takes milliseconds, a whole number");
    await this.#dev.call("advanceClock", { body: { advance_ms: ms } });
    this.#print(`the clock moved ${ms} ms`);
  }

  /**
   * Uses a command, then waits (4 s at most) for it to be answered; the answers print as posts. A
   * refusal says which rule, which option and what to write instead.
   */
  async #use(line: string): Promise<void> {
    const { name, options } = parseCommandLine(line, this.setup.world());
    let used: { id: string };
    try {
      used = await this.#dev.call("useCommand", {
        params: { channel_id: this.#channelId() },
        body: { name, options },
        as: this.#person,
      });
    } catch (error) {
      const commands = await this.#commands().catch(() => null);
      return this.#print(describeUseRefusal(error, { name, options }, commands));
    }
    for (let waited = 0; waited <= 4_000; waited += 100) {
      const now = await this.#dev.call("getInteraction", { params: { interaction_id: used.id } });
      if (now.state === "answered" || now.state === "unanswered" || now.state === "not_delivered") {
        // The answers are in the channel, where the watch prints them.
        if (now.notice) this.#print(`(${now.notice.replaceAll("_", " ")})`);
        return;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    this.#print("(still thinking)");
  }
}

/** Starts the prompt of `chatbot dev` on the terminal (see {@link DevPrompt}). */
export function startPrompt(setup: PromptSetup): DevPrompt {
  return new DevPrompt(setup);
}
