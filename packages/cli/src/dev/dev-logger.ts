import { Logger, type LogLevel } from "@chatbot/framework";
import type { Output } from "../server-command.js";

/** The time of day as `HH:MM:SS.mmm`, as the request log writes it. */
export function timeOfDay(at = new Date()): string {
  return at.toISOString().slice(11, 23);
}

/**
 * The bot's log in `chatbot dev`: one line per interaction (command, person, outcome, time to the
 * first callback) and every warning and error; each generation's own start lines are left out, as
 * the reload line says it all.
 */
export class DevLogger extends Logger {
  constructor(private readonly output: Output) {
    super();
  }
  log(level: LogLevel, message: string): void {
    if (level === "debug") return;
    if (level === "info" && (message.startsWith("ready in ") || message.startsWith("commands: "))) return;
    const line = `${timeOfDay()} ${level === "info" ? "" : `${level} `}${message}`;
    if (level === "info") this.output.out(line);
    else this.output.err(line);
  }
}
