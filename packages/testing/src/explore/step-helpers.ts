import { DevApiError } from "../errors.js";
import type { Person } from "../person.js";
import type { TextDraw } from "./actions.js";
import type { Scenario } from "./scenario.js";

const LONGEST_MESSAGE = 2_000;

/** The `n`-th of `list`, round: indexes are drawn before the world is known. */
export const pick = <T>(list: readonly T[], n: number): T | undefined =>
  list.length === 0 ? undefined : list[n % list.length];

/** The people who act (every person but the server's owner, who changes the world). */
export function actors(s: Scenario<object>): Person[] {
  const all = Object.values<Person>(s.world.people as Record<string, Person>);
  const some = all.filter((p) => p.username !== "owner");
  return some.length > 0 ? some : all;
}

export function owner(s: Scenario<object>): Person {
  const all = s.world.people as Record<string, Person>;
  return all.owner ?? Object.values(all)[0]!;
}

/** The server's text channels now, in the order the world holds them. */
export function channels(s: Scenario<object>) {
  const server = s.world.server.id;
  return s.world.running.observe.summary().channels.filter((c) => c.guild_id === server && c.kind === "text");
}

/** The roles a step may change: not the everyone role, not an app's own. */
export function roles(s: Scenario<object>) {
  const server = s.world.server.id;
  return s.world.running.observe
    .summary()
    .roles.filter((r) => r.guild_id === server && !r.managed && !r.default);
}

/** The text a draw stands for. */
export function text(draw: TextDraw): string {
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

/** A text as a line shows it: quoted, cut after 12 characters with its length. */
export const show = (t: string) =>
  t.length > 24 ? `${JSON.stringify(t.slice(0, 12))}… (${t.length} characters)` : JSON.stringify(t);

/** Runs a refusable action: a refusal by the service is part of the line, not a failure. */
export async function refusable(
  s: Scenario<object>,
  line: string,
  act: () => Promise<unknown>,
): Promise<void> {
  s.say(line);
  const at = s.lines.length - 1;
  try {
    await act();
  } catch (error) {
    if (!(error instanceof DevApiError)) throw error;
    s.lines[at] = `${line} (the service refuses: ${error.status} ${error.apiCode})`;
  }
}
