import type { Scope } from "@chatbot/protocol";
import type { BotOptions } from "./bot-options.js";
import { commandOptionsOf } from "../decorators/command.js";
import { scheduleSpecsOf } from "../decorators/on-schedule.js";
import { Plugin } from "../plugin/define-plugin.js";
import { type ResolvedPlugin, resolvePlugin } from "../plugin/plugin-parts.js";

type Class = abstract new (...args: never[]) => unknown;

/** The parts of a bot's options that plugins add to. */
type Pluggable = Pick<
  BotOptions,
  "plugins" | "commands" | "listeners" | "middleware" | "eventMiddleware" | "intents" | "messageContent"
>;

/** A bot's options with its plugins' parts merged in, and who owns what. */
export interface MergedPlugins<O extends Pluggable> {
  /** The options with each plugin's commands, listeners, middleware and intents added. */
  readonly options: O;
  /** The plugins, options checked and parts made, in the order listed. */
  readonly plugins: readonly ResolvedPlugin[];
  /** Each plugin's command and listener classes → their plugin (the bot's own are absent). */
  readonly ownerOf: ReadonlyMap<Class, ResolvedPlugin>;
  /** Each install scope a plugin needs → the plugins that need it. */
  readonly scopes: ReadonlyMap<Scope, readonly string[]>;
}

/**
 * Merges the bot's plugins into its options, adding to `problems` every rule broken: an entry that
 * is not a plugin, a plugin listed twice, a plugin's bad options, and a command name, job name or
 * class that two owners (the bot, or plugins) both define, naming both.
 */
export function mergePlugins<O extends Pluggable>(options: O, problems: string[]): MergedPlugins<O> {
  const listed = options.plugins ?? [];
  const empty = { options, plugins: [], ownerOf: new Map(), scopes: new Map() };
  if (!Array.isArray(listed)) {
    problems.push('plugins must be an array of plugins, such as [modLog({ channel: "mod-log" })]');
    return empty;
  }
  if (listed.length === 0) return empty;
  const owners = new Owners(problems);
  for (const target of options.commands ?? []) owners.claim(target, "the bot", "command");
  for (const target of options.listeners ?? []) owners.claim(target, "the bot", "listener");
  const plugins: ResolvedPlugin[] = [];
  const ownerOf = new Map<Class, ResolvedPlugin>();
  const commands = [...(options.commands ?? [])];
  const listeners = [...(options.listeners ?? [])];
  const scopes = new Map<Scope, string[]>();
  listed.forEach((entry: unknown, i) => {
    if (!(entry instanceof Plugin)) {
      problems.push(
        `plugins[${i}] is not a plugin: list what a plugin's function answers, modLog({ ... }) rather than modLog (or is @chatbot/framework installed twice?)`,
      );
      return;
    }
    if (plugins.some((p) => p.name === entry.name)) {
      problems.push(`plugin "${entry.name}" is listed twice; a plugin is added once`);
      return;
    }
    const plugin = resolvePlugin(entry, problems);
    if (!plugin) return;
    plugins.push(plugin);
    for (const target of plugin.parts.commands ?? []) {
      if (!owners.claim(target, plugin.label, "command")) continue;
      commands.push(target);
      ownerOf.set(target, plugin);
    }
    for (const target of plugin.parts.listeners ?? []) {
      if (!owners.claim(target, plugin.label, "listener")) continue;
      listeners.push(target);
      ownerOf.set(target, plugin);
    }
    for (const scope of plugin.parts.scopes ?? [])
      scopes.set(scope, [...(scopes.get(scope) ?? []), plugin.label]);
  });
  const fromPlugins = <T>(pick: (p: ResolvedPlugin) => readonly T[] | undefined) =>
    plugins.flatMap((p) => pick(p) ?? []);
  const merged: O = {
    ...options,
    commands,
    listeners,
    middleware: [...(options.middleware ?? []), ...fromPlugins((p) => p.parts.middleware)],
    eventMiddleware: [...(options.eventMiddleware ?? []), ...fromPlugins((p) => p.parts.eventMiddleware)],
    intents: [...(options.intents ?? []), ...fromPlugins((p) => p.parts.intents)],
    messageContent: options.messageContent === true || plugins.some((p) => p.parts.messageContent),
  };
  return { options: merged, plugins, ownerOf, scopes };
}

/** Who defines each class, command name and job name: one owner each. */
class Owners {
  readonly #classes = new Map<Class, string>();
  readonly #commands = new Map<string, { owner: string; target: Class }>();
  readonly #jobs = new Map<string, { owner: string; target: Class }>();

  constructor(private readonly problems: string[]) {}

  /** Takes `target` for `owner`; false (with the problem added) when another owner has it or its names. */
  claim(target: Class, owner: string, kind: "command" | "listener"): boolean {
    if (typeof target !== "function") return true;
    const had = this.#classes.get(target);
    if (had !== undefined) {
      if (had === owner) return true;
      this.problems.push(`${target.name} is a ${kind} of both ${had} and ${owner}; a class has one owner`);
      return false;
    }
    const name = kind === "command" ? commandOptionsOf(target)?.name : undefined;
    if (typeof name === "string") {
      const other = this.#commands.get(name);
      if (other && other.owner !== owner) {
        this.problems.push(
          `/${name} is defined by both ${other.owner} (${other.target.name}) and ${owner} (${target.name}); a command name has one owner`,
        );
        return false;
      }
    }
    const jobs = kind === "listener" ? scheduleSpecsOf(target).map((s) => s.name) : [];
    for (const job of jobs) {
      const other = this.#jobs.get(job);
      if (other && other.owner !== owner) {
        this.problems.push(
          `the job "${job}" is handled by both ${other.owner} (${other.target.name}) and ${owner} (${target.name}); a job has one handler`,
        );
        return false;
      }
    }
    this.#classes.set(target, owner);
    if (typeof name === "string") this.#commands.set(name, { owner, target });
    for (const job of jobs) this.#jobs.set(job, { owner, target });
    return true;
  }
}
