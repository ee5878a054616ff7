/**
 * The dev API refused a call: `route` is its name in the route table, `method` and `path` what was
 * sent, `status` and `apiCode` the server's answer (`403 missing_permission`, `400 invalid_body`…),
 * `body` the whole error body (its `errors` name each bad field). The message says all of it.
 */
export class DevApiError extends Error {
  /** Stable: every refusal of the dev API. */
  readonly code = "dev_api_refused";
  /** The error body's `code` (`unknown_channel`), or the status when the body had none. */
  readonly apiCode: string;

  constructor(
    readonly route: string,
    readonly method: string,
    readonly path: string,
    readonly status: number,
    readonly body: unknown,
    /** Who acted (`X-Dev-User`): their username when the caller gave it, else their id. */
    readonly actor: string | null,
    options?: ErrorOptions,
  ) {
    super(refusalMessage(method, path, status, body, actor), options);
    this.name = "DevApiError";
    this.apiCode = refusalCode(body, status);
  }

  /** The messages the server gave for one field of the body (`name`, `embeds.0.title`). */
  fieldErrors(path: string): readonly string[] {
    const errors = (this.body as { errors?: Record<string, string[]> } | undefined)?.errors;
    return errors !== undefined && Object.hasOwn(errors, path) ? errors[path]! : [];
  }
}

/** The error body's `code` as a string, or the status when the body has none. */
export function refusalCode(body: unknown, status: number): string {
  const code = (body as { code?: unknown } | null | undefined)?.code;
  return typeof code === "string" ? code : String(code ?? status);
}

/**
 * `POST /dev/v1/channels/1/messages as bob answered 404 unknown_channel: unknown channel`, then the
 * body's `errors` by field when it has them.
 */
export function refusalMessage(
  method: string,
  path: string,
  status: number,
  body: unknown,
  actor: string | null,
): string {
  const answer = (body ?? {}) as { message?: unknown; errors?: unknown };
  const who = actor === null ? "" : ` as ${actor}`;
  const detail = answer.errors === undefined ? "" : ` ${JSON.stringify(answer.errors)}`;
  const text = typeof answer.message === "string" ? `: ${answer.message}` : "";
  return `${method} ${path}${who} answered ${status} ${refusalCode(body, status)}${text}${detail}`;
}

/** Whether `error` is a {@link DevApiError}. */
export function isDevApiError(error: unknown): error is DevApiError {
  return error instanceof DevApiError;
}
