import { timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import { InvalidBodyError, UnauthorizedError, UnknownObjectError } from "../errors/api-error.js";
import { UnknownRouteError } from "../errors/http-errors.js";
import { isSnowflake } from "../ids.js";
import type { PersonActor } from "../ops/actor.js";
import type { DevAccess, ServerRuntime } from "./runtime.js";

function sameKey(given: string, key: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(key);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Who may use `/dev/v1`: on loopback anyone; bound beyond it, only `Authorization: Dev <key>` with
 * the key given at start (`401` otherwise), and without a key the dev API is off (`404`).
 */
export function checkDevAccess(
  access: DevAccess,
  headers: IncomingHttpHeaders,
  method: string,
  url: string,
): void {
  if (access.mode === "open") return;
  if (access.mode === "off") throw new UnknownRouteError(method, url.split("?")[0] ?? url);
  const header = headers.authorization;
  if (header === undefined || !header.startsWith("Dev ") || !sameKey(header.slice(4).trim(), access.key)) {
    throw new UnauthorizedError("the dev API needs Authorization: Dev <key>");
  }
}

/** The person named by `X-Dev-User`, or null when the header is absent. */
export function devPerson(runtime: ServerRuntime, req: IncomingMessage): PersonActor | null {
  const header = req.headers["x-dev-user"];
  if (header === undefined) return null;
  const id = Array.isArray(header) ? header[0] : header;
  if (id === undefined || !isSnowflake(id)) {
    throw InvalidBodyError.at("X-Dev-User", "must be the id of a person");
  }
  const user = runtime.core.world.tables.users.get(id);
  if (!user) throw new UnknownObjectError("user");
  if (user.bot)
    throw InvalidBodyError.at("X-Dev-User", "must be a person: bots act through /v1 with their token");
  return { kind: "person", user };
}
