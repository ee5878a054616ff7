import type { TestWorld } from "../test-world.js";
import type { ExploredBot } from "./incarnations.js";
import { endedTwice, ranAgain, type Run } from "./runs.js";
import type { Post, ScenarioEvent, Use } from "./scenario.js";

/** What an invariant reads: the world, the bot's store (all of it, under no gate), what was posted. */
export interface ExploreView<S extends object = object> {
  readonly world: TestWorld;
  readonly store: S;
  /** Every message posted in the world so far, oldest first. */
  readonly posts: readonly Post[];
  /** Every command use the scenario made, with its trace line. */
  readonly uses: readonly Use[];
  /** What the steps did so far, as data (what `model.next` is told). */
  readonly events: readonly ScenarioEvent[];
  /**
   * What the bot's handlers ran, from the framework's `onRun` hook (which the bot's factory passes
   * on with the rest of `env`): each listener's run on each event, each conversation answer, each job.
   */
  readonly runs: readonly Run[];
  /** The running incarnation of the bot. */
  readonly bot: ExploredBot;
  /** Its token (a crash resets it). */
  readonly token: string;
  /** The step just run (0: after the bot started; the last plus one: the end). */
  readonly step: number;
  /** Whether this is the check at the end (faults cleared, the clock moved past every deadline). */
  readonly final: boolean;
}

/**
 * An invariant: throws, or answers a sentence, when the world, store or posts break it. Checked
 * after every step and once more at the end; one that only holds at the end checks `view.final`.
 */
export type Invariant<S extends object = object> = (
  view: ExploreView<S>,
) => void | string | undefined | Promise<void | string | undefined>;

/**
 * Every command use ended as the interface allows: answered; or never delivered (the bot was not
 * connected); or unanswered only when a fault, a crash or the bot's removal came before its end.
 */
export const commandsAnswered: Invariant = ({ uses, final }) => {
  if (!final) return;
  for (const use of uses) {
    const { state, notice } = use.outcome;
    if (state === "answered" || state === "not_delivered") continue;
    if (use.disturbed) continue;
    return `"${use.line}" ended ${state}${notice ? ` (${notice})` : ""} with no fault or crash to explain it`;
  }
};

interface ConversationRecord {
  readonly n: string;
  readonly s: string;
  readonly u: number;
  readonly o?: readonly unknown[];
  readonly x?: 1;
}

/**
 * Every conversation of a framework bot ended once, or still waits within its time: none ends
 * twice (from the `onRun` hook's notices), and at the end no record
 * under `chatbot:conversation:` is past its deadline (stranded), keeps posts not delivered (an
 * outbox), or is marked ended but not removed.
 */
export const conversationsEnded: Invariant = async ({ store, world, final, runs }) => {
  const twice = endedTwice(runs);
  if (twice !== undefined || !final) return twice;
  const list = (store as { list?: (prefix: string) => Promise<{ key: string; value: unknown }[]> }).list;
  if (typeof list !== "function") return;
  const now = world.clock.now();
  for (const { key, value } of await list.call(store, "chatbot:conversation:")) {
    const record = value as ConversationRecord;
    if (typeof record !== "object" || record === null || typeof record.n !== "string") continue;
    const where = `the conversation ${record.n} (${key.slice("chatbot:conversation:".length)})`;
    if ((record.o?.length ?? 0) > 0) return `${where} still has ${record.o!.length} post(s) not delivered`;
    if (record.x === 1) return `${where} ended but its record stayed`;
    if (record.u <= now)
      return `${where} is stranded at step ${record.s}: its time ran out ${now - record.u} ms ago`;
  }
};

interface ViewLike {
  servers(): Iterable<{ id: string }>;
  server(id: string):
    | {
        channels: { list(): Iterable<{ id: string; name: string }> };
        roles: { list(): Iterable<{ id: string; name: string }> };
      }
    | undefined;
}

const names = (list: Iterable<{ id: string; name: string }>) =>
  [...list]
    .map((x) => `${x.id}=${x.name}`)
    .sort()
    .join(", ");

/**
 * The bot's world view (a framework bot's `bot.world`) holds the servers, channels and roles the
 * service lists to it, with their names: the view's oracle, read over REST with the bot's token.
 */
export const worldViewMatches: Invariant = async ({ bot, world, token, final }) => {
  if (!final) return;
  const view = bot.world as ViewLike | undefined;
  if (typeof view?.servers !== "function") return;
  const get = async (path: string) => {
    const answer = await fetch(`${world.baseUrl}/v1${path}`, { headers: { authorization: `Bot ${token}` } });
    return answer.ok ? ((await answer.json()) as { id: string; name: string }[]) : [];
  };
  const listed = (await get("/users/@me/guilds")).map((g) => g.id).sort();
  const held = [...view.servers()].map((s) => s.id).sort();
  if (listed.join() !== held.join())
    return `the bot's view holds the servers ${held.join(", ") || "none"}; the service lists ${listed.join(", ") || "none"}`;
  for (const id of listed) {
    const server = view.server(id)!;
    const [channels, roles] = await Promise.all([get(`/guilds/${id}/channels`), get(`/guilds/${id}/roles`)]);
    if (names(channels) !== names(server.channels.list()))
      return `the bot's view of server ${id} has the channels ${names(server.channels.list())}; the service lists ${names(channels)}`;
    if (names(roles) !== names(server.roles.list()))
      return `the bot's view of server ${id} has the roles ${names(server.roles.list())}; the service lists ${names(roles)}`;
  }
};

/**
 * No message a handler finished is handled again by it, nor answered again by a conversation, after
 * a crash or a reconnect; one handled again after a run that had not finished is flagged
 * `ctx.redelivered`.
 */
export const messagesOnce: Invariant = ({ runs }) => ranAgain(runs, false);

/** How long past its time a job may wait at the end: the retries' backoff after a failure. */
const JOB_SLACK_MS = 60_000;

/**
 * Every job ran once: none runs again once it finished (one run again after a crash or failure is
 * flagged `job.redelivered`), and at the end none due more than a minute before is still queued.
 */
export const jobsOnce: Invariant = async ({ runs, store, world, final }) => {
  const again = ranAgain(runs, true);
  if (again !== undefined || !final) return again;
  const jobs = (store as { jobs?: { list?: () => Promise<{ name: string; id: string; dueAt: number }[]> } })
    .jobs;
  if (typeof jobs?.list !== "function") return;
  const now = world.clock.now();
  const late = (await jobs.list()).find((job) => job.dueAt < now - JOB_SLACK_MS);
  if (late !== undefined)
    return `the job ${late.name} (${late.id}) was due ${now - late.dueAt} ms ago and has not run`;
};

/** The invariants every exploration checks, by name. */
export const BUILT_IN_INVARIANTS: Readonly<Record<string, Invariant>> = {
  "every command use answered": commandsAnswered,
  "no finished message handled again": messagesOnce,
  "every job run once": jobsOnce,
  "every conversation ended, none stranded": conversationsEnded,
  "the bot's world view equal to the server's": worldViewMatches,
};
