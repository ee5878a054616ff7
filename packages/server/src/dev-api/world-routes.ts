import { ManualClock } from "../kernel/clock.js";
import { ClockNotControllableError } from "../kernel/errors/http-errors.js";
import { json, NO_CONTENT, streamedJson } from "../http/reply.js";
import { type DevRoute, devRoute } from "../http/route.js";
import { AdvanceClockBodySchema, SeedWorldSchema } from "@chatbot/protocol/dev";
import { exportWorldJson } from "../seed/world-export.js";

/** Dev routes for the whole world and the clock. */
export const devWorldRoutes: DevRoute[] = [
  devRoute({
    method: "GET",
    path: "/dev/v1/world",
    handle: ({ core }) => streamedJson(exportWorldJson(core.world)),
  }),
  devRoute({
    method: "PUT",
    path: "/dev/v1/world",
    body: SeedWorldSchema,
    handle: ({ core, runtime, body }) => {
      runtime.replaceWorld(body);
      return streamedJson(exportWorldJson(core.world));
    },
  }),
  devRoute({
    method: "POST",
    path: "/dev/v1/reset",
    handle: ({ runtime }) => {
      runtime.reset();
      return NO_CONTENT;
    },
  }),
  devRoute({
    method: "GET",
    path: "/dev/v1/clock",
    handle: ({ core }) => json({ now: core.clock.now(), controllable: core.clock.controllable }),
  }),
  devRoute({
    method: "POST",
    path: "/dev/v1/clock",
    body: AdvanceClockBodySchema,
    handle: ({ core, body }) => {
      const clock = core.clock;
      if (!(clock instanceof ManualClock)) throw new ClockNotControllableError();
      return json({ now: clock.advance(body.advance_ms) });
    },
  }),
];
