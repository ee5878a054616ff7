/**
 * A seed world that cannot be loaded: `path` names the bad place (`channels.3.guild_id`) and `file`
 * the seed file when there is one. As an API error it answers `400 invalid_body`.
 */
export class SeedError extends Error {
  readonly code = "invalid_seed";
  readonly status = 400;

  constructor(
    readonly errors: Record<string, string[]>,
    readonly file: string | null = null,
  ) {
    const where = file === null ? "seed" : `seed file ${file}`;
    const detail = Object.entries(errors)
      .map(([path, messages]) => `${path === "" ? "(root)" : path}: ${messages.join(", ")}`)
      .join("; ");
    super(`${where} is invalid: ${detail}`);
    this.name = "SeedError";
  }

  /** One bad place. */
  static at(path: string, message: string): SeedError {
    return new SeedError({ [path]: [message] });
  }

  /** The same errors, naming the file. */
  inFile(file: string): SeedError {
    return new SeedError(this.errors, file);
  }
}
