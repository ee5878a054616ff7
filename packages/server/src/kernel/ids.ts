import { isSnowflakeString } from "@chatbot/protocol";
import { IdsExhaustedError } from "./errors/http-errors.js";

/** 2024-01-01T00:00:00Z: the epoch of the snowflake ids' time part. */
export const ID_EPOCH = 1_704_067_200_000;

/**
 * Makes ids as decimal strings of 63-bit snowflakes: milliseconds since {@link ID_EPOCH} in the high
 * 41 bits, then a 5-bit worker and a 17-bit sequence, so that id order is creation order
 * (docs/decisions.md#shapes-left-open). Ids stay strictly rising even when many are made in one
 * millisecond or the clock is read twice at the same time, and never pass 2^63-1: once a loaded
 * world holds an id at the very end of the range, making one more fails: `507 ids_exhausted`.
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
    let sequence = 0;
    if (ms === this.lastMs) {
      sequence = this.sequence + 1;
      if (sequence >= 1 << 17) {
        ms += 1;
        sequence = 0;
      }
    }
    // Checked before anything is kept, so a refused id leaves the generator as it was.
    if (ms > MAX_MS) throw new IdsExhaustedError();
    this.lastMs = ms;
    this.sequence = sequence;
    return snowflakeString(ms, ((this.worker & 31) << 17) | sequence);
  }

  /**
   * Makes sure later ids sort after `id` (after loading a stored world). The id may come from
   * another worker: when its worker bits are above this generator's, no sequence of this
   * millisecond is later, so the next id moves to the next millisecond.
   */
  observe(id: string): void {
    if (!isSnowflake(id)) return;
    const value = BigInt(id);
    const ms = Number(value >> 22n);
    const worker = Number((value >> 17n) & 31n);
    const mine = this.worker & 31;
    // The sequence this generator must pass in `ms`; -1 when any of its sequences is later.
    const passed = worker < mine ? -1 : worker === mine ? Number(value & 0x1ffffn) : (1 << 17) - 1;
    if (ms > this.lastMs) {
      this.lastMs = ms;
      this.sequence = passed;
    } else if (ms === this.lastMs && passed > this.sequence) {
      this.sequence = passed;
    }
  }
}

/** The largest time part of an id: 2^41 - 1 milliseconds after {@link ID_EPOCH} (year 2093). */
const MAX_MS = 2 ** 41 - 1;

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

/** Whether `value` is an id: a decimal string of 1 to 19 digits, at most 2^63-1. */
export function isSnowflake(value: string): boolean {
  return isSnowflakeString(value);
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
