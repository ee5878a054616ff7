export { main } from "./main.js";
export { type Output, runServer, serverOptionsFromFlags } from "./server-command.js";
export { checkServerFlags, SERVER_OPTIONS, type ServerFlags } from "./server-options.js";
export { UsageError } from "./usage-error.js";
