import { FaultBodySchema } from "@chatbot/protocol/dev";
import { json, NO_CONTENT } from "../http/reply.js";
import { type DevRoute, devRoute } from "../http/route.js";
import { appById } from "../features/apps/apps.js";

/**
 * The dev API's faults, so that a bot's resilience can be tested: `close_gateway` closes the app's
 * gateway connection now with `code`; `http` makes the next `count` matching `/v1` calls of the app
 * answer `status` and change nothing; `latency` answers the next `count` calls `ms` later on the
 * server's clock. `DELETE` clears every pending fault.
 */
export const devFaultRoutes: DevRoute[] = [
  devRoute({
    method: "POST",
    path: "/dev/v1/faults",
    body: FaultBodySchema,
    handle: ({ core, runtime, body }) => {
      appById(core, body.app_id);
      const id = core.ids.next();
      if (body.kind === "close_gateway") {
        const closed = runtime.gateway.closeApp(body.app_id, body.code, body.reason ?? "fault injected");
        return json({ id, closed }, 201);
      }
      runtime.faults.add(id, body);
      return json({ id }, 201);
    },
  }),
  devRoute({
    method: "GET",
    path: "/dev/v1/faults",
    handle: ({ runtime }) => json(runtime.faults.list()),
  }),
  devRoute({
    method: "DELETE",
    path: "/dev/v1/faults",
    handle: ({ runtime }) => {
      runtime.faults.clear();
      return NO_CONTENT;
    },
  }),
];
