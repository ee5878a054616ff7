import { refusalCode, refusalMessage } from "@chatbot/protocol/dev";
import type { BotHandlerError } from "./diagnostics.js";

/** The base of every error this package throws; `code` is stable and safe to test against. */
export class TestingError extends Error {
  constructor(
    readonly code: string,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** A world description (or seed) that cannot be built; `field` is the path of the bad part. */
export class WorldDescriptionError extends TestingError {
  constructor(
    readonly field: string,
    rule: string,
    options?: ErrorOptions,
  ) {
    super("invalid_world", `${field}: ${rule}`, options);
  }
}

/**
 * The dev API refused a person's action (or a setup call): `status` and `apiCode` are the server's
 * answer (`403 missing_permission`, `404 unknown_channel`…), `body` the whole error body.
 */
export class DevApiError extends TestingError {
  readonly apiCode: string;

  constructor(
    readonly method: string,
    readonly path: string,
    readonly status: number,
    readonly body: unknown,
    readonly actor: string | null,
    options?: ErrorOptions,
  ) {
    super("dev_api_refused", refusalMessage(method, path, status, body, actor), options);
    this.apiCode = refusalCode(body, status);
  }
}

/** A wait ran out of real time; `seen` lists what happened meanwhile, one line each. */
export class WaitTimeoutError extends TestingError {
  constructor(
    readonly waitedFor: string,
    readonly timeoutMs: number,
    readonly seen: readonly string[],
  ) {
    const meanwhile =
      seen.length === 0
        ? "nothing arrived meanwhile"
        : `meanwhile:\n${seen.map((s) => `  - ${s}`).join("\n")}`;
    super("wait_timeout", `waited ${timeoutMs} ms for ${waitedFor}; ${meanwhile}`);
  }
}

/** A command use ended without the answer a test waited for (unanswered, or never delivered). */
export class NotAnsweredError extends TestingError {
  constructor(
    readonly command: string,
    readonly state: string,
    readonly notice: string | null,
  ) {
    super(
      "not_answered",
      `${command} was not answered: the interaction is ${state}${notice ? ` (notice ${notice})` : ""}`,
    );
  }
}

/** The world was closed while something still waited on it. */
export class WorldClosedError extends TestingError {
  constructor(waitedFor: string) {
    super("world_closed", `the world was closed while waiting for ${waitedFor}`);
  }
}

/**
 * A framework bot's handlers threw while the world ran (reported through `onError:
 * world.onBotError`) and the test did not take the errors (`world.takeBotErrors()`): `close()` fails
 * with each error and where it was thrown, so a bot's failure never hides behind a timed-out wait.
 */
export class BotErrorsError extends TestingError {
  constructor(readonly errors: readonly BotHandlerError[]) {
    const lines = errors.map(({ error, where }) => {
      const text =
        error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
      return `  - in ${where}: ${text.replaceAll("\n", "\n    ")}`;
    });
    super(
      "bot_errors",
      `the bot's handlers threw ${errors.length} time(s) during the test:\n${lines.join("\n")}`,
      {
        cause: errors[0]?.error,
      },
    );
  }
}
