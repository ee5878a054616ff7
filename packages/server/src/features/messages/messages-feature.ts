import type { ServerFeature } from "../../http/route.js";
import { devMessageRoutes } from "./message-dev-routes.js";
import { messageRoutes } from "./message-routes.js";

declare module "../../kernel/kernel.js" {
  interface Kernel {
    /** Last message time per `channel:user`, for slowmode (not persisted; the messages feature). */
    readonly lastPostAt: Map<string, number>;
  }
}

/** Messages: posts, edits, reads, reactions, moderation, and the channel routes that serve them. */
export const messagesFeature: ServerFeature = {
  name: "messages",
  routes: [...messageRoutes, ...devMessageRoutes],
  install(kernel) {
    const lastPostAt = new Map<string, number>();
    kernel.decorate("lastPostAt", lastPostAt);
    kernel.on("cleared", () => lastPostAt.clear());
  },
};
