import type { DependencyContainer, InjectionToken } from "tsyringe";
import { madeHere } from "../decorators/singleton.js";
import type { ResolvedPlugin } from "./plugin-parts.js";

type Class = abstract new (...args: never[]) => unknown;

/** The containers of a bot's plugins, each a child of the bot's. */
export interface PluginContainers {
  /** The container a class is made in: its plugin's, or the bot's for the bot's own. */
  homeOf(target: Class): DependencyContainer;
  /** Each plugin's container, to dispose with the bot. */
  readonly containers: readonly DependencyContainer[];
  /** What the plugins export: resolved through the bot's container, never made again in another. */
  readonly exported: ReadonlySet<unknown>;
}

/**
 * Gives each plugin a child container of the bot's, with its providers and services in it, and
 * registers each export in the bot's container as the plugin's one instance (made, and disposed,
 * in the plugin's container). Classes of a plugin resolve the bot's services through the parent.
 */
export function makePluginContainers(
  bot: DependencyContainer,
  plugins: readonly ResolvedPlugin[],
  ownerOf: ReadonlyMap<Class, ResolvedPlugin>,
): PluginContainers {
  const byPlugin = new Map<ResolvedPlugin, DependencyContainer>();
  const exported = new Set<unknown>();
  for (const plugin of plugins) {
    const own = bot.createChildContainer();
    byPlugin.set(plugin, own);
    for (const p of plugin.parts.providers ?? []) own.registerInstance(p.provide, p.useValue);
    for (const service of plugin.parts.services ?? []) madeHere(own, service);
    for (const token of plugin.parts.exports ?? []) {
      if (typeof token === "function" && !own.isRegistered(token as InjectionToken<unknown>))
        madeHere(own, token);
      exported.add(token);
      bot.register(token as InjectionToken<unknown>, {
        useFactory: () => own.resolve(token as InjectionToken<unknown>),
      });
    }
  }
  return {
    homeOf: (target) => {
      const plugin = ownerOf.get(target);
      return (plugin && byPlugin.get(plugin)) ?? bot;
    },
    containers: [...byPlugin.values()],
    exported,
  };
}
