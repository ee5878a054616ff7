import { defineBot } from "@chatbot/framework";
import { modLog } from "@chatbot/plugin-mod-log";
import { Setup, setupWizard } from "./commands/setup.js";
import { Warn } from "./commands/warn.js";
import { Warnings } from "./commands/warnings.js";

/**
 * The mod-log bot: the mod log is a plugin (`@chatbot/plugin-mod-log`), added in one line. `chatbot
 * dev` runs it as it is; main.ts and the tests add where it connects.
 */
export default defineBot({
  commands: [Warn, Warnings, Setup],
  conversations: [setupWizard],
  // Logs into #mod-log, or into the channel a server chose with /setup (saved under settings:<id>).
  plugins: [modLog({ channel: "mod-log", channelSetting: "settings:" })],
});
