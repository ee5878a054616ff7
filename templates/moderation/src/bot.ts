import { defineBot } from "@chatbot/framework";
import { Setup, setupWizard } from "./commands/setup.js";
import { Warn } from "./commands/warn.js";
import { Warnings } from "./commands/warnings.js";
import { AuditLogWatch } from "./listeners/audit-log.js";

/** The mod-log bot: `chatbot dev` runs it as it is; main.ts and the tests add where it connects. */
export default defineBot({
  commands: [Warn, Warnings, Setup],
  listeners: [AuditLogWatch],
  conversations: [setupWizard],
});
