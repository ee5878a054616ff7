import { defineBot } from "@chatbot/framework";
import { Echo } from "./commands/echo.js";
import { Ping } from "./commands/ping.js";
import { Welcome } from "./listeners/welcome.js";

/** The bot: `chatbot dev` runs it as it is; main.ts and the tests add where it connects. */
export default defineBot({ commands: [Ping, Echo], listeners: [Welcome] });
