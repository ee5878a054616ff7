export { AuditLogWatch } from "./audit-log-watch.js";
export { type AuditLogEntry, describeEntry } from "./describe-entry.js";
export { ModLog } from "./mod-log.js";
export { modLog, type ModLogOptions, ModLogOptionsSchema } from "./mod-log-plugin.js";
export { ModLogSettings } from "./mod-log-settings.js";
