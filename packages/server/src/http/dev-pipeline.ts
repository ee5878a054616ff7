import { timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import { InvalidBodyError, UnauthorizedError, UnknownObjectError } from "../kernel/errors/api-error.js";
import { UnknownRouteError } from "../kernel/errors/http-errors.js";
import { isSnowflake } from "../kernel/ids.js";
import type { PersonActor } from "../kernel/actors/actor.js";
import { usersNamed } from "../kernel/actors/users.js";
import type { UserRecord } from "../kernel/world/records.js";
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

/**
 * The user `given` names: the user with that id, else the one with that username (usernames are
 * unique, compared case-insensitively), else none.
 */
function findUser(runtime: ServerRuntime, given: string): UserRecord | undefined {
  const users = runtime.core.world.tables.users;
  const byId = isSnowflake(given) ? users.get(given) : undefined;
  if (byId) return byId;
  const named = usersNamed(runtime.core, given);
  // A seed may give two users one username; the dev API never does.
  if (named.size > 1)
    throw InvalidBodyError.at("X-Dev-User", `the username ${given} names more than one user; give the id`);
  return named.values().next().value;
}

/**
 * The person named by `X-Dev-User` (an id or a username), or null when the header is absent. Nobody
 * with that id or username answers `404 unknown_user` naming the header; a bot, `400`.
 */
export function devPerson(runtime: ServerRuntime, req: IncomingMessage): PersonActor | null {
  const header = req.headers["x-dev-user"];
  if (header === undefined) return null;
  const given = (Array.isArray(header) ? header[0] : header)?.trim() ?? "";
  if (given === "") throw InvalidBodyError.at("X-Dev-User", "must be the id or username of a person");
  const user = findUser(runtime, given);
  if (!user)
    throw new UnknownObjectError(
      "user",
      `X-Dev-User: no user has the id or username ${JSON.stringify(given)}`,
    );
  if (user.bot)
    throw InvalidBodyError.at("X-Dev-User", "must be a person: bots act through /v1 with their token");
  return { kind: "person", user };
}
