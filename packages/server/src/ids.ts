/** 2024-01-01T00:00:00Z: the epoch of the snowflake ids' time part. */
export const ID_EPOCH = 1_704_067_200_000;

/**
 * Makes ids as decimal strings of 64-bit snowflakes: milliseconds since {@link ID_EPOCH} in the high
 * 42 bits, then a 5-bit worker and a 17-bit sequence, so that id order is creation order
 * (docs/decisions.md#shapes-left-open). Ids stay strictly rising even when many are made in one
 * millisecond or the clock is read twice at the same time.
 */
export class IdGenerator {
  private lastMs = 0;
  private sequence = 0;

  constructor(
    private readonly now: () => number,
    private readonly worker = 1,
  ) {}

  next(): string {
    let ms = Math.max(this.now() - ID_EPOCH, this.lastMs);
    if (ms === this.lastMs) {
      this.sequence += 1;
      if (this.sequence >= 1 << 17) {
        ms += 1;
        this.sequence = 0;
      }
    } else {
      this.sequence = 0;
    }
    this.lastMs = ms;
    return snowflakeString(ms, ((this.worker & 31) << 17) | this.sequence);
  }

  /** Makes sure later ids sort after `id` (after loading a stored world). */
  observe(id: string): void {
    if (!isSnowflake(id)) return;
    const ms = Number(BigInt(id) >> 22n);
    const sequence = Number(BigInt(id) & 0x1ffffn);
    if (ms > this.lastMs) {
      this.lastMs = ms;
      this.sequence = sequence;
    } else if (ms === this.lastMs && sequence > this.sequence) {
      this.sequence = sequence;
    }
  }
}

const MILLION = 1_000_000;

/**
 * The decimal text of `ms · 2^22 + low` (`ms` < 2^42, `low` < 2^22) without BigInt: both halves stay
 * exact in doubles when `ms` is split at a million. Every write makes an id, so this is hot.
 */
export function snowflakeString(ms: number, low: number): string {
  const msHigh = Math.floor(ms / MILLION);
  const rest = (ms - msHigh * MILLION) * 4_194_304 + low;
  const carry = Math.floor(rest / MILLION);
  const high = msHigh * 4_194_304 + carry;
  const six = rest - carry * MILLION;
  return high === 0 ? String(six) : `${high}${String(six).padStart(6, "0")}`;
}

const SNOWFLAKE = /^[0-9]{1,20}$/;

/** Whether `value` has the shape of an id: a decimal string of an unsigned 64-bit integer. */
export function isSnowflake(value: string): boolean {
  return SNOWFLAKE.test(value) && BigInt(value) < 1n << 64n;
}

/** Compares two ids as numbers (never as text): negative, zero or positive. */
export function compareIds(a: string, b: string): number {
  // Without leading zeros, the longer decimal is the larger and equal lengths compare as text.
  if (a.charCodeAt(0) !== 48 && b.charCodeAt(0) !== 48) {
    if (a.length !== b.length) return a.length < b.length ? -1 : 1;
    return a < b ? -1 : a > b ? 1 : 0;
  }
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The creation time of an id in Unix milliseconds. */
export function idTimestamp(id: string): number {
  return Number(BigInt(id) >> 22n) + ID_EPOCH;
}
