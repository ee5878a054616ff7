import { DevApiError } from "../errors.js";
import type { Person } from "../person.js";
import type { Action, FaultDraw, TextDraw, WorldChange } from "./actions.js";
import { ordinal } from "./incarnations.js";
import { optionValue, showOption } from "./option-values.js";
import type { Scenario } from "./scenario.js";

/** The path prefixes a REST fault draws from. */
const ROUTES = ["/v1/interactions", "/v1/channels", "/v1/guilds", "/v1/applications", "/v1/users"] as const;
const EMOJIS = ["✅", "❌", "👍", "🎉"] as const;
const LONGEST_MESSAGE = 2_000;

const pick = <T>(list: readonly T[], n: number): T | undefined =>
  list.length === 0 ? undefined : list[n % list.length];

/** The people who act (every person but the server's owner, who changes the world). */
function actors(s: Scenario<object>): Person[] {
  const all = Object.values<Person>(s.world.people as Record<string, Person>);
  const some = all.filter((p) => p.username !== "owner");
  return some.length > 0 ? some : all;
}

function owner(s: Scenario<object>): Person {
  const all = s.world.people as Record<string, Person>;
  return all.owner ?? Object.values(all)[0]!;
}

/** The server's text channels now, in the order the world holds them. */
function channels(s: Scenario<object>) {
  const server = s.world.server.id;
  return s.world.running.observe.summary().channels.filter((c) => c.guild_id === server && c.kind === "text");
}

/** The roles a step may change: not the everyone role, not an app's own. */
function roles(s: Scenario<object>) {
  const server = s.world.server.id;
  return s.world.running.observe
    .summary()
    .roles.filter((r) => r.guild_id === server && !r.managed && !r.default);
}

function text(draw: TextDraw): string {
  switch (draw.kind) {
    case "word":
    case "unicode":
      return draw.text;
    case "longest":
      return "y".repeat(LONGEST_MESSAGE);
    case "empty-ish":
      return ".";
    case "cancel":
      return "cancel";
  }
}

const show = (t: string) =>
  t.length > 24 ? `${JSON.stringify(t.slice(0, 12))}… (${t.length} characters)` : JSON.stringify(t);

/** Runs a refusable action: a refusal by the service is part of the line, not a failure. */
async function refusable(s: Scenario<object>, line: string, act: () => Promise<unknown>): Promise<void> {
  try {
    await act();
    s.say(line);
  } catch (error) {
    if (!(error instanceof DevApiError)) throw error;
    s.say(`${line} (the service refuses: ${error.status} ${error.apiCode})`);
  }
}

/** Runs one step against the world, and adds its line to the trace. */
export async function runStep(s: Scenario<object>, action: Action): Promise<void> {
  switch (action.t) {
    case "use":
      return use(s, action);
    case "say": {
      const who = pick(actors(s), action.who)!;
      const where = pick(channels(s), action.where);
      if (!where) return s.say(`${who.username} has no channel to speak in`);
      const said = text(action.text);
      return refusable(s, `${who.username} says ${show(said)} in #${where.name}`, () =>
        who.say(where.id, said),
      );
    }
    case "react": {
      const who = pick(actors(s), action.who)!;
      const where = pick(channels(s), action.where);
      const last = where && [...s.posts].reverse().find((p) => p.channelId === where.id);
      if (!where || !last) return s.say(`${who.username} finds nothing to react to`);
      const emoji = pick(EMOJIS, action.emoji)!;
      return refusable(s, `${who.username} reacts ${emoji} to the last message in #${where.name}`, () =>
        who.react({ id: last.id, channel_id: where.id }, emoji),
      );
    }
    case "answer":
      return answer(s, action);
    case "world":
      return change(s, action.change, "");
    case "away": {
      s.disturb();
      await s.world.faults.closeGateway(action.code);
      return change(s, action.change, `while the bot is away (its gateway closed ${action.code}), `);
    }
    case "clock":
      return clock(s, action.ms);
    case "fault":
      return fault(s, action.fault);
    case "crash": {
      s.disturb();
      if (action.at === "now") {
        s.say("the bot crashes now");
        await s.bots.crashAndRestart();
        s.flush();
        return;
      }
      const { write, after } = action.at;
      s.bots.current.gate.arm({ k: write, after });
      return s.say(
        `the bot will crash ${after ? "after" : "before"} its ${ordinal(write)} store write from here`,
      );
    }
  }
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
  try {
    const outcome = await who.use(where.id, `/${command.name}`, options);
    s.uses.push({ outcome, line, disturbed: !s.installed });
    s.say(line);
  } catch (error) {
    if (!(error instanceof DevApiError)) throw error;
    s.say(`${line} (the service refuses: ${error.status} ${error.apiCode})`);
  }
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
        who.react({ id: asked.id, channel_id: asked.channelId }, emoji),
      );
    }
  }
  const said =
    draw.kind === "say" ? text(draw.text) : draw.kind === "repeat" ? (lastSaid(s, who.id) ?? "yes") : "yes";
  return refusable(s, `${who.username} answers the bot in ${where}: ${show(said)}`, () =>
    who.say(asked.channelId, said),
  );
}

function lastSaid(s: Scenario<object>, userId: string): string | undefined {
  return [...s.posts].reverse().find((p) => p.authorId === userId)?.content;
}

async function change(s: Scenario<object>, c: WorldChange, prefix: string): Promise<void> {
  const boss = owner(s);
  const line = (text: string) => `${prefix}${text}`;
  const server = s.world.server.id;
  switch (c.kind) {
    case "make-channel": {
      const name = `room-${s.step}`;
      return refusable(s, line(`owner makes #${name}`), () => boss.createChannel(name));
    }
    case "rename-channel": {
      const channel = pick(channels(s), c.channel);
      if (!channel) return s.say(line("owner has no channel to rename"));
      const name = `renamed-${s.step}`;
      return refusable(s, line(`owner renames #${channel.name} to #${name}`), () =>
        boss.updateChannel(channel.id, { name }),
      );
    }
    case "delete-channel": {
      const all = channels(s);
      const channel = pick(all, c.channel);
      if (!channel || all.length < 2) return s.say(line("owner keeps the last channel"));
      return refusable(s, line(`owner deletes #${channel.name}`), () => boss.deleteChannel(channel.id));
    }
    case "make-role": {
      const name = `role-${s.step}`;
      return refusable(s, line(`owner makes the role @${name}`), () =>
        boss.createRole(name, ["manage_messages"]),
      );
    }
    case "rename-role": {
      const role = pick(roles(s), c.role);
      if (!role) return s.say(line("owner has no role to rename"));
      const name = `renamed-${s.step}`;
      return refusable(s, line(`owner renames @${role.name} to @${name}`), () =>
        s.dev.call("updateRole", {
          params: { guild_id: server, role_id: role.id },
          body: { name },
          as: boss,
        }),
      );
    }
    case "delete-role": {
      const role = pick(roles(s), c.role);
      if (!role) return s.say(line("owner has no role to delete"));
      return refusable(s, line(`owner deletes @${role.name}`), () =>
        s.dev.call("deleteRole", { params: { guild_id: server, role_id: role.id }, as: boss }),
      );
    }
    case "give-role": {
      const role = pick(roles(s), c.role);
      const person = pick(actors(s), c.person)!;
      if (!role) return s.say(line("owner has no role to give"));
      const held = s.world.running.observe.memberRoles(server, person.id) ?? [];
      return refusable(s, line(`owner gives @${role.name} to ${person.username}`), () =>
        s.dev.call("updateMember", {
          params: { guild_id: server, user_id: person.id },
          body: { roles: [...new Set([...held, role.id])] },
          as: boss,
        }),
      );
    }
    case "overwrite": {
      const channel = pick(channels(s), c.channel);
      const role = pick([{ id: server, name: "everyone" }, ...roles(s)], c.role)!;
      if (!channel) return s.say(line("owner has no channel to change"));
      return refusable(s, line(`owner denies @${role.name} ${c.deny} in #${channel.name}`), () =>
        s.dev.call("updateChannel", {
          params: { channel_id: channel.id },
          body: { overwrites: [{ id: role.id, type: "role", allow: [], deny: [c.deny] }] },
          as: boss,
        }),
      );
    }
    case "leave": {
      const person = pick(actors(s), c.person)!;
      return refusable(s, line(`${person.username} leaves the server`), () => person.leave());
    }
    case "join": {
      const person = pick(actors(s), c.person)!;
      return refusable(s, line(`${person.username} joins the server`), () => person.join());
    }
    case "uninstall": {
      if (!s.installed) return s.say(line("the bot is already removed"));
      s.disturb();
      s.installed = false;
      return refusable(s, line("owner removes the bot from the server"), () =>
        s.dev.call("uninstallApp", { params: { guild_id: server, app_id: s.world.app.id } }),
      );
    }
    case "reinstall": {
      if (s.installed || !s.install) return s.say(line("the bot is already in the server"));
      s.installed = true;
      const body = { application_id: s.world.app.id, ...s.install };
      return refusable(s, line("owner adds the bot back"), () =>
        s.dev.call("installApp", { params: { guild_id: server }, body: body as never }),
      );
    }
  }
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
 * Moves the world's clock by `ms` in ticks, letting the bot settle after each: 1 s ticks through
 * the first 10 s (a retry after a 429, the 3-second window), 1 min ticks to 15 min (a question's
 * time, an interaction's follow-ups), then the rest at once. One jump would fire a retry's timer and
 * the deadline after it before the retried call reaches the server, which no real clock does.
 */
export async function moveClock(s: Scenario<object>, ms: number): Promise<void> {
  let moved = 0;
  while (moved < ms) {
    const tick = moved < 10_000 ? 1_000 : moved < 15 * 60_000 ? 60_000 : ms - moved;
    const by = Math.min(tick, ms - moved);
    await s.world.clock.advance(by);
    moved += by;
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
      const route = pick(ROUTES, f.route)!;
      s.say(
        `the service answers ${f.status} to the bot's next ${f.count === 1 ? "call" : `${f.count} calls`} to ${route}`,
      );
      await s.world.faults.http(f.status, { count: f.count, pathPrefix: route });
      return;
    }
    case "latency": {
      const route = pick(ROUTES, f.route)!;
      s.say(`the service holds the bot's next call to ${route} for ${duration(f.ms)} of the clock`);
      await s.world.faults.latency(f.ms, { pathPrefix: route });
      return;
    }
  }
}
