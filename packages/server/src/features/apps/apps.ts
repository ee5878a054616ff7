import type { Intent } from "@chatbot/protocol";
import type { Kernel } from "../../kernel/kernel.js";
import { InvalidBodyError, UnknownObjectError } from "../../kernel/errors/api-error.js";
import type { AppRecord, ReviewState, UserRecord } from "../../kernel/world/records.js";
import { installOf } from "../../kernel/visibility/access.js";
import type { BotActor } from "../../kernel/actors/actor.js";
import { removeInstallIn } from "./installs.js";
import { hashToken, newToken } from "../../kernel/actors/tokens.js";

/** Input of {@link createApp}. */
export interface CreateAppInput {
  readonly name: string;
  readonly description?: string | undefined;
  readonly owner_id?: string | undefined;
  readonly privileged_intents?: readonly Intent[] | undefined;
}

/** What {@link createApp} made; the token is shown only here. */
export interface CreatedApp {
  readonly app: AppRecord;
  readonly bot: UserRecord;
  readonly token: string;
}

/** Creates an app with its bot account (`app_<application_id>`, `bot: true`) and a token. */
export function createApp(core: Kernel, input: CreateAppInput): CreatedApp {
  return core.transact((tx) => {
    if (input.owner_id !== undefined) {
      const owner = tx.world.tables.users.get(input.owner_id);
      if (!owner || owner.bot) throw InvalidBodyError.at("owner_id", "no such person");
    }
    const id = core.ids.next();
    const bot: UserRecord = {
      id: core.ids.next(),
      username: `app_${id}`,
      name: input.name,
      avatar_id: null,
      bot: true,
    };
    const token = newToken(id);
    const app: AppRecord = {
      id,
      name: input.name,
      description: input.description ?? "",
      owner_id: input.owner_id ?? null,
      bot_user_id: bot.id,
      token_hash: hashToken(token),
      enabled: true,
      privileged_intents: [...new Set(input.privileged_intents ?? [])],
      review_state: "unreviewed",
    };
    tx.put("users", bot);
    tx.put("apps", app);
    return { app, bot, token };
  });
}

/** Input of {@link updateApp}. */
export interface UpdateAppInput {
  readonly enabled?: boolean | undefined;
  readonly privileged_intents?: readonly Intent[] | undefined;
  readonly review_state?: ReviewState | undefined;
  readonly name?: string | undefined;
  readonly description?: string | undefined;
}

/** The app `appId`, or `404 unknown_application`. */
export function appById(core: Kernel, appId: string): AppRecord {
  const app = core.world.tables.apps.get(appId);
  if (!app) throw new UnknownObjectError("application");
  return app;
}

/** Changes an app's settings; `enabled: false` switches it off (its token stops working). */
export function updateApp(core: Kernel, appId: string, input: UpdateAppInput): AppRecord {
  return core.transact((tx) => {
    const before = appById(core, appId);
    const app: AppRecord = {
      ...before,
      enabled: input.enabled ?? before.enabled,
      privileged_intents: input.privileged_intents
        ? [...new Set(input.privileged_intents)]
        : before.privileged_intents,
      review_state: input.review_state ?? before.review_state,
      name: input.name ?? before.name,
      description: input.description ?? before.description,
    };
    tx.put("apps", app);
    if (app.name !== before.name) {
      const bot = tx.world.tables.users.get(app.bot_user_id);
      if (bot) tx.put("users", { ...bot, name: app.name });
    }
    return app;
  });
}

/** Issues a new token; the old one stops working at once. */
export function resetAppToken(core: Kernel, appId: string): string {
  return core.transact((tx) => {
    const app = appById(core, appId);
    const token = newToken(app.id);
    tx.put("apps", { ...app, token_hash: hashToken(token) });
    return token;
  });
}

/** Deletes an app: every install goes (`INSTALL_REMOVE` per server); its bot account stays as an author. */
export function deleteApp(core: Kernel, appId: string): void {
  core.transact((tx) => {
    appById(core, appId);
    for (const install of [...tx.world.tables.installs.by("app", appId).values()]) {
      removeInstallIn(core, tx, install, "app_deleted");
    }
    tx.remove("apps", appId);
    tx.remove("presence", appId);
  });
}

/** Whether the bot of `actor` is installed in `guildId`. */
export function isInstalled(core: Kernel, actor: BotActor, guildId: string): boolean {
  return installOf(core, actor, guildId) !== undefined;
}
