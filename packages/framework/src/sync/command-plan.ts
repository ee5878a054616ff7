import type { CommandCreateBody, SlashCommand } from "@chatbot/protocol";
import type { RestClient } from "@chatbot/rest";
import { type CommandDefinition, scopesOf } from "../definitions/command-definition.js";
import { changedFields, normalizeCommand } from "./normalize-command.js";

/** A command whose registration differs, and in which fields. */
export interface CommandChange {
  readonly name: string;
  readonly fields: readonly string[];
}

/** What syncing one scope (`"global"` or a server id) would do. */
export interface ScopePlan {
  readonly scope: string;
  readonly added: readonly string[];
  readonly changed: readonly CommandChange[];
  readonly removed: readonly string[];
  readonly unchanged: readonly string[];
  /** The bodies a write of this scope sends (every wanted command of the scope). */
  readonly bodies: readonly CommandCreateBody[];
}

/** The difference between the bot's commands and what is registered, scope by scope. */
export interface SyncPlan {
  readonly scopes: readonly ScopePlan[];
}

/** Whether a scope's plan needs a write. */
export function scopeChanges(plan: ScopePlan): boolean {
  return plan.added.length + plan.changed.length + plan.removed.length > 0;
}

/** Whether any scope of the plan needs a write. */
export function planChanges(plan: SyncPlan): boolean {
  return plan.scopes.some(scopeChanges);
}

/** The plan as short lines: `global: + roll, ~ echo (description), - old`, or `commands unchanged`. */
export function describePlan(plan: SyncPlan): string {
  const lines = plan.scopes.filter(scopeChanges).map((s) => {
    const parts = [
      ...s.added.map((n) => `+ ${n}`),
      ...s.changed.map((c) => `~ ${c.name} (${c.fields.join(", ")})`),
      ...s.removed.map((n) => `- ${n}`),
    ];
    return `${s.scope === "global" ? "global" : `server ${s.scope}`}: ${parts.join(", ")}`;
  });
  return lines.length === 0 ? "commands unchanged" : lines.join("; ");
}

/** Compares the wanted commands of one scope with the registered ones. */
export function planScope(
  scope: string,
  wanted: readonly CommandCreateBody[],
  registered: readonly SlashCommand[],
): ScopePlan {
  const have = new Map(registered.map((c) => [c.name, normalizeCommand(c)]));
  const added: string[] = [];
  const changed: CommandChange[] = [];
  const unchanged: string[] = [];
  for (const body of wanted) {
    const current = have.get(body.name);
    if (!current) {
      added.push(body.name);
      continue;
    }
    const fields = changedFields(normalizeCommand(body), current);
    if (fields.length > 0) changed.push({ name: body.name, fields });
    else unchanged.push(body.name);
  }
  const names = new Set(wanted.map((b) => b.name));
  const removed = registered.filter((c) => !names.has(c.name)).map((c) => c.name);
  return { scope, added, changed, removed, unchanged, bodies: wanted };
}

/**
 * Plans the sync: the global scope (unless a development server takes every command), and every
 * server a command names. One `GET` per scope; nothing is written.
 */
export async function planSync(
  rest: RestClient,
  definitions: readonly CommandDefinition[],
  devGuild: string | undefined,
): Promise<SyncPlan> {
  const wanted = new Map<string, CommandCreateBody[]>();
  if (devGuild === undefined) wanted.set("global", []);
  else wanted.set(devGuild, []);
  for (const d of definitions) {
    for (const scope of scopesOf(d, devGuild)) wanted.set(scope, [...(wanted.get(scope) ?? []), d.body]);
  }
  const scopes = await Promise.all(
    [...wanted].map(async ([scope, bodies]) => {
      const registered =
        scope === "global" ? await rest.getGlobalCommands() : await rest.getGuildCommands(scope);
      return planScope(scope, bodies, registered);
    }),
  );
  return { scopes };
}

/** Writes each scope that differs, with one `PUT` each; returns the scopes written. */
export async function applyPlan(rest: RestClient, plan: SyncPlan): Promise<string[]> {
  const written: string[] = [];
  for (const scope of plan.scopes.filter(scopeChanges)) {
    if (scope.scope === "global") await rest.setGlobalCommands(scope.bodies);
    else await rest.setGuildCommands(scope.scope, scope.bodies);
    written.push(scope.scope);
  }
  return written;
}
