// The documentation site as its test sees it: built by `npm run docs:build` when any of its
// inputs is newer than the last build, then served as static files on loopback.
import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { type AddressInfo } from "node:net";
import { extname, join, relative } from "node:path";
import { REPO_ROOT } from "./doc-blocks.js";

export const DOCS = join(REPO_ROOT, "docs");
export const DIST = join(DOCS, ".vitepress/dist");

/** Every file under `dir`, skipping folders `skip` names (relative to `dir`). */
export function filesUnder(dir: string, skip: readonly string[] = []): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((path) => !skip.some((folder) => path === folder || path.startsWith(`${folder}/`)))
    .map((path) => join(dir, path))
    .filter((path) => statSync(path).isFile());
}

/** What the site is made from: the pages, its config, and the packages' sources and manifests. */
function inputs(): string[] {
  const packages = readdirSync(join(REPO_ROOT, "packages")).flatMap((name) => [
    join(REPO_ROOT, "packages", name, "package.json"),
    ...filesUnder(join(REPO_ROOT, "packages", name, "src")),
  ]);
  return [...filesUnder(DOCS, ["api", ".vitepress/dist", ".vitepress/cache"]), ...packages];
}

/** Runs `npm run docs:build` unless docs/.vitepress/dist is newer than every input; answers the seconds it took. */
export async function buildSiteIfStale(timeoutMs: number): Promise<number | null> {
  const built = join(DIST, "index.html");
  if (existsSync(built)) {
    const builtAt = statSync(built).mtimeMs;
    if (inputs().every((path) => statSync(path).mtimeMs < builtAt)) return null;
  }
  const started = Date.now();
  const child = spawn("npm", ["run", "docs:build"], { cwd: REPO_ROOT, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  clearTimeout(timer);
  if (code !== 0) throw new Error(`npm run docs:build failed (exit ${code}):\n${output}`);
  return (Date.now() - started) / 1000;
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".css": "text/css",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".woff2": "font/woff2",
};

/** The built site's files over HTTP on 127.0.0.1, `/x/` as `/x/index.html`; 404 for the rest. */
export async function serveSite(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    let path = decodeURIComponent(new URL(req.url ?? "/", "http://site").pathname);
    if (path.endsWith("/")) path += "index.html";
    const file = join(DIST, path);
    if (relative(DIST, file).startsWith("..") || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" });
    res.end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
