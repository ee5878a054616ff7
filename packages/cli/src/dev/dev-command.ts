import { existsSync, readFileSync, rmSync } from "node:fs";
import { basename, join, relative, resolve, sep } from "node:path";
import type { Output } from "../server-command.js";
import { UsageError } from "../usage-error.js";
import { stateFolder } from "./bot-host.js";
import type { DevFlags } from "./dev-options.js";
import { type DevProject, DevSession } from "./dev-session.js";

/** The project's name: its package.json `name` (without a scope), else its folder's name. */
function projectName(root: string): string {
  try {
    const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { name?: unknown };
    if (typeof manifest.name === "string" && manifest.name !== "")
      return manifest.name.replace(/^@[^/]+\//, "");
  } catch {
    // no package.json: the folder's name
  }
  return basename(root);
}

/** The project in the current folder, its entry checked; `.chatbot/` emptied as `flags` say. */
function devProject(flags: DevFlags): DevProject {
  const root = process.cwd();
  const entry = resolve(root, flags.entry);
  if (!existsSync(entry)) {
    throw new UsageError(
      `the entry ${flags.entry} does not exist (looked for ${entry}); give the file that default-exports defineBot({ ... })`,
    );
  }
  const top = relative(root, entry).split(sep)[0]!;
  if (top === ".." || top === relative(root, entry)) {
    throw new UsageError(
      `the entry ${flags.entry} must be inside a folder of the project, such as src/bot.ts`,
    );
  }
  const state = stateFolder(root);
  if (flags.fresh) rmSync(state, { recursive: true, force: true });
  rmSync(join(state, "build"), { recursive: true, force: true });
  return { root, entry, sources: join(root, top), state, name: () => projectName(root) };
}

/**
 * `chatbot dev [entry]`: the reference server (or `--server-url`), the development world kept in
 * `.chatbot/`, one gateway connection and REST client, and the bot's code reloaded around them on
 * every save. Resolves once stopped (SIGINT, SIGTERM, or the npm process that started it gone).
 */
export async function runDev(flags: DevFlags, output: Output): Promise<void> {
  process.setSourceMapsEnabled(true);
  const session = new DevSession(devProject(flags), flags, output);
  await session.start();
  await session.stopped;
}
