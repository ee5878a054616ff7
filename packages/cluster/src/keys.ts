/**
 * The Redis keys of one bot's cluster, all under one prefix (`chatbot:<application id>` by
 * default), so that several bots share a Redis without meeting.
 */
export class ClusterKeys {
  constructor(readonly prefix: string) {}

  /** Who holds the gateway connection: `<node id>:<fencing token>`, with a time to live. */
  get gatewayLease(): string {
    return `${this.prefix}:gateway:lease`;
  }
  /** The fencing counter: each new holder of the gateway lease takes the next number. */
  get gatewayFence(): string {
    return `${this.prefix}:gateway:fence`;
  }
  /** The last message id published per channel: where a new holder's recovery starts. */
  get cursors(): string {
    return `${this.prefix}:gateway:cursors`;
  }
  /** When the holder last published (Unix ms): recovery's start for channels with no cursor. */
  get lastPublished(): string {
    return `${this.prefix}:gateway:last-published`;
  }
  /** A message id already published (kept a while, so a recovery never publishes it twice). */
  published(messageId: string): string {
    return `${this.prefix}:published:${messageId}`;
  }
  /** Partition `n`'s stream of server events. */
  events(partition: number): string {
    return `${this.prefix}:events:${partition}`;
  }
  /** Who reads partition `n` now: a worker id, with a time to live. */
  partitionLease(partition: number): string {
    return `${this.prefix}:partition:${partition}`;
  }
  /** The fencing counter of the partition leases. */
  get partitionFence(): string {
    return `${this.prefix}:partition:fence`;
  }
  /** The interactions' stream: any worker may take each one. */
  get interactions(): string {
    return `${this.prefix}:interactions`;
  }
  /** Entries delivered too many times without an acknowledgement, kept for a person to read. */
  get deadLetters(): string {
    return `${this.prefix}:dead-letters`;
  }
  /** Counted up at every heartbeat of every process: a number that goes back means Redis lost data. */
  get generation(): string {
    return `${this.prefix}:generation`;
  }
  /** Live workers: a sorted set scored by when each one's membership runs out. */
  get workers(): string {
    return `${this.prefix}:workers`;
  }
  /** An entry whose handlers ran: a redelivery of it is acknowledged without running them again. */
  handled(stream: string, entryId: string): string {
    return `${stream}:handled:${entryId}`;
  }
}

/** The consumer group every stream is read through. */
export const CONSUMER_GROUP = "workers";
