export * from "./audit-log.js";
export * from "./errors.js";
export * from "./gateway-ops.js";
export * from "./intents.js";
export * from "./limits.js";
export * from "./permissions.js";
export * from "./scopes.js";
