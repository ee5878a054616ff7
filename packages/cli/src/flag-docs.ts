import { DEV_OPTIONS } from "./dev/dev-options.js";
import { SYNC_OPTIONS } from "./dev/sync-options.js";
import type { FlagSpec } from "./flag-spec.js";
import { SERVER_OPTIONS } from "./server-options.js";

/** Every command's flag table, by command: what `--help` shows and what docs/cli.md lists. */
export const FLAG_TABLES: Record<string, Record<string, FlagSpec>> = {
  server: SERVER_OPTIONS,
  dev: DEV_OPTIONS,
  sync: SYNC_OPTIONS,
};

function defaultOf(spec: FlagSpec): string {
  if (spec.defaultDescription !== undefined) return spec.defaultDescription;
  if (spec.default === undefined) return "none";
  if (spec.default === false) return "off";
  if (spec.default === true) return "on";
  return `\`${String(spec.default)}\``;
}

/** The flag as `--help` names it; a boolean on by default says how to switch it off in its text. */
function flagOf(name: string, spec: FlagSpec): string {
  if (spec.type === "boolean") return `\`--${name}\``;
  if (spec.optionalValue) return `\`--${name}[=<${spec.value ?? "value"}>]\``;
  return `\`--${name} <${spec.value ?? "value"}>\``;
}

/**
 * A description as Markdown table text: `|` escaped, and `<`, `>` as entities, so `Dev <key>`
 * reads the same on GitHub and is no tag to the documentation site's Vue compiler.
 */
function cellOf(text: string): string {
  return text.replaceAll("|", "\\|").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}

/** One command's flags as a Markdown table (Flag, Meaning, Default), from its table alone. */
export function flagTable(options: Record<string, FlagSpec>): string {
  const rows = Object.entries(options).map(
    ([name, spec]) =>
      `| ${flagOf(name, spec)} | ${cellOf(String(spec.describe ?? ""))} | ${defaultOf(spec)} |`,
  );
  return ["| Flag | Meaning | Default |", "| --- | --- | --- |", ...rows].join("\n");
}

/**
 * `page` with each `<!-- flags: <command> -->` … `<!-- /flags -->` section replaced by that
 * command's table: how docs/cli.md is kept equal to the tables (`npm run docs:cli`).
 */
export function withFlagTables(page: string): string {
  return page.replace(/<!-- flags: (\w+) -->\n[\s\S]*?<!-- \/flags -->/g, (_whole, command: string) => {
    const table = FLAG_TABLES[command];
    if (!table) throw new Error(`docs/cli.md names flags of an unknown command: ${command}`);
    return `<!-- flags: ${command} -->\n${flagTable(table)}\n<!-- /flags -->`;
  });
}
