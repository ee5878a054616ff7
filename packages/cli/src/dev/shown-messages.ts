/** A message as the prompt prints it. */
export interface ShownMessage {
  readonly id: string;
  readonly content: string;
  readonly author: { readonly username: string; readonly name?: string; readonly bot?: boolean };
  readonly flags?: number | undefined;
}

/** Where a numbered message is, for `:react`. */
export interface NumberedMessage {
  readonly number: number;
  readonly id: string;
  readonly channelId: string;
  /** Only the person who used the command sees it: it takes no reactions. */
  readonly ephemeral: boolean;
}

/** The numbers kept: a message printed this many messages ago can no longer be named. */
const KEPT = 1_000;

/** The flag of a message only the person who used the command sees. */
const EPHEMERAL = 64;

/**
 * The messages the prompt has printed, each with a number the person can name (`:react 3 👍`),
 * from 1 up for the whole session.
 */
export class ShownMessages {
  readonly #numbered = new Map<number, NumberedMessage>();
  #last = 0;
  /** The number of the last message everyone sees (0: none yet). */
  #lastShared = 0;

  /**
   * Numbers `message` (posted in `channelId`) and answers its text: `  [3] name [bot]: first line`,
   * its later lines indented under the name, so they read as one message.
   */
  show(message: ShownMessage, channelId: string): string {
    const number = ++this.#last;
    const only = ((message.flags ?? 0) & EPHEMERAL) !== 0;
    this.#numbered.set(number, { number, id: message.id, channelId, ephemeral: only });
    this.#numbered.delete(number - KEPT);
    if (!only) this.#lastShared = number;
    const { author } = message;
    const ephemeral = only ? " (only you can see this)" : "";
    const marker = `  [${number}] `;
    const [first = "", ...rest] = message.content.split("\n");
    const head = `${marker}${author.name ?? author.username}${author.bot ? " [bot]" : ""}${ephemeral}: ${first}`;
    const indent = " ".repeat(marker.length);
    return [head, ...rest.map((line) => `${indent}${line}`)].join("\n");
  }

  /**
   * The message numbered `number`, or when none is given the last one printed that everyone sees
   * (an ephemeral answer takes no reactions).
   */
  find(number?: number): NumberedMessage | undefined {
    return this.#numbered.get(number ?? this.#lastShared);
  }
}
