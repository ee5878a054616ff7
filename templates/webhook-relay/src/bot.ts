import { defineBot } from "@chatbot/framework";
import { Relay } from "./commands/relay.js";
import { Mirror } from "./listeners/mirror.js";
import { RelayConfig } from "./relay-config.js";

/** The relay bot: its settings come from the environment (see .env.example and relay-config.ts). */
export default defineBot({
  commands: [Relay],
  listeners: [Mirror],
  messageContent: true,
  providers: [{ provide: RelayConfig, useValue: RelayConfig.fromEnv() }],
});
