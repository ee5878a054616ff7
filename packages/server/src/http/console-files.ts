import { existsSync, readFileSync, statSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { extname, join, normalize, sep } from "node:path";
import { fileURLToPath } from "node:url";

/** Where the console is served. */
export const CONSOLE_PATH = "/console";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".woff2": "font/woff2",
};

/**
 * The folder of the built console (`npm run build` writes it to `packages/server/dist/console`):
 * next to this module once built, or in `dist` when the server runs from its sources.
 */
function consoleDir(): string | null {
  for (const relative of ["../console/", "../../dist/console/"]) {
    const dir = fileURLToPath(new URL(relative, import.meta.url));
    if (existsSync(join(dir, "index.html"))) return dir;
  }
  return null;
}

let cachedDir: string | null | undefined;

/** The built console's folder, found once it exists (a build after start is picked up). */
function builtConsole(): string | null {
  cachedDir ??= consoleDir();
  return cachedDir;
}

/** Whether this install has the built console. */
export function hasConsole(): boolean {
  return builtConsole() !== null;
}

/** Whether a request is for the console's pages (`/console`, `/console/...`). */
export function isConsoleRequest(url: string): boolean {
  return url === CONSOLE_PATH || url.startsWith(`${CONSOLE_PATH}/`) || url.startsWith(`${CONSOLE_PATH}?`);
}

const TEXT = "text/plain; charset=utf-8";

/** Writes one answer of the console's pages; `headers` are added to the common ones. */
function answer(
  res: ServerResponse,
  status: number,
  type: string,
  body: string | Buffer,
  head: boolean,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, {
    "content-type": type,
    "content-length": Buffer.byteLength(body),
    "x-content-type-options": "nosniff",
    "cache-control": "no-store",
    ...headers,
  });
  res.end(head ? undefined : body);
}

/**
 * Serves the console's static files: `/console` moves to `/console/`, which is its `index.html`;
 * `/console/assets/...` are the built scripts and styles (their names carry a hash: cached for good).
 * The caller has checked the request's `Host` like any dev API request.
 */
export function serveConsole(req: IncomingMessage, res: ServerResponse): void {
  const method = req.method ?? "GET";
  const head = method === "HEAD";
  if (method !== "GET" && !head) {
    answer(res, 405, TEXT, "the console's pages are read with GET\n", false, { allow: "GET, HEAD" });
    return;
  }
  const path = (req.url ?? "/").split("?")[0] ?? "/";
  if (path === CONSOLE_PATH) {
    res.writeHead(308, { location: `${CONSOLE_PATH}/` });
    res.end();
    return;
  }
  const dir = builtConsole();
  if (dir === null) {
    answer(
      res,
      404,
      TEXT,
      "The console is not built: run `npm run build` in the chatbot repository.\n",
      head,
    );
    return;
  }
  let relative: string;
  try {
    relative = decodeURIComponent(path.slice(CONSOLE_PATH.length + 1)) || "index.html";
  } catch {
    answer(res, 400, TEXT, "bad path\n", head);
    return;
  }
  const file = normalize(join(dir, relative));
  const inside = file.startsWith(dir.endsWith(sep) ? dir : dir + sep);
  if (!inside || !statSync(file, { throwIfNoEntry: false })?.isFile()) {
    answer(res, 404, TEXT, `no console file ${path}\n`, head);
    return;
  }
  const type = TYPES[extname(file)] ?? "application/octet-stream";
  answer(res, 200, type, readFileSync(file), head, {
    "cache-control": relative.startsWith("assets/") ? "public, max-age=31536000, immutable" : "no-cache",
    ...(type.startsWith("text/html")
      ? {
          "content-security-policy":
            "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'",
        }
      : {}),
  });
}
