import { TestingError } from "../errors.js";

/** The lines numbered as steps; what happened within a step (`  … the bot crashes`) under it. */
function numbered(lines: readonly string[]): string[] {
  let n = 0;
  return lines.map((line) => (line.startsWith("  …") ? `    ${line.trimStart()}` : `  ${++n}. ${line}`));
}

/**
 * An exploration found a scenario that breaks an invariant: `steps` are its lines, shrunk by
 * fast-check to the fewest that still break it; `replay` is the token that runs exactly them again
 * (`explore({ ..., replay })`, `replay(token, options)` or `CHATBOT_EXPLORE_REPLAY`).
 */
export class ExplorationFailedError extends TestingError {
  constructor(
    /** The invariant broken: `the bot threw`, `every command use answered`, or an author's name. */
    readonly invariant: string,
    /** What broke it, in a sentence. */
    readonly broke: string,
    /** The steps of the shrunk scenario, as a person reads them. */
    readonly steps: readonly string[],
    /** How many steps were drawn in the shrunk scenario (lines of nothing to do included). */
    readonly size: number,
    /** How many steps the scenario that failed first had. */
    readonly firstSteps: number,
    readonly replay: string,
    options?: ErrorOptions,
  ) {
    super(
      "exploration_failed",
      [
        `explore: ${invariant} broke after ${size} drawn step${size === 1 ? "" : "s"} (shrunk from ${firstSteps}):`,
        ...numbered(steps),
        `  broke: ${broke}`,
        `replay: explore({ ..., replay: "${replay}" })`,
      ].join("\n"),
      options,
    );
  }
}

/** What one scenario throws when an invariant breaks: the lines so far and what broke. */
export class ScenarioBroke extends Error {
  constructor(
    readonly invariant: string,
    readonly broke: string,
    readonly lines: readonly string[],
    readonly actions: number,
  ) {
    super(`${invariant}: ${broke}\n${lines.join("\n")}`);
    this.name = "ScenarioBroke";
  }
}
