import type { ServerFeature } from "../../http/route.js";
import { devMessageRoutes } from "./message-dev-routes.js";
import { messageRoutes } from "./message-routes.js";
import { anyMessageBetween, MESSAGES_TABLES, messageCascade } from "./messages-tables.js";

declare module "../../kernel/kernel.js" {
  interface Kernel {
    /** Last message time per `channel:user`, for slowmode (not persisted; the messages feature). */
    readonly lastPostAt: Map<string, number>;
  }
}

/**
 * Messages: their table, posts, edits, reads, reactions, moderation, and the channel routes that
 * serve them. A deleted channel takes its messages; presence asks it which connected spans still
 * hold a message.
 */
export const messagesFeature: ServerFeature = {
  name: "messages",
  routes: [...messageRoutes, ...devMessageRoutes],
  tables: MESSAGES_TABLES,
  install(kernel) {
    kernel.onRemoved(messageCascade(kernel));
    kernel.presence.readMessagesWith((after, before) => anyMessageBetween(kernel.world, after, before));
    const lastPostAt = new Map<string, number>();
    kernel.decorate("lastPostAt", lastPostAt);
    kernel.on("cleared", () => lastPostAt.clear());
  },
};
