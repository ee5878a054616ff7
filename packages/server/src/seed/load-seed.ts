import { readFileSync } from "node:fs";
import { validate } from "@chatbot/protocol";
import { SeedError } from "./seed-error.js";
import { seedToRows } from "./seed-rows.js";
import { type ParsedSeedWorld, type SeedWorld, SeedWorldSchema } from "./seed-schema.js";

/**
 * Validates a seed object, its shape and every reference between its parts; a {@link SeedError}
 * names the bad paths. Keys the seed shape does not know are refused at any depth.
 */
export function parseSeed(input: unknown): ParsedSeedWorld {
  const result = validate(SeedWorldSchema, input, { refuseUnknownKeys: true });
  if (!result.success) throw new SeedError(result.errors);
  seedToRows(result.output, 0);
  return result.output;
}

/**
 * Reads and validates a seed file (JSON in the shape of `GET /dev/v1/world`). Throws a
 * {@link SeedError} naming the file and the bad path (`channels.3.guild_id`), or the file and the
 * reason it could not be read or parsed.
 */
export function loadSeedFile(path: string): SeedWorld {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new SeedError(
      { "": [`cannot be read: ${error instanceof Error ? error.message : String(error)}`] },
      path,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new SeedError(
      { "": [`is not JSON: ${error instanceof Error ? error.message : String(error)}`] },
      path,
    );
  }
  try {
    return parseSeed(json);
  } catch (error) {
    throw error instanceof SeedError ? error.inFile(path) : error;
  }
}
