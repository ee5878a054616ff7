import type { PostedMessage } from "@chatbot/server";
import { DevApi } from "../dev-api.js";
import type { Outcome } from "../outcome.js";
import type { TestWorld } from "../test-world.js";
import { type BotFactory, type ExploredBot, Incarnations } from "./incarnations.js";
import type { DeclaredCommand } from "./option-values.js";

/** A message as the scenario saw it posted. */
export interface Post {
  readonly id: string;
  readonly channelId: string;
  readonly authorId: string;
  readonly content: string;
  /** The step during which it was posted (0: before the first). */
  readonly step: number;
  /** Whether the bot posted it. */
  readonly byBot: boolean;
}

/** A command use of the scenario, and whether a fault or crash came before it ended. */
export interface Use {
  readonly outcome: Outcome;
  readonly line: string;
  /** The step that made it. */
  readonly step: number;
  disturbed: boolean;
}

/**
 * What a step did, as data, for an author's model (`explore({ model })`) and invariants: what a
 * person said (with the message's id), reacted or used (with its outcome), the clock moved, the
 * bot's process crashed, and the world's changes and faults by their trace lines. A step the
 * service refused did nothing.
 */
export type ScenarioEvent =
  | {
      readonly kind: "say";
      readonly person: string;
      readonly channel: string;
      readonly text: string;
      readonly messageId: string;
    }
  | {
      readonly kind: "react";
      readonly person: string;
      readonly channel: string;
      readonly messageId: string;
      readonly emoji: string;
    }
  | {
      readonly kind: "use";
      readonly person: string;
      readonly channel: string;
      readonly command: string;
      readonly options: Readonly<Record<string, string | number | boolean>>;
      readonly outcome: Outcome;
    }
  | { readonly kind: "clock"; readonly ms: number }
  | { readonly kind: "crash" }
  | { readonly kind: "world" | "fault"; readonly line: string };

/** How long, in real time, a step waits for the bot to settle before going on. */
const SETTLE_MS = 3_000;
/**
 * A bot still busy with nothing changing for this long (real time) waits on the world's clock: the
 * clock then moves to its next deadline if that is at most {@link PASSING_MS} away, as a second of
 * real time would pass (a reaction's 250-ms limit, a short retry), at most {@link PASSES} times a
 * settle. Longer waits (a latency fault of seconds, a job) wait for a step that moves the clock.
 */
const STILL_MS = 60;
/** The service's identify window: 5 identifies in 5 s of its clock. */
const IDENTIFY_WINDOW_MS = 5_000;
const PASSING_MS = 1_000;
const PASSES = 20;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * One scenario's world and bot: the posts seen, the command uses made, the lines of the trace,
 * and the waits that make each step start only once the bot has done what the last one caused.
 */
export class Scenario<S extends object> {
  readonly dev: DevApi;
  readonly bots: Incarnations<S>;
  readonly posts: Post[] = [];
  readonly uses: Use[] = [];
  /** What the steps did, in order. */
  readonly events: ScenarioEvent[] = [];
  readonly lines: string[] = [];
  commands: DeclaredCommand[] = [];
  step = 0;
  /** The bot's install, as the world was made: a step that removes it adds it back the same. */
  install: { scopes: string[]; intents: string[]; permissions: string[] } | undefined;
  installed = true;
  /** Whether the service has failed or held the bot's calls on purpose (an http or latency fault). */
  faulted = false;
  #unsubscribe: () => void;
  #closed: Promise<void> | undefined;

  constructor(
    readonly world: TestWorld,
    readonly store: S,
    factory: BotFactory<S>,
  ) {
    this.dev = new DevApi(world.baseUrl);
    this.bots = new Incarnations(world, this.dev, store, factory);
    this.bots.stepNow = () => this.step;
    const botId = world.app.userId;
    this.#unsubscribe = world.running.observe.onMessagePosted((message: PostedMessage) => {
      this.posts.push({
        id: message.id,
        channelId: message.channel_id,
        authorId: message.author_id,
        content: message.view().content,
        step: this.step,
        byBot: message.author_id === botId,
      });
    });
  }

  /** Starts the first bot, waits for it, and reads what it registered. */
  async start(): Promise<void> {
    const exported = await this.dev.call("exportWorld");
    const install = exported.installs.find((i) => i.application_id === this.world.app.id);
    if (install)
      this.install = {
        scopes: [...install.scopes],
        intents: [...(install.intents ?? [])],
        permissions: [...install.permissions],
      };
    await this.bots.start();
    await this.world.app.connected();
    await this.settle();
    await this.readCommands();
  }

  /** The bot's commands as the service lists them to it. */
  async readCommands(): Promise<void> {
    const answer = await fetch(`${this.world.baseUrl}/v1/applications/${this.world.app.id}/commands`, {
      headers: { authorization: `Bot ${this.bots.token}` },
    });
    if (answer.ok) this.commands = (await answer.json()) as DeclaredCommand[];
  }

  /** Adds a line to the trace, with what the bot's processes said meanwhile (a crash, a restart). */
  say(line: string): void {
    this.flush();
    this.lines.push(line);
  }

  flush(): void {
    for (const said of this.bots.said.splice(0)) this.lines.push(`  … ${said}`);
  }

  /** Marks every use not ended yet as disturbed: a fault or crash came before its end. */
  disturb(): void {
    for (const use of this.uses) {
      const state = use.outcome.state;
      if (state === "delivered" || state === "thinking") use.disturbed = true;
    }
  }

  /**
   * Waits until the bot has read every event the server sent it and done what they cause (its
   * `idle()`), twice in a row with nothing new posted or written; a crashed bot is replaced first.
   * Waits on the world and the bot, not on time, except that a bot waiting on a deadline of the
   * world's clock less than a second away sees the clock move to it; bounded by 3 s of real time.
   */
  async settle(): Promise<void> {
    const until = Date.now() + SETTLE_MS;
    let quiet = 0;
    let seen = "";
    let passes = 0;
    // One wait for the bot's idle() at a time: a bot still busy keeps the one already asked for.
    let idling: { bot: ExploredBot; done: Promise<true> } | undefined;
    while (Date.now() < until) {
      if (this.bots.crashed) {
        this.disturb();
        this.events.push({ kind: "crash" });
        await this.bots.crashAndRestart();
        this.flush();
        quiet = 0;
      }
      const { bot, killed, gate, n } = this.bots.current;
      if (idling?.bot !== bot) {
        const done = bot.idle ? bot.idle().then(() => true as const) : sleep(5).then(() => true as const);
        const asked = { bot, done };
        idling = asked;
        void done.then(() => {
          if (idling === asked) idling = undefined;
        });
      }
      const settled = await Promise.race([
        idling.done,
        killed.then(() => true),
        sleep(STILL_MS).then(() => false),
      ]);
      if (this.bots.crashed) continue;
      if (!settled) {
        const now = `${this.posts.length} ${gate.writes} ${gate.pending}`;
        if (now === seen && passes < PASSES && this.#passTime()) passes++;
        seen = now;
        quiet = 0;
        continue;
      }
      const caughtUp = this.caughtUp();
      if (!caughtUp && passes < PASSES && this.#identifyWindowFull()) {
        // The service refuses a sixth identify in 5 s of its clock (`4008`) and the bot waits to
        // try again: as in life, seconds pass meanwhile.
        passes++;
        this.lines.push("  … the clock moves 5s while the bot waits to identify (5 in 5 s)");
        this.events.push({ kind: "clock", ms: IDENTIFY_WINDOW_MS });
        this.world.clock.advance(IDENTIFY_WINDOW_MS);
      }
      // Nothing new posted, and no store write begun or under way, since the last look.
      const now = `${this.posts.length} ${gate.writes} ${gate.pending}`;
      if (caughtUp && gate.pending === 0 && now === seen) {
        if (++quiet >= 2) {
          this.bots.runs.settled(n);
          return;
        }
      } else quiet = 0;
      seen = now;
      if (!caughtUp) await sleep(2);
      else await new Promise((resolve) => setImmediate(resolve));
    }
    this.lines.push("  … (the bot had not settled after 3 s of real time)");
  }

  /**
   * Whether the bot's last connection was closed before it identified while the service's window
   * (5 identifies in 5 s of its clock) is full: it was refused (`4008`) and cannot identify again
   * until the clock moves.
   */
  #identifyWindowFull(): boolean {
    const sessions = this.world.running.gateway.sessionLog(this.world.app.id);
    const [last] = sessions;
    if (last === undefined || last.closed_at === null || last.identified_at !== null) return false;
    const since = this.world.clock.now() - IDENTIFY_WINDOW_MS;
    return sessions.filter((x) => x.identified_at !== null && x.identified_at > since).length >= 5;
  }

  /** Moves the world's clock to its next deadline if that is near; answers whether it moved. */
  #passTime(): boolean {
    const clock = this.world.clock;
    const next = clock.nextDeadline;
    if (next === null || next - clock.now() > PASSING_MS) return false;
    clock.advance(Math.max(0, next - clock.now()));
    return true;
  }

  /** Whether the bot's gateway connection is up and has read every event the server sent on it. */
  private caughtUp(): boolean {
    const { bot } = this.bots.current;
    if (bot.gateway === undefined) return true;
    // The server's own session log, read in this process (what `GET /dev/v1/apps/{id}/sessions` answers).
    const [session] = this.world.running.gateway.sessionLog(this.world.app.id);
    if (session === undefined || session.closed_at !== null || session.identified_at === null) return false;
    return bot.gateway.sequence === session.events_sent;
  }

  /** Ends the scenario: stops the running bot and stops watching posts. */
  close(): Promise<void> {
    this.#closed ??= (async () => {
      this.#unsubscribe();
      await this.bots.stop();
    })();
    return this.#closed;
  }
}
