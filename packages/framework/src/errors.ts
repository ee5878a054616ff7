/** Every error the framework throws has a stable `code`. */
export class FrameworkError extends Error {
  override readonly name: string = "FrameworkError";
  constructor(
    readonly code: string,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/**
 * A bot's classes break a rule of the interface or of the framework (a bad command name, a required
 * option after an optional one, an event that does not exist). `problems` lists every one found,
 * each naming the class and member.
 */
export class DefinitionError extends FrameworkError {
  override readonly name = "DefinitionError";
  constructor(readonly problems: readonly string[]) {
    super(
      "invalid_definition",
      problems.length === 1 ? problems[0]! : `${problems.length} problems:\n- ${problems.join("\n- ")}`,
    );
  }
}

/**
 * A reply call that the interaction's state forbids: its 15 minutes are over, its 3 seconds passed
 * without an answer, or there is nothing to edit yet. Thrown before any request is made.
 */
export class InteractionStateError extends FrameworkError {
  override readonly name = "InteractionStateError";
}

/** A middleware called `next()` twice. */
export class MiddlewareError extends FrameworkError {
  override readonly name = "MiddlewareError";
}

/** Whether `error` is one of the framework's errors. */
export function isFrameworkError(error: unknown): error is FrameworkError {
  return error instanceof FrameworkError;
}
