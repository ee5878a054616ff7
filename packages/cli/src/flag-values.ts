import { statSync } from "node:fs";
import { resolve } from "node:path";

/**
 * Coercions of flag values, used by the flag table: each takes the value yargs parsed and returns
 * the checked value, or throws with a message that names the flag, the rule and the value given.
 */

/** The one value of `--<flag>`; given twice, it is refused. */
function single(flag: string, value: unknown): string {
  if (Array.isArray(value)) throw new Error(`--${flag} is given ${value.length} times; give it once`);
  return String(value);
}

/** A whole number from `min` to `max`; `unit` is said after "whole number" (" of milliseconds"). */
export function wholeNumber(flag: string, min: number, max: number, unit = ""): (value: unknown) => number {
  return (value) => {
    const text = single(flag, value);
    const number = Number(text);
    if (!/^\d+$/.test(text) || number < min || number > max) {
      throw new Error(`--${flag} must be a whole number${unit} from ${min} to ${max}, got ${text}`);
    }
    return number;
  };
}

/** Any text but the empty one (`--flag=` or `--flag ""`). */
export function nonEmpty(flag: string, what: string): (value: unknown) => string {
  return (value) => {
    const text = single(flag, value);
    if (text.trim() === "") throw new Error(`--${flag} needs ${what}, got an empty value`);
    return text;
  };
}

/** The path of a file that exists (relative paths are from the working folder). */
export function existingFile(flag: string): (value: unknown) => string {
  const path = nonEmpty(flag, "a file path");
  return (value) => {
    const text = path(value);
    const absolute = resolve(text);
    let isFile: boolean;
    try {
      isFile = statSync(absolute).isFile();
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT" || code === "ENOTDIR") {
        throw new Error(`--${flag} ${text}: the file does not exist (looked for ${absolute})`, {
          cause: error,
        });
      }
      throw new Error(`--${flag} ${text}: cannot read ${absolute}: ${(error as Error).message}`, {
        cause: error,
      });
    }
    if (!isFile) throw new Error(`--${flag} ${text}: ${absolute} is a folder, not a file`);
    return text;
  };
}

/** An http(s) URL. */
export function httpUrl(flag: string): (value: unknown) => string {
  const text = nonEmpty(flag, "a URL");
  return (value) => {
    const given = text(value);
    let url: URL;
    try {
      url = new URL(given);
    } catch (error) {
      throw new Error(`--${flag} must be an http or https URL, got ${given}`, { cause: error });
    }
    if (url.protocol !== "http:" && url.protocol !== "https:")
      throw new Error(`--${flag} must be an http or https URL, got ${given}`);
    return given.replace(/\/+$/, "");
  };
}

/**
 * A port given as `--<flag>=<port>`, or `fallback` for the flag alone (`--<flag>`): a whole number
 * from 0 to 65535, 0 for a free one.
 */
export function optionalPort(flag: string, fallback: number): (value: unknown) => number {
  const port = wholeNumber(flag, 0, 65_535);
  return (value) => {
    if (value === "" || value === true) return fallback;
    try {
      return port(value);
    } catch (error) {
      throw new Error(
        `${(error as Error).message} (give it as --${flag}=<port>, or --${flag} alone for ${fallback})`,
        {
          cause: error,
        },
      );
    }
  };
}
