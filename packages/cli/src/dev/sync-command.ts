import { existsSync, rmSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { createBot, describePlan, planChanges, scopeChanges } from "@chatbot/framework";
import type { Output } from "../server-command.js";
import { UsageError } from "../usage-error.js";
import { pathToFileURL } from "node:url";
import { stateFolder } from "./bot-host.js";
import { BotCompiler } from "./compile.js";
import { importDefinition } from "./entry.js";
import { describeFailure } from "./failure.js";

/** Parsed `chatbot sync` flags. */
export interface SyncFlags {
  entry: string;
  "dry-run": boolean;
  token?: string | undefined;
  "base-url"?: string | undefined;
}

/**
 * `chatbot sync [entry]`: loads the bot's code as `chatbot dev` does, compares its commands with
 * what the service has registered, prints the plan, and writes it (one `PUT` per scope that
 * differs) unless `--dry-run`. Works against any service: the reference server or the real one.
 */
export async function runSync(flags: SyncFlags, output: Output, env = process.env): Promise<void> {
  const token = flags.token ?? env.CHATBOT_TOKEN;
  const baseUrl = flags["base-url"] ?? env.CHATBOT_BASE_URL;
  if (!token) throw new UsageError("the bot token is missing: set CHATBOT_TOKEN or give --token");
  if (!baseUrl)
    throw new UsageError("the service's address is missing: set CHATBOT_BASE_URL or give --base-url");
  const root = process.cwd();
  const entry = resolve(root, flags.entry);
  if (!existsSync(entry)) {
    throw new UsageError(`the entry ${flags.entry} does not exist (looked for ${entry})`);
  }
  const top = relative(root, entry).split(sep)[0]!;
  const out = join(stateFolder(root), "sync-build");
  rmSync(out, { recursive: true, force: true });
  try {
    const compiler = new BotCompiler(root, join(root, top), out);
    const url = pathToFileURL(compiler.builtPath(await compiler.build(), entry)).href;
    const definition = await importDefinition(url, relative(root, entry));
    const bot = createBot({ ...definition, token, baseUrl, logger: "silent" });
    const plan = await bot.plan();
    output.out(`plan: ${describePlan(plan)}`);
    if (!planChanges(plan)) return;
    if (flags["dry-run"]) {
      output.out("dry run: nothing written");
      return;
    }
    await bot.sync();
    output.out(`written: ${plan.scopes.filter(scopeChanges).length} scope(s), one PUT each`);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    output.err(`chatbot sync: ${describeFailure(error, root)}`);
    process.exitCode = 1;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
