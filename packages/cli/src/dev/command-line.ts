import type { CommandOption } from "@chatbot/protocol";
import { type DevCommandView, optionLimits } from "@chatbot/protocol/dev";
import type { DevWorld } from "./dev-world.js";

/** What an option's value is written as in a usage line: `<integer>`, `<text>`... */
const VALUE_WORDS: Readonly<Record<number, string>> = {
  3: "text",
  4: "integer",
  5: "true|false",
  6: "@person",
  7: "#channel",
  8: "role id",
  10: "number",
};

/** `value` as the option value it stands for: a number, a boolean, @person, #channel, or text. */
function optionValue(value: string, world: DevWorld): unknown {
  if (/^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  if (value === "true" || value === "false") return value === "true";
  if (value.startsWith("@") && world.people[value.slice(1)]) return world.people[value.slice(1)];
  if (value.startsWith("#") && world.channels[value.slice(1)]) return world.channels[value.slice(1)];
  return value;
}

/** The words of a command line: spaces split them, except inside double quotes. */
function wordsOf(text: string): string[] {
  return text.match(/(?:[^\s"]+|"[^"]*"?)+/g) ?? [];
}

/** `/roll sides:6 for:@alice note:"two words"` as a command name and its options. */
export function parseCommandLine(
  line: string,
  world: DevWorld,
): { name: string; options: { name: string; value: unknown }[] } {
  const [name = "", ...rest] = wordsOf(line.slice(1));
  const options = rest.map((part) => {
    const colon = part.indexOf(":");
    if (colon <= 0) throw new Error(`options are written name:value, got ${part}`);
    const raw = part.slice(colon + 1).replace(/^"(.*)"$/, "$1");
    return { name: part.slice(0, colon), value: optionValue(raw, world) };
  });
  return { name, options };
}

/** How one option is written: `text:<text>`, `[minutes:<integer>]` when it may be left out. */
function optionUsage(option: CommandOption): string {
  const written = `${option.name}:<${VALUE_WORDS[option.type] ?? "value"}>`;
  return option.required ? written : `[${written}]`;
}

/** How `command` is used: `/poll question:<text> [minutes:<integer>]`. */
export function commandUsage(command: DevCommandView): string {
  return [`/${command.name}`, ...command.options.map(optionUsage)].join(" ");
}

/** One line per option of `command`: its name, description, type and limits, and its choices. */
export function optionLines(command: DevCommandView, indent: string): string[] {
  return command.options.map((option) => {
    const choices =
      option.choices && option.choices.length > 0
        ? `; one of ${option.choices.map((c) => JSON.stringify(c.value)).join(", ")}`
        : "";
    return `${indent}${option.name}: ${option.description} (${optionLimits(option)}${choices})`;
  });
}

/** The bot's commands as `:help` lists them: usage and description, then each option. */
export function commandList(commands: readonly DevCommandView[], channel: string): string[] {
  if (commands.length === 0) return [`No bot has commands in #${channel} (yet).`];
  return [
    `Commands in #${channel}:`,
    ...commands.flatMap((command) => [
      `  ${commandUsage(command)}  ${command.description}`,
      ...optionLines(command, "      "),
    ]),
  ];
}

/** The prompt's own commands, for completion. */
export const PROMPT_COMMANDS = [":as", ":in", ":react", ":unreact", ":advance", ":help"] as const;

/**
 * What Tab completes in `line` (the text before the cursor), as readline's completer answers it:
 * the candidates and the part of the line they replace. After `/`, the names of the commands;
 * after `/name `, the options of that command not given yet (`name:`); at `:`, the prompt's own
 * commands; at `@` and `#` in an option's value, people and channels.
 */
export function completeLine(
  line: string,
  commands: readonly DevCommandView[],
  world: DevWorld,
): [string[], string] {
  if (/^:\S*$/.test(line))
    return [PROMPT_COMMANDS.filter((c) => c.startsWith(line)).map((c) => `${c} `), line];
  if (!line.startsWith("/")) return [[], line];
  const words = wordsOf(line.slice(1));
  if (!/\s/.test(line)) {
    const typed = line.slice(1);
    const names = commands.map((c) => c.name).filter((name) => name.startsWith(typed));
    return [[...new Set(names)].map((name) => `/${name} `), line];
  }
  const command = commands.find((c) => c.name === words[0]);
  // The word being typed: none when the line ends with a space.
  const current = /\s$/.test(line) ? "" : (words.at(-1) ?? "");
  if (!command) return [[], current];
  const colon = current.indexOf(":");
  if (colon > 0) {
    const value = current.slice(colon + 1);
    const option = command.options.find((o) => o.name === current.slice(0, colon));
    const values = option ? valuesFor(option, world) : [];
    return [
      values.filter((v) => v.startsWith(value)).map((v) => `${current.slice(0, colon + 1)}${v}`),
      current,
    ];
  }
  const given = new Set(words.slice(1).map((w) => w.split(":")[0]));
  const options = command.options.filter((o) => o.name.startsWith(current) && !given.has(o.name));
  return [options.map((o) => `${o.name}:`), current];
}

/** The values Tab offers for `option`: its choices, true and false, the people or the channels. */
function valuesFor(option: CommandOption, world: DevWorld): string[] {
  if (option.choices && option.choices.length > 0) return option.choices.map((c) => String(c.value));
  if (option.type === 5) return ["true", "false"];
  if (option.type === 6) return Object.keys(world.people).map((p) => `@${p}`);
  if (option.type === 7) return Object.keys(world.channels).map((c) => `#${c}`);
  return [];
}
