import type { GatewayInteraction } from "@chatbot/gateway";
import type { Span } from "@opentelemetry/api";
import type { DependencyContainer } from "tsyringe";
import { failed } from "./telemetry.js";
import type { CommandContext } from "../context/command-context.js";
import type { CommandDefinition } from "../definitions/command-definition.js";
import { runMiddleware } from "../middleware/compose.js";
import { type DispatchDeps, handlerFailed } from "./dispatch-deps.js";
import { catchingStep, type NamedStep } from "./pipeline.js";
import { resolveClass } from "./resolve-class.js";

/** The auto-defer margin when neither the bot nor the command sets one. */
export const DEFAULT_AUTO_DEFER_MS = 2_000;

/** One use of a command on its way through the command pipeline. */
export interface CommandRun {
  readonly interaction: GatewayInteraction;
  readonly ctx: CommandContext;
  /** The use's own container (commands of `scope: "interaction"` are made in it). */
  readonly scope: DependencyContainer;
  /** The command's definition; undefined for a command this bot does not have. */
  readonly definition: CommandDefinition | undefined;
  /** The use's span, once the `telemetry` step opened it. */
  span: Span | null;
  /** Whether the middleware let the use through to the handler. */
  ran: boolean;
}

type CommandStep = NamedStep<CommandRun>;

/** The outcome `/metrics` and the log count a use under: `refused` when middleware answered instead. */
const outcomeOf = (run: CommandRun): string => (run.ran ? run.ctx.state : "refused");

/** Step `unknown-command`: a command this bot does not have is answered so, and goes no further. */
export function unknownCommand(deps: DispatchDeps): CommandStep {
  return {
    name: "unknown-command",
    run: async (run, next) => {
      if (run.definition) return next();
      const { name } = run.interaction.data;
      deps.logger.warn(`/${name} used by ${run.interaction.user.username}, but this bot has no such command`);
      await run.ctx
        .reply({ content: `/${name} is not handled by this bot.`, ephemeral: true })
        .catch(() => undefined);
    },
  };
}

/** Step `track`: the use is one `stop()` defers if it has not answered when the wait runs out. */
export function trackContext(deps: DispatchDeps): CommandStep {
  return {
    name: "track",
    run: async (run, next) => {
      deps.contexts.add(run.ctx);
      try {
        await next();
      } finally {
        deps.contexts.delete(run.ctx);
      }
    },
  };
}

/** Step `auto-defer`: arms the thinking state for a handler still working near the deadline. */
export function autoDefer(deps: DispatchDeps): CommandStep {
  const botAutoDefer = deps.options.autoDefer;
  return {
    name: "auto-defer",
    run: (run, next) => {
      const own = run.definition!.options.autoDefer;
      if (botAutoDefer !== false && own !== false) {
        const afterMs = own?.afterMs ?? botAutoDefer?.afterMs ?? DEFAULT_AUTO_DEFER_MS;
        run.ctx.armAutoDefer(afterMs, own?.ephemeral === true);
      }
      return next();
    },
  };
}

/** Step `telemetry`: a span from delivery to the last reply, and the use counted by outcome. */
export function commandTelemetry(deps: DispatchDeps): CommandStep {
  return {
    name: "telemetry",
    run: (run, next) => {
      const { interaction, ctx } = run;
      const name = interaction.data.name;
      const attributes = {
        "chatbot.command": name,
        "chatbot.interaction_id": interaction.id,
        ...(interaction.guild_id && { "chatbot.guild_id": interaction.guild_id }),
      };
      return deps.telemetry().span(`interaction /${name}`, attributes, async (span) => {
        run.span = span;
        try {
          await next();
        } finally {
          const outcome = outcomeOf(run);
          const first = ctx.firstCallbackAt === null ? null : ctx.firstCallbackAt - ctx.receivedAt;
          span.setAttributes({
            "chatbot.outcome": outcome,
            "chatbot.auto_deferred": ctx.autoDeferred,
            ...(first !== null && {
              "chatbot.first_callback_ms": first,
              // What was left of the 3-second window when the first callback went out.
              "chatbot.window_left_ms": 3_000 - (ctx.firstCallbackAt! - interaction.created_at),
            }),
          });
          deps.telemetry().interaction(name, outcome, first);
        }
      });
    },
  };
}

/** Step `log`: once what the handler started has settled, one line per use with its outcome. */
export function logUse(): CommandStep {
  return {
    name: "log",
    run: async (run, next) => {
      try {
        await next();
      } finally {
        await run.ctx.settle();
        logInteraction(run.ctx, outcomeOf(run));
      }
    },
  };
}

function logInteraction(ctx: CommandContext, outcome: string): void {
  const delivered = ctx.receivedAt - ctx.interaction.created_at;
  const first =
    ctx.firstCallbackAt === null
      ? "no callback"
      : `first callback after ${ctx.firstCallbackAt - ctx.receivedAt} ms${ctx.autoDeferred ? " (auto-deferred)" : ""}`;
  ctx.logger.info(
    `/${ctx.commandName} by ${ctx.user.username}: ${outcome}, delivered ${delivered} ms after use, ${first}`,
  );
  if (ctx.firstCallbackAt === null && ctx.state !== "expired") {
    ctx.logger.warn(
      `/${ctx.commandName} returned without replying: the person will see that the app did not respond`,
    );
  }
}

/** Step `error-reply`: a handler that threw is logged, reported, and the person told it failed. */
export function errorReply(deps: DispatchDeps): CommandStep {
  return catchingStep("error-reply", async (run, error) => {
    if (run.span) failed(run.span, error);
    await commandFailed(deps, error, run);
  });
}

async function commandFailed(deps: DispatchDeps, error: unknown, run: CommandRun): Promise<void> {
  const { ctx } = run;
  const line = `/${ctx.commandName} by ${ctx.user.username} threw`;
  await handlerFailed(deps, error, run.definition!.target.name, line, { kind: "command", ctx });
  if (ctx.state === "expired") return;
  await ctx
    .reply({ content: `Something went wrong while running /${ctx.commandName}.`, ephemeral: true })
    .catch((replyError: unknown) =>
      deps.logger.error(`/${ctx.commandName}: could not tell the person it failed`, replyError),
    );
}

/** Step `middleware`: the bot's command middleware, then the command's own (permissions, cooldowns). */
export function commandMiddleware(deps: DispatchDeps): CommandStep {
  const botMiddleware = deps.options.middleware ?? [];
  return {
    name: "middleware",
    run: (run, next) => runMiddleware([...botMiddleware, ...run.definition!.middleware], run.ctx, next),
  };
}

/** Step `handler`: makes the command's class and runs it with its options. */
export function runCommand(deps: DispatchDeps): CommandStep {
  return {
    name: "handler",
    run: async (run) => {
      run.ran = true;
      const definition = run.definition!;
      // A command of the bot's scope is the bot's: made (and disposed) by its container.
      const instance = resolveClass(
        definition.options.scope === "interaction" ? run.scope : deps.containerOf(definition.target),
        definition.target as unknown as new () => { run(...args: unknown[]): unknown },
      );
      await instance.run(
        ...definition.slots.map((name) => (name === null ? run.ctx : run.ctx.options[name])),
      );
    },
  };
}
