import fc from "fast-check";

/** How an option's value is drawn, resolved against what the command declares when it runs. */
export type OptionDraw =
  | { readonly kind: "empty" }
  | { readonly kind: "longest" }
  | { readonly kind: "shortest" }
  | { readonly kind: "unicode"; readonly text: string }
  | { readonly kind: "min" }
  | { readonly kind: "max" }
  | { readonly kind: "below" }
  | { readonly kind: "above" }
  | { readonly kind: "any"; readonly n: number }
  | { readonly kind: "omit" };

/** What a person's message says, resolved when it is said. */
export type TextDraw =
  | { readonly kind: "word"; readonly text: string }
  | { readonly kind: "unicode"; readonly text: string }
  | { readonly kind: "longest" }
  | { readonly kind: "empty-ish" }
  | { readonly kind: "cancel" };

/** How a person answers what the bot last asked them in a channel. */
export type AnswerDraw =
  | { readonly kind: "choose"; readonly n: number }
  | { readonly kind: "repeat" }
  | { readonly kind: "say"; readonly text: TextDraw };

/** A change of the world, made by the server's owner. */
export type WorldChange =
  | { readonly kind: "make-channel" }
  | { readonly kind: "rename-channel"; readonly channel: number }
  | { readonly kind: "delete-channel"; readonly channel: number }
  | { readonly kind: "make-role" }
  | { readonly kind: "rename-role"; readonly role: number }
  | { readonly kind: "delete-role"; readonly role: number }
  | { readonly kind: "give-role"; readonly role: number; readonly person: number }
  | {
      readonly kind: "overwrite";
      readonly channel: number;
      readonly role: number;
      readonly deny: "view_channels" | "send_messages" | "add_reactions";
    }
  | { readonly kind: "leave"; readonly person: number }
  | { readonly kind: "join"; readonly person: number }
  | { readonly kind: "uninstall" }
  | { readonly kind: "reinstall" };

/** A fault of the service, through the dev API. */
export type FaultDraw =
  | { readonly kind: "close"; readonly code: number }
  | {
      readonly kind: "http";
      readonly status: 429 | 500 | 503;
      readonly route: number;
      readonly count: number;
    }
  | { readonly kind: "latency"; readonly ms: number; readonly route: number };

/** One step of a scenario: plain data, drawn by fast-check, resolved against the world when run. */
export type Action =
  | {
      readonly t: "use";
      readonly who: number;
      readonly where: number;
      readonly command: number;
      readonly options: readonly OptionDraw[];
    }
  | { readonly t: "say"; readonly who: number; readonly where: number; readonly text: TextDraw }
  | { readonly t: "react"; readonly who: number; readonly where: number; readonly emoji: number }
  | { readonly t: "answer"; readonly who: number; readonly answer: AnswerDraw }
  | { readonly t: "world"; readonly change: WorldChange }
  | { readonly t: "away"; readonly code: number; readonly change: WorldChange }
  | { readonly t: "clock"; readonly ms: number | "next" }
  | { readonly t: "fault"; readonly fault: FaultDraw }
  | { readonly t: "crash"; readonly at: "now" | { readonly write: number; readonly after: boolean } };

/** The kinds of step, each with its weight in a draw (0 leaves it out). */
export interface ActionWeights {
  readonly use: number;
  readonly say: number;
  readonly react: number;
  readonly answer: number;
  readonly world: number;
  readonly away: number;
  readonly clock: number;
  readonly fault: number;
  readonly crash: number;
}

/** The default weights: people act most; the world, the clock, faults and crashes now and then. */
export const DEFAULT_WEIGHTS: ActionWeights = {
  use: 6,
  say: 3,
  react: 1,
  answer: 4,
  world: 2,
  away: 1,
  clock: 2,
  fault: 1,
  crash: 2,
};

/** Gateway close codes a fault draws: resumable (4000, 4008, 1001) and not (4007, 4009). */
export const CLOSE_CODES = [4000, 4008, 4009, 4007, 1001] as const;

/** Odd text: empty-looking, right-to-left, combining marks, emoji, zero-width, a mention look-alike. */
const oddText = fc.constantFrom(
  " ",
  "\u200b",
  "مرحبا",
  "e\u0301\u0301",
  "👩‍👩‍👧‍👦",
  "@everyone",
  "<@0>",
  "`code`",
  "\n\n",
  "ǅ",
);

const small = fc.nat({ max: 7 });

const optionDraw: fc.Arbitrary<OptionDraw> = fc.oneof(
  fc.constant({ kind: "empty" } as const),
  fc.constant({ kind: "longest" } as const),
  fc.constant({ kind: "shortest" } as const),
  oddText.map((text) => ({ kind: "unicode", text }) as const),
  fc.constant({ kind: "min" } as const),
  fc.constant({ kind: "max" } as const),
  fc.constant({ kind: "below" } as const),
  fc.constant({ kind: "above" } as const),
  fc.nat({ max: 1_000 }).map((n) => ({ kind: "any", n }) as const),
  fc.constant({ kind: "omit" } as const),
);

const textDraw: fc.Arbitrary<TextDraw> = fc.oneof(
  {
    arbitrary: fc
      .constantFrom("hello", "+1", "yes", "no", "something happened here", "help")
      .map((text) => ({ kind: "word", text }) as const),
    weight: 4,
  },
  { arbitrary: oddText.map((text) => ({ kind: "unicode", text }) as const), weight: 1 },
  { arbitrary: fc.constant({ kind: "longest" } as const), weight: 1 },
  { arbitrary: fc.constant({ kind: "empty-ish" } as const), weight: 1 },
  { arbitrary: fc.constant({ kind: "cancel" } as const), weight: 1 },
);

const worldChange: fc.Arbitrary<WorldChange> = fc.oneof(
  fc.constant({ kind: "make-channel" } as const),
  small.map((channel) => ({ kind: "rename-channel", channel }) as const),
  small.map((channel) => ({ kind: "delete-channel", channel }) as const),
  fc.constant({ kind: "make-role" } as const),
  small.map((role) => ({ kind: "rename-role", role }) as const),
  small.map((role) => ({ kind: "delete-role", role }) as const),
  fc.record({ role: small, person: small }).map((r) => ({ kind: "give-role", ...r }) as const),
  fc
    .record({
      channel: small,
      role: small,
      deny: fc.constantFrom("view_channels", "send_messages", "add_reactions"),
    })
    .map((r) => ({ kind: "overwrite", ...r }) as const),
  small.map((person) => ({ kind: "leave", person }) as const),
  small.map((person) => ({ kind: "join", person }) as const),
  fc.constant({ kind: "uninstall" } as const),
  fc.constant({ kind: "reinstall" } as const),
);

const faultDraw: fc.Arbitrary<FaultDraw> = fc.oneof(
  fc.constantFrom(...CLOSE_CODES).map((code) => ({ kind: "close", code }) as const),
  fc
    .record({
      status: fc.constantFrom(429 as const, 500 as const, 503 as const),
      route: small,
      count: fc.integer({ min: 1, max: 3 }),
    })
    .map((r) => ({ kind: "http", ...r }) as const),
  fc
    .record({ ms: fc.constantFrom(500, 2_500, 5_000, 60_000), route: small })
    .map((r) => ({ kind: "latency", ...r }) as const),
);

/** Durations the clock moves by: within the answer window, past it, a question's time, a day. */
const CLOCK_STEPS = [1_000, 3_500, 60_000, 10 * 60_000, 15 * 60_000, 24 * 60 * 60_000] as const;

/** The arbitrary of one step, by weight. */
export function actionArbitrary(weights: ActionWeights): fc.Arbitrary<Action> {
  const who = small;
  const entries: { arbitrary: fc.Arbitrary<Action>; weight: number }[] = [
    {
      weight: weights.use,
      arbitrary: fc
        .record({
          who,
          where: small,
          command: fc.nat({ max: 31 }),
          options: fc.array(optionDraw, { maxLength: 6 }),
        })
        .map((r) => ({ t: "use", ...r }) as const),
    },
    {
      weight: weights.say,
      arbitrary: fc.record({ who, where: small, text: textDraw }).map((r) => ({ t: "say", ...r }) as const),
    },
    {
      weight: weights.react,
      arbitrary: fc.record({ who, where: small, emoji: small }).map((r) => ({ t: "react", ...r }) as const),
    },
    {
      weight: weights.answer,
      arbitrary: fc
        .record({
          who,
          answer: fc.oneof(
            small.map((n) => ({ kind: "choose", n }) as const),
            fc.constant({ kind: "repeat" } as const),
            textDraw.map((text) => ({ kind: "say", text }) as const),
          ),
        })
        .map((r) => ({ t: "answer", ...r }) as const),
    },
    { weight: weights.world, arbitrary: worldChange.map((change) => ({ t: "world", change }) as const) },
    {
      weight: weights.away,
      arbitrary: fc
        .record({ code: fc.constantFrom(4009, 4007, 4000), change: worldChange })
        .map((r) => ({ t: "away", ...r }) as const),
    },
    {
      weight: weights.clock,
      arbitrary: fc
        .oneof(fc.constant("next" as const), fc.constantFrom(...CLOCK_STEPS))
        .map((ms) => ({ t: "clock", ms }) as const),
    },
    { weight: weights.fault, arbitrary: faultDraw.map((fault) => ({ t: "fault", fault }) as const) },
    {
      weight: weights.crash,
      arbitrary: fc.oneof(
        fc.constant({ t: "crash", at: "now" } as const),
        fc
          .record({ write: fc.integer({ min: 1, max: 6 }), after: fc.boolean() })
          .map((at) => ({ t: "crash", at }) as const),
      ),
    },
  ];
  return fc.oneof(...entries.filter((e) => e.weight > 0));
}

/** A scenario: up to `maxSteps` steps. Shrinking drops steps and simplifies each. */
export function scenarioArbitrary(weights: ActionWeights, maxSteps: number): fc.Arbitrary<Action[]> {
  return fc.array(actionArbitrary(weights), { minLength: 1, maxLength: maxSteps });
}
