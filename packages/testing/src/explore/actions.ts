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
  | { readonly kind: "take-role"; readonly role: number; readonly person: number }
  | { readonly kind: "toggle-permission"; readonly role: number; readonly permission: number }
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

/** Where a crash falls among the bot's store writes from the step it comes with: the `write`-th, before or after it. */
export interface CrashAt {
  readonly write: number;
  readonly after: boolean;
  /** Count only the author's own writes (not the framework's `chatbot:` keys and jobs). */
  readonly own: boolean;
}

/** A person's step or a move of the clock, with perhaps a crash during it. */
type WithCrash<T> = T & { readonly crash?: CrashAt };

/** One step of a scenario: plain data, drawn by fast-check, resolved against the world when run. */
export type Action =
  | WithCrash<{
      readonly t: "use";
      readonly who: number;
      readonly where: number;
      readonly command: number;
      readonly options: readonly OptionDraw[];
    }>
  | WithCrash<{ readonly t: "say"; readonly who: number; readonly where: number; readonly text: TextDraw }>
  | WithCrash<{ readonly t: "react"; readonly who: number; readonly where: number; readonly emoji: number }>
  | WithCrash<{ readonly t: "answer"; readonly who: number; readonly answer: AnswerDraw }>
  | { readonly t: "world"; readonly change: WorldChange }
  | { readonly t: "away"; readonly code: number; readonly change: WorldChange }
  | WithCrash<{ readonly t: "clock"; readonly ms: number | "next" }>
  | { readonly t: "fault"; readonly fault: FaultDraw }
  | { readonly t: "crash"; readonly at: "now" | CrashAt };

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
  world: 3,
  away: 1,
  clock: 2,
  fault: 1,
  crash: 2,
};

/** Gateway close codes a fault draws: resumable (4000, 1001) and not (4007, 4009); not 4008, whose wait for the identify window runs on real time. */
export const CLOSE_CODES = [4000, 4009, 4007, 1001] as const;

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

/** What people say when the author gives no words of their own. */
export const DEFAULT_WORDS = ["hello", "+1", "yes", "no", "help", "something happened here"] as const;

/** The author's words (half the time, when there are some) or every chat's. */
const wordDraw = (words: readonly string[]): fc.Arbitrary<string> =>
  words.length === 0
    ? fc.constantFrom(...DEFAULT_WORDS)
    : fc.oneof(fc.constantFrom(...words), fc.constantFrom(...DEFAULT_WORDS));

const textDraw = (words: readonly string[]): fc.Arbitrary<TextDraw> =>
  fc.oneof(
    { arbitrary: wordDraw(words).map((text) => ({ kind: "word", text }) as const), weight: 6 },
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
  fc.record({ role: small, person: small }).map((r) => ({ kind: "take-role", ...r }) as const),
  fc.record({ role: small, permission: small }).map((r) => ({ kind: "toggle-permission", ...r }) as const),
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

/** What changes while the bot is away: what its events would have told it. */
const awayChange: fc.Arbitrary<WorldChange> = fc.oneof(
  fc.constant({ kind: "make-channel" } as const),
  small.map((channel) => ({ kind: "delete-channel", channel }) as const),
  small.map((channel) => ({ kind: "rename-channel", channel }) as const),
  fc.constant({ kind: "make-role" } as const),
  small.map((role) => ({ kind: "delete-role", role }) as const),
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

/** Half the crashes fall at the author's own next write (before or after it), half among all (1st to 4th). */
const crashAt: fc.Arbitrary<CrashAt> = fc.oneof(
  fc.record({ write: fc.constant(1), after: fc.boolean(), own: fc.constant(true) }),
  fc.record({ write: fc.integer({ min: 1, max: 4 }), after: fc.boolean(), own: fc.constant(false) }),
);

/**
 * With crashes on, half of people's steps and clock moves come with a crash at one of the writes
 * they cause: a crash lands where the bot writes, not between steps only. Shrinks to none.
 */
function crashing<T extends object>(arbitrary: fc.Arbitrary<T>, on: boolean): fc.Arbitrary<WithCrash<T>> {
  if (!on) return arbitrary;
  return fc
    .tuple(arbitrary, fc.oneof(fc.constant(undefined), crashAt))
    .map(([step, crash]) => (crash === undefined ? step : { ...step, crash }));
}

/** The arbitrary of one step, by weight; people say the author's `words` half the time. */
export function actionArbitrary(weights: ActionWeights, words: readonly string[]): fc.Arbitrary<Action> {
  const who = small;
  const on = weights.crash > 0;
  const entries: { arbitrary: fc.Arbitrary<Action>; weight: number }[] = [
    {
      weight: weights.use,
      arbitrary: crashing(
        fc
          .record({
            who,
            where: small,
            command: fc.nat({ max: 31 }),
            options: fc.array(optionDraw, { maxLength: 6 }),
          })
          .map((r) => ({ t: "use", ...r }) as const),
        on,
      ),
    },
    {
      weight: weights.say,
      arbitrary: crashing(
        fc.record({ who, where: small, text: textDraw(words) }).map((r) => ({ t: "say", ...r }) as const),
        on,
      ),
    },
    {
      weight: weights.react,
      arbitrary: crashing(
        fc.record({ who, where: small, emoji: small }).map((r) => ({ t: "react", ...r }) as const),
        on,
      ),
    },
    {
      weight: weights.answer,
      arbitrary: crashing(
        fc
          .record({
            who,
            answer: fc.oneof(
              small.map((n) => ({ kind: "choose", n }) as const),
              fc.constant({ kind: "repeat" } as const),
              textDraw(words).map((text) => ({ kind: "say", text }) as const),
            ),
          })
          .map((r) => ({ t: "answer", ...r }) as const),
        on,
      ),
    },
    { weight: weights.world, arbitrary: worldChange.map((change) => ({ t: "world", change }) as const) },
    {
      weight: weights.away,
      arbitrary: fc
        .record({ code: fc.constantFrom(4009, 4007, 4000), change: awayChange })
        .map((r) => ({ t: "away", ...r }) as const),
    },
    {
      weight: weights.clock,
      arbitrary: crashing(
        fc
          .oneof(fc.constant("next" as const), fc.constantFrom(...CLOCK_STEPS))
          .map((ms) => ({ t: "clock", ms }) as const),
        on,
      ),
    },
    { weight: weights.fault, arbitrary: faultDraw.map((fault) => ({ t: "fault", fault }) as const) },
    {
      weight: weights.crash,
      arbitrary: fc.oneof(
        { weight: 1, arbitrary: fc.constant({ t: "crash", at: "now" } as const) },
        { weight: 2, arbitrary: crashAt.map((at) => ({ t: "crash", at }) as const) },
      ),
    },
  ];
  return fc.oneof(...entries.filter((e) => e.weight > 0));
}

const KINDS = Object.keys(DEFAULT_WEIGHTS) as (keyof ActionWeights)[];

/**
 * A scenario: 1 to `maxSteps` steps. Each scenario first draws which kinds of step it has (swarm
 * testing: a scenario of only messages and crashes reaches deep into them, where one of every kind
 * would spread thin), then its steps among those. Shrinking drops steps and simplifies each.
 */
export function scenarioArbitrary(
  weights: ActionWeights,
  maxSteps: number,
  words: readonly string[],
): fc.Arbitrary<Action[]> {
  const available = KINDS.filter((kind) => weights[kind] > 0);
  return fc.subarray(available, { minLength: 1 }).chain((kinds) => {
    const some = Object.fromEntries(KINDS.map((kind) => [kind, kinds.includes(kind) ? weights[kind] : 0]));
    return fc.array(actionArbitrary(some as unknown as ActionWeights, words), {
      minLength: 1,
      maxLength: maxSteps,
      size: "max",
    });
  });
}
