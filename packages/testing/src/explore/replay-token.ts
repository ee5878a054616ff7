import { TestingError } from "../errors.js";
import type { ActionWeights } from "./actions.js";

/** What a replay token holds: fast-check's seed and path to the shrunk scenario, and how it was drawn. */
export interface ReplayCoordinate {
  readonly seed: number;
  readonly path: string;
  readonly steps: number;
  readonly weights: ActionWeights;
  readonly words: readonly string[];
}

const PREFIX = "explore1:";

/** The token of a coordinate: `explore1:` and base64url JSON. */
export function encodeReplay(coordinate: ReplayCoordinate): string {
  return PREFIX + Buffer.from(JSON.stringify(coordinate)).toString("base64url");
}

/** The coordinate of a token; a token that is not one throws `TestingError` (`bad_replay_token`). */
export function decodeReplay(token: string): ReplayCoordinate {
  const bad = (why: string) =>
    new TestingError("bad_replay_token", `explore: not a replay token (${why}): ${token.slice(0, 40)}`);
  if (!token.startsWith(PREFIX)) throw bad(`it starts with ${PREFIX}`);
  let parsed: Partial<ReplayCoordinate>;
  try {
    parsed = JSON.parse(
      Buffer.from(token.slice(PREFIX.length), "base64url").toString(),
    ) as Partial<ReplayCoordinate>;
  } catch {
    throw bad("its JSON does not parse");
  }
  const { seed, path, steps, weights, words } = parsed;
  if (
    typeof seed !== "number" ||
    typeof path !== "string" ||
    typeof steps !== "number" ||
    typeof weights !== "object" ||
    !Array.isArray(words)
  )
    throw bad("seed, path, steps, weights and words are needed");
  return { seed, path, steps, weights, words };
}
