import type { Options } from "yargs";

/** A flag as the tables declare it: yargs' options, plus the name of its value in the docs. */
export type FlagSpec = Options & {
  readonly value?: string;
  /** The value may be left out (`--inspect` or `--inspect=9230`): documented as `--flag[=<value>]`. */
  readonly optionalValue?: boolean;
};
