import { json, NO_CONTENT } from "../../http/reply.js";
import { type DevRoute, devRoute } from "../../http/route.js";
import { createCategory, createChannel, deleteChannel, updateChannel } from "./channels.js";
import { serializeCategory } from "../roles/role-serializer.js";
import {
  CreateCategoryBodySchema,
  CreateChannelBodySchema,
  PatchChannelBodySchema,
} from "@chatbot/protocol/dev";
import { devChannel } from "./channel-dev-view.js";

/** Dev routes for channels and categories, each as the person of `X-Dev-User`. */
export const devChannelRoutes: DevRoute[] = [
  devRoute({
    method: "POST",
    path: "/dev/v1/guilds/:guild_id/channels",
    body: CreateChannelBodySchema,
    handle: ({ core, actor, param, body }) => {
      const person = actor();
      return json(
        devChannel(core, createChannel(core, person, param("guild_id"), body), person.user.id),
        201,
      );
    },
  }),
  devRoute({
    method: "POST",
    path: "/dev/v1/guilds/:guild_id/categories",
    body: CreateCategoryBodySchema,
    handle: ({ core, actor, param, body }) =>
      json(serializeCategory(createCategory(core, actor(), param("guild_id"), body)), 201),
  }),
  devRoute({
    method: "PATCH",
    path: "/dev/v1/channels/:channel_id",
    body: PatchChannelBodySchema,
    handle: ({ core, actor, param, body }) => {
      const person = actor();
      return json(devChannel(core, updateChannel(core, person, param("channel_id"), body), person.user.id));
    },
  }),
  devRoute({
    method: "DELETE",
    path: "/dev/v1/channels/:channel_id",
    handle: ({ core, actor, param }) => {
      deleteChannel(core, actor(), param("channel_id"));
      return NO_CONTENT;
    },
  }),
];
