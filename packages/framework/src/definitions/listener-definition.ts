import "reflect-metadata";
import { type GatewayEventName, isGatewayEventName } from "@chatbot/protocol";
import { type HandlerSpec, handlerSpecsOf } from "../decorators/on.js";
import { middlewareOf } from "../decorators/use-middleware.js";
import type { EventContext } from "../context/event-context.js";
import type { Middleware } from "../middleware/compose.js";
import { isInjectable } from "../decorators/listener.js";
import { scheduleSpecsOf } from "../decorators/on-schedule.js";

/** One `@OnSchedule` handler, read and checked. */
export interface ScheduleDefinition {
  readonly target: abstract new (...args: never[]) => unknown;
  readonly name: string;
  readonly method: string | symbol;
  /** `Class.method`, for logs. */
  readonly label: string;
}

/**
 * Reads the `@OnSchedule` handlers of the listener classes: a name must be a non-empty string and
 * have one handler only (each rule broken is added to `problems`).
 */
export function readSchedules(
  targets: readonly unknown[],
  problems: string[],
): Map<string, ScheduleDefinition> {
  const found = new Map<string, ScheduleDefinition>();
  for (const target of targets) {
    if (typeof target !== "function") continue;
    for (const spec of scheduleSpecsOf(target)) {
      const label = `${target.name || "an anonymous class"}.${String(spec.method)}`;
      if (typeof spec.name !== "string" || spec.name === "" || spec.name.length > 100) {
        problems.push(`${label}: @OnSchedule() takes the job's name, a string of 1 to 100 characters`);
        continue;
      }
      const other = found.get(spec.name);
      if (other) {
        problems.push(
          `${label}: @OnSchedule("${spec.name}") is already handled by ${other.label}; a job has one handler`,
        );
        continue;
      }
      found.set(spec.name, {
        target: target as ScheduleDefinition["target"],
        name: spec.name,
        method: spec.method,
        label,
      });
    }
  }
  return found;
}

/** One `@On` / `@Once` handler, read and checked. */
export interface HandlerDefinition {
  readonly target: abstract new (...args: never[]) => unknown;
  readonly event: GatewayEventName;
  readonly method: string | symbol;
  readonly once: boolean;
  /** Whether one server's events reach this handler one after another (`@On(e, { ordered: true })`). */
  readonly ordered: boolean;
  /** The class's and the method's middleware, in that order. */
  readonly middleware: readonly Middleware<EventContext>[];
  /** `Class.method`, for logs and warnings. */
  readonly label: string;
}

/**
 * Reads a listener class's `@On` / `@Once` handlers, adding to `problems` each rule it breaks,
 * naming class and member: an unknown event name, no handler at all, a constructor that takes
 * services without `@Listener()` (TypeScript records its parameter types only then).
 */
export function readListener(target: unknown, problems: string[]): HandlerDefinition[] {
  if (typeof target !== "function") {
    problems.push(`listeners must hold classes with @On handlers, got ${typeof target}`);
    return [];
  }
  const className = target.name || "an anonymous class";
  const specs: HandlerSpec[] = handlerSpecsOf(target);
  const schedules = scheduleSpecsOf(target);
  if (specs.length === 0 && schedules.length === 0) {
    problems.push(`${className} is listed as a listener but has no @On, @Once or @OnSchedule method`);
    return [];
  }
  if (target.length > 0 && !isInjectable(target)) {
    problems.push(
      `${className}: its constructor takes ${target.length} parameter(s); decorate the class with @Listener() so they can be injected`,
    );
  }
  const proto = target.prototype as Record<string | symbol, unknown>;
  const out: HandlerDefinition[] = [];
  for (const spec of specs) {
    const label = `${className}.${String(spec.method)}`;
    if (!isGatewayEventName(spec.event)) {
      problems.push(
        `${label}: @On("${spec.event}") names no gateway event; events are upper case, such as "MESSAGE_CREATE"`,
      );
      continue;
    }
    out.push({
      target: target as HandlerDefinition["target"],
      event: spec.event,
      method: spec.method,
      once: spec.once,
      ordered: spec.ordered,
      middleware: [...middlewareOf<EventContext>(target), ...middlewareOf<EventContext>(proto, spec.method)],
      label,
    });
  }
  return out;
}
