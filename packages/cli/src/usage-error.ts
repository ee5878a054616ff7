/**
 * A command line that cannot run: an unknown flag, a flag without its value, a value that breaks
 * its rule. `chatbot` prints the message, then a one-line hint to `--help`, and exits with 2.
 */
export class UsageError extends Error {
  readonly code = "usage";

  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}
