import type { Person } from "../person.js";
import type { Action, FaultDraw } from "./actions.js";
import { ordinal } from "./incarnations.js";
import { optionValue, showOption } from "./option-values.js";
import type { Scenario } from "./scenario.js";
import { actors, channels, pick, refusable, roles, show, text } from "./step-helpers.js";
import { change } from "./world-changes.js";

/** The path prefixes a REST fault draws from. */
const ROUTES = ["/v1/interactions", "/v1/channels", "/v1/guilds", "/v1/applications", "/v1/users"] as const;
const EMOJIS = ["✅", "❌", "👍", "🎉"] as const;

/** The service's identify limit: 5 in 5 seconds of its clock (then it closes `4008`). */
const IDENTIFIES = { limit: 5, windowMs: 5_000 } as const;

/**
 * Before a step that makes the bot identify again (a crash, a close it cannot resume), moves the
 * clock past the service's identify window when it is full: a restart then takes 5 s of the
 * world's clock, as a real one takes seconds, instead of a `4008` and a wait in real time.
 */
async function roomToIdentify(s: Scenario<object>): Promise<void> {
  const sessions = s.world.running.gateway.sessionLog(s.world.app.id);
  const since = s.world.clock.now() - IDENTIFIES.windowMs;
  const recent = sessions.filter((x) => x.identified_at !== null && x.identified_at > since).length;
  if (recent < IDENTIFIES.limit - 1) return;
  s.say("the clock moves 5s (the service takes 5 identifies in 5 s)");
  await moveClock(s, IDENTIFIES.windowMs);
}

const resumes = (code: number) => code === 4000 || code === 1001;

/** Runs one step against the world, and adds its line to the trace. */
export async function runStep(s: Scenario<object>, action: Action): Promise<void> {
  const identifies =
    action.t === "crash" ||
    ("crash" in action && action.crash !== undefined) ||
    (action.t === "away" && !resumes(action.code)) ||
    (action.t === "fault" && action.fault.kind === "close" && !resumes(action.fault.code));
  if (identifies) await roomToIdentify(s);
  if ("crash" in action && action.crash !== undefined) {
    const { write, after, own } = action.crash;
    s.bots.current.gate.arm({ k: write, after, own });
    s.say(
      `the bot will crash ${after ? "after" : "before"} its ${ordinal(write)} ${own ? "own " : ""}store write from here`,
    );
  }
  switch (action.t) {
    case "use":
      return use(s, action);
    case "say": {
      const who = pick(actors(s), action.who)!;
      const where = pick(channels(s), action.where);
      if (!where) return s.say(`${who.username} has no channel to speak in`);
      const said = text(action.text);
      return refusable(s, `${who.username} says ${show(said)} in #${where.name}`, async () => {
        const message = await who.say(where.id, said);
        s.events.push({
          kind: "say",
          person: who.username,
          channel: where.name,
          text: said,
          messageId: message.id,
        });
      });
    }
    case "react": {
      const who = pick(actors(s), action.who)!;
      const where = pick(channels(s), action.where);
      const last = where && [...s.posts].reverse().find((p) => p.channelId === where.id);
      if (!where || !last) return s.say(`${who.username} finds nothing to react to`);
      const emoji = pick(EMOJIS, action.emoji)!;
      return refusable(s, `${who.username} reacts ${emoji} to the last message in #${where.name}`, () =>
        reacted(s, who, where, last.id, emoji),
      );
    }
    case "answer":
      return answer(s, action);
    case "world":
      return said(s, "world", () => change(s, action.change, ""));
    case "away": {
      s.disturb();
      await s.world.faults.closeGateway(action.code);
      const prefix = `while the bot is away (its gateway closed ${action.code}), `;
      return said(s, "world", () => change(s, action.change, prefix));
    }
    case "clock":
      return clock(s, action.ms);
    case "fault":
      return said(s, "fault", () => fault(s, action.fault));
    case "crash": {
      s.disturb();
      if (action.at === "now") {
        s.say("the bot crashes now");
        s.events.push({ kind: "crash" });
        await s.bots.crashAndRestart();
        s.flush();
        return;
      }
      const { write, after, own } = action.at;
      s.bots.current.gate.arm({ k: write, after, own });
      return s.say(
        `the bot will crash ${after ? "after" : "before"} its ${ordinal(write)} ${own ? "own " : ""}store write from here`,
      );
    }
  }
}

/** Runs a world change or a fault, and records it by the line it added to the trace. */
async function said(s: Scenario<object>, kind: "world" | "fault", act: () => Promise<void>): Promise<void> {
  const at = s.lines.length;
  await act();
  const line = s.lines.slice(at).find((l) => !l.startsWith("  "));
  if (line !== undefined && !line.includes("(the service refuses")) s.events.push({ kind, line });
}

async function use(s: Scenario<object>, action: Extract<Action, { t: "use" }>): Promise<void> {
  const who = pick(actors(s), action.who)!;
  const command = pick(s.commands, action.command);
  const where = pick(channels(s), action.where);
  if (!command || !where) return s.say(`${who.username} finds no command to use`);
  const targets = {
    people: actors(s).map((p) => p.id),
    channels: channels(s).map((c) => c.id),
    roles: roles(s).map((r) => r.id),
  };
  const options: Record<string, string | number | boolean> = {};
  (command.options ?? []).forEach((option, i) => {
    const value = optionValue(option, action.options[i] ?? { kind: "any", n: i }, targets);
    if (value !== undefined) options[option.name] = value;
  });
  const shown = Object.entries(options)
    .map(([name, value]) => ` ${showOption(name, value)}`)
    .join("");
  const line = `${who.username} uses /${command.name}${shown} in #${where.name}`;
  // A fault still pending when the use is made may fall on its answer.
  const pending = s.faulted && (await s.world.faults.pending()).length > 0;
  await refusable(s, line, async () => {
    const outcome = await who.use(where.id, `/${command.name}`, options);
    s.uses.push({ outcome, line, step: s.step, disturbed: !s.installed || pending });
    const { username: person } = who;
    s.events.push({ kind: "use", person, channel: where.name, command: command.name, options, outcome });
  });
}

async function answer(s: Scenario<object>, action: Extract<Action, { t: "answer" }>): Promise<void> {
  const who = pick(actors(s), action.who)!;
  const asked = [...s.posts]
    .reverse()
    .find((p) => p.byBot && (p.content.includes(who.id) || p.step === s.step - 1));
  if (!asked) return s.say(`${who.username} has nothing to answer`);
  const where = `#${s.world.running.observe.channelName(asked.channelId) ?? asked.channelId}`;
  const draw = action.answer;
  if (draw.kind === "choose") {
    const message = await who.history(asked.channelId, { limit: 50 }).catch(() => []);
    const offered = message.find((m) => m.id === asked.id)?.reactions.map((r) => r.emoji.name ?? "") ?? [];
    if (offered.length > 0) {
      const emoji = pick(offered, draw.n)!;
      return refusable(s, `${who.username} answers the bot's question in ${where} with ${emoji}`, () =>
        reacted(s, who, { id: asked.channelId, name: where.slice(1) }, asked.id, emoji),
      );
    }
  }
  const said =
    draw.kind === "say" ? text(draw.text) : draw.kind === "repeat" ? (lastSaid(s, who.id) ?? "yes") : "yes";
  return refusable(s, `${who.username} answers the bot in ${where}: ${show(said)}`, async () => {
    const message = await who.say(asked.channelId, said);
    s.events.push({
      kind: "say",
      person: who.username,
      channel: where.slice(1),
      text: said,
      messageId: message.id,
    });
  });
}

/** `who` reacts `emoji` to the message `messageId` of `channel`, recorded once it went. */
async function reacted(
  s: Scenario<object>,
  who: Person,
  channel: { readonly id: string; readonly name: string },
  messageId: string,
  emoji: string,
) {
  await who.react({ id: messageId, channel_id: channel.id }, emoji);
  s.events.push({ kind: "react", person: who.username, channel: channel.name, messageId, emoji });
}

function lastSaid(s: Scenario<object>, userId: string): string | undefined {
  return [...s.posts].reverse().find((p) => p.authorId === userId)?.content;
}

async function clock(s: Scenario<object>, ms: number | "next"): Promise<void> {
  let by = ms;
  if (by === "next") {
    const jobs = (s.store as { jobs?: { nextDueAt?: () => Promise<number | null> } }).jobs;
    const due = (await jobs?.nextDueAt?.()) ?? null;
    by = due === null ? 60_000 : Math.max(1, due - s.world.clock.now());
    s.say(`the clock moves to the next job (${duration(by)})`);
  } else s.say(`the clock moves ${duration(by)}`);
  await moveClock(s, by);
}

/**
 * Moves the world's clock by `ms`, letting the bot settle at each stop: every second through the
 * first 5 s (a retry after a 429, the 3-second window), then at each job of the store as it comes
 * due, then the rest at once. One jump would fire a retry's timer and the deadline after it before
 * the retried call reaches the server, which no real clock does.
 */
export async function moveClock(s: Scenario<object>, ms: number): Promise<void> {
  s.events.push({ kind: "clock", ms });
  const jobs = (s.store as { jobs?: { nextDueAt?: () => Promise<number | null> } }).jobs;
  const end = s.world.clock.now() + ms;
  const first = s.world.clock.now() + 5_000;
  for (let stops = 0; s.world.clock.now() < end && stops < 50; stops++) {
    const now = s.world.clock.now();
    const due = (await jobs?.nextDueAt?.()) ?? null;
    let to = now < first ? now + 1_000 : end;
    if (due !== null && due > now && due < to) to = due;
    await s.world.clock.advance(Math.min(to, end) - now);
    await s.settle();
  }
  if (s.world.clock.now() < end) {
    await s.world.clock.advance(end - s.world.clock.now());
    await s.settle();
  }
}

/** `10m`, `3.5s`, `1d`. */
export function duration(ms: number): string {
  if (ms % 86_400_000 === 0) return `${ms / 86_400_000}d`;
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000}h`;
  if (ms % 60_000 === 0) return `${ms / 60_000}m`;
  if (ms >= 1_000) return `${ms / 1_000}s`;
  return `${ms}ms`;
}

async function fault(s: Scenario<object>, f: FaultDraw): Promise<void> {
  s.disturb();
  switch (f.kind) {
    case "close":
      s.say(`the service closes the bot's gateway with ${f.code}`);
      await s.world.faults.closeGateway(f.code);
      return;
    case "http": {
      s.faulted = true;
      const route = pick(ROUTES, f.route)!;
      s.say(
        `the service answers ${f.status} to the bot's next ${f.count === 1 ? "call" : `${f.count} calls`} to ${route}`,
      );
      await s.world.faults.http(f.status, { count: f.count, pathPrefix: route });
      return;
    }
    case "latency": {
      s.faulted = true;
      const route = pick(ROUTES, f.route)!;
      s.say(`the service holds the bot's next call to ${route} for ${duration(f.ms)} of the clock`);
      await s.world.faults.latency(f.ms, { pathPrefix: route });
      return;
    }
  }
}
