import type { IncomingMessage } from "node:http";
import { HostNotAllowedError, OriginNotAllowedError } from "../kernel/errors/http-errors.js";
import type { DevAccess } from "./runtime.js";

/** The loopback names a browser on this machine may use for the server. */
const LOOPBACK_NAMES = ["localhost", "127.0.0.1", "[::1]"];

/** `host` as it appears in a `Host` header (`[::1]`, `0.0.0.0` stays itself). */
function hostName(host: string): string {
  return host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
}

/**
 * Keeps web pages away from the dev API (and any page the server serves besides `/v1`). A page on
 * any site may send requests to `127.0.0.1`; the browser then names the page in `Origin`, and a page
 * whose own name was rebound to 127.0.0.1 (DNS rebinding) carries that name in `Host`. So:
 *
 * - when the dev API is open (bound to loopback), `Host` must be one of the server's own names with
 *   its port: `localhost`, `127.0.0.1`, `[::1]` or the bound host (`403 host_not_allowed`);
 * - an `Origin`, when present, must be the server's own origin, `http://` and the request's `Host`
 *   (`403 origin_not_allowed`). Tools such as curl send no `Origin` and are not concerned.
 *
 * Bound beyond loopback the dev API needs its key, which no page knows, and any name may reach the
 * machine, so only the `Origin` rule applies there.
 */
export class RequestGuard {
  private hosts: ReadonlySet<string> = new Set();

  constructor(
    private readonly boundHost: string,
    private readonly access: DevAccess,
  ) {}

  /** Records the port once the server listens: `Host` values name it. */
  listening(port: number): void {
    const names = new Set([...LOOPBACK_NAMES, hostName(this.boundHost)]);
    const hosts = new Set<string>();
    for (const name of names) {
      hosts.add(`${name}:${port}`);
      if (port === 80) hosts.add(name);
    }
    this.hosts = hosts;
  }

  /** Throws {@link HostNotAllowedError} or {@link OriginNotAllowedError} for a request from a page. */
  check(req: IncomingMessage): void {
    const host = req.headers.host?.toLowerCase();
    if (this.access.mode === "open" && (host === undefined || !this.hosts.has(host))) {
      throw new HostNotAllowedError(req.headers.host);
    }
    const origin = req.headers.origin;
    if (origin !== undefined && (host === undefined || origin.toLowerCase() !== `http://${host}`)) {
      throw new OriginNotAllowedError(origin);
    }
  }
}
