import { FrameworkError } from "../errors.js";

/**
 * A conversation used against its rules: a bad definition, data that is not JSON or too large, a
 * step name that does not exist. `code` says which rule (`bad_conversation`, `unknown_step`,
 * `data_too_large`, `not_in_a_server`).
 */
export class ConversationError extends FrameworkError {
  override readonly name = "ConversationError";
}
