import { json, NO_CONTENT } from "../../http/reply.js";
import { type DevRoute, devRoute } from "../../http/route.js";
import { appById, createApp, deleteApp, resetAppToken, updateApp } from "./apps.js";
import { createUser } from "../../kernel/actors/users.js";
import { serializeUser } from "../../kernel/actors/user-serializer.js";
import { CreateAppBodySchema, CreateUserBodySchema, PatchAppBodySchema } from "@chatbot/protocol/dev";
import { devApplication } from "./app-dev-views.js";

/** Dev routes for people and apps (setup: no actor), and an app's gateway sessions. */
export const devAppRoutes: DevRoute[] = [
  devRoute({
    method: "POST",
    path: "/dev/v1/users",
    body: CreateUserBodySchema,
    handle: ({ core, body }) => json(serializeUser(createUser(core, body)), 201),
  }),
  devRoute({
    method: "POST",
    path: "/dev/v1/apps",
    body: CreateAppBodySchema,
    handle: ({ core, body }) => {
      const { app, bot, token } = createApp(core, body);
      return json({ application: devApplication(app), bot_user: serializeUser(bot), token }, 201);
    },
  }),
  devRoute({
    method: "PATCH",
    path: "/dev/v1/apps/:app_id",
    body: PatchAppBodySchema,
    handle: ({ core, param, body }) => json(devApplication(updateApp(core, param("app_id"), body))),
  }),
  devRoute({
    method: "POST",
    path: "/dev/v1/apps/:app_id/token",
    handle: ({ core, param }) => json({ token: resetAppToken(core, param("app_id")) }),
  }),
  devRoute({
    method: "GET",
    path: "/dev/v1/apps/:app_id/sessions",
    handle: ({ core, runtime, param }) => {
      const app = appById(core, param("app_id"));
      return json(runtime.gateway.sessionLog(app.id));
    },
  }),
  devRoute({
    method: "DELETE",
    path: "/dev/v1/apps/:app_id",
    handle: ({ core, param }) => {
      deleteApp(core, param("app_id"));
      return NO_CONTENT;
    },
  }),
];
