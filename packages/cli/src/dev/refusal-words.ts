import { type DevCommandView, isDevApiError, optionRefusal } from "@chatbot/protocol/dev";
import { commandUsage, optionLines } from "./command-line.js";

/** The error body of a refusal: its message and its problems by field. */
interface RefusalBody {
  readonly message?: unknown;
  readonly errors?: Readonly<Record<string, readonly string[]>>;
}

const bodyOf = (body: unknown): RefusalBody => (typeof body === "object" && body !== null ? body : {});

/**
 * What the prompt says when the service refuses something it was asked: the service's words and
 * code (`missing the permission send_messages (missing_permission)`), then one line per bad field;
 * any other error by its message.
 */
export function describeRefusal(error: unknown): string[] {
  if (!isDevApiError(error)) return [error instanceof Error ? error.message : String(error)];
  const body = bodyOf(error.body);
  const message = typeof body.message === "string" ? body.message : `answered ${error.status}`;
  const fields = Object.entries(body.errors ?? {}).map(
    ([path, problems]) => `  ${path}: ${problems.join("; ")}`,
  );
  return [`refused: ${message} (${error.apiCode})`, ...fields];
}

/** A use of a command as typed: its name and the options given, in order. */
export interface TypedUse {
  readonly name: string;
  readonly options: readonly { readonly name: string }[];
}

/**
 * Why the service refused a use of a command, in words: which rule (the service's own words, as the
 * web console shows them beside the form's fields), which option, and what to change: the
 * command's usage and options, or the commands there are for a name that is none of them.
 * `commands` are those of the channel (null when they could not be read).
 */
export function describeUseRefusal(
  error: unknown,
  use: TypedUse,
  commands: readonly DevCommandView[] | null,
): string[] {
  if (!isDevApiError(error)) return describeRefusal(error);
  if (error.apiCode === "unknown_command") {
    const names = (commands ?? []).map((c) => `/${c.name}`);
    return [
      `/${use.name}: there is no command of that name here (unknown_command).`,
      names.length > 0
        ? `The commands here: ${names.join(", ")}; :help lists them with their options, Tab completes them.`
        : "No bot has commands here yet.",
    ];
  }
  if (error.apiCode !== "invalid_options") return [`/${use.name} ${describeRefusal(error).join("\n")}`];
  const { byOption, general } = optionRefusal(bodyOf(error.body).errors ?? {}, use.options);
  const lines = [
    `/${use.name} was refused (invalid_options):`,
    ...Object.entries(byOption).map(([name, problem]) => `  ${name}: ${problem}`),
    ...general.map((problem) => `  ${problem}`),
  ];
  const command = commands?.find((c) => c.name === use.name);
  if (command) lines.push(`Write it as ${commandUsage(command)}`, ...optionLines(command, "  "));
  return lines;
}
