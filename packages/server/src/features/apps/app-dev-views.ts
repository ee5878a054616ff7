import type { DevApplication, DevInstall } from "@chatbot/protocol/dev";
import { serializeApplication } from "../../kernel/actors/user-serializer.js";
import type { AppRecord, InstallRecord } from "../../kernel/world/records.js";

/** The application object plus the dev settings `enabled` and `privileged_intents`. */
export function devApplication(app: AppRecord): DevApplication {
  return {
    ...serializeApplication(app),
    enabled: app.enabled,
    privileged_intents: [...app.privileged_intents],
  };
}

/** The answer of an install. */
export function devInstall(install: InstallRecord): DevInstall {
  return {
    guild_id: install.guild_id,
    application_id: install.application_id,
    scopes: [...install.scopes],
    intents: [...install.intents],
    role_id: install.role_id,
  };
}
