import { readFileSync } from "node:fs";
import { validate } from "@chatbot/protocol";
import type { StoredRows } from "../kernel/store/store.js";
import { SeedError } from "./seed-error.js";
import { seedToRows } from "./seed-rows.js";
import { type ParsedSeedWorld, type SeedWorld, SeedWorldSchema } from "@chatbot/protocol/dev";

/** Validates a seed object's shape only; {@link seedToRows} checks the references. */
function parseSeedShape(input: unknown): ParsedSeedWorld {
  const result = validate(SeedWorldSchema, input, { refuseUnknownKeys: true });
  if (!result.success) throw new SeedError(result.errors);
  return result.output;
}

/**
 * Validates a seed object, its shape and every reference between its parts; a {@link SeedError}
 * names the bad paths. Keys the seed shape does not know are refused at any depth.
 */
export function parseSeed(input: unknown): ParsedSeedWorld {
  const parsed = parseSeedShape(input);
  seedToRows(parsed, 0);
  return parsed;
}

/** The JSON of a seed file; a {@link SeedError} naming the file when it cannot be read or parsed. */
function readSeedJson(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new SeedError(
      { "": [`cannot be read: ${error instanceof Error ? error.message : String(error)}`] },
      path,
    );
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new SeedError(
      { "": [`is not JSON: ${error instanceof Error ? error.message : String(error)}`] },
      path,
    );
  }
}

/** `fn()`, with a {@link SeedError} it throws naming the file `path`. */
function inFile<T>(path: string, fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    throw error instanceof SeedError ? error.inFile(path) : error;
  }
}

/**
 * Reads and validates a seed file (JSON in the shape of `GET /dev/v1/world`). Throws a
 * {@link SeedError} naming the file and the bad path (`channels.3.guild_id`), or the file and the
 * reason it could not be read or parsed.
 */
export function loadSeedFile(path: string): SeedWorld {
  const json = readSeedJson(path);
  return inFile(path, () => parseSeed(json));
}

/**
 * The world's rows of a seed (a file path or an object), each check made once: the shape, then the
 * references while the rows are built (what {@link loadSeedFile} and {@link parseSeed} then
 * {@link seedToRows} would do with two passes of the second). Errors as {@link loadSeedFile}'s.
 */
export function seedRows(seed: string | SeedWorld, now: number): StoredRows {
  if (typeof seed !== "string") return seedToRows(parseSeedShape(seed), now);
  const json = readSeedJson(seed);
  return inFile(seed, () => seedToRows(parseSeedShape(json), now));
}
