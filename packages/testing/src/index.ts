export { AppHandle, type ConnectedOptions, type GatewaySession } from "./app-handle.js";
export {
  buildSeed,
  type BuiltSeed,
  DEFAULT_APP_INTENTS,
  DEFAULT_APP_PERMISSIONS,
  DEFAULT_APP_SCOPES,
} from "./build-seed.js";
export { createTestWorld } from "./create-test-world.js";
export type { BotFailurePlace, BotHandlerError } from "./diagnostics.js";
export {
  BotErrorsError,
  DevApiError,
  NotAnsweredError,
  TestingError,
  WaitTimeoutError,
  WorldClosedError,
  WorldDescriptionError,
} from "./errors.js";
export { Faults, type FaultMatch, type PendingFault } from "./faults.js";
export { ChannelHandle, type IdRef, RoleHandle, ServerHandle } from "./handles.js";
export type { AuthorRef, MessageFilter } from "./message-log.js";
export { Outcome, type OutcomeView } from "./outcome.js";
export {
  type MessageRef,
  type ModerationOptions,
  type OptionValue,
  type OverwriteChange,
  Person,
} from "./person.js";
export { TestWorld } from "./test-world.js";
export type {
  AppNames,
  ChannelNames,
  Keys,
  Named,
  PeopleNames,
  RoleNames,
  ServerNames,
  ServersOf,
} from "./world-names.js";
export type {
  AppDescription,
  ChannelDescription,
  OverwriteDescription,
  PersonDescription,
  RoleDescription,
  ServerDescription,
  TestWorldOptions,
  WorldDescription,
} from "./world-description.js";
export * from "./explore/index.js";
