import type { IncomingMessage, ServerResponse } from "node:http";
import { hasConsole } from "./console-files.js";
import type { RawRoute } from "./route.js";
import type { DevAccess, ServerRuntime } from "./runtime.js";

/** What `GET /` tells a newcomer: where everything is. */
export interface IndexPage {
  readonly name: string;
  /** `http://host:port`. */
  readonly base_url: string;
  /** The REST API of bots: `http://host:port/v1`. */
  readonly rest_url: string;
  /** The gateway's WebSocket URL. */
  readonly gateway_url: string;
  /** The dev API, and whether this server serves it (`open` on loopback, `key`, or `off`). */
  readonly dev_api: { readonly url: string; readonly access: DevAccess["mode"]; readonly world: string };
  /** The guides, as paths in the repository (the server does not serve them). */
  readonly docs: readonly string[];
  /** The web console, when there is one. */
  readonly console: string | null;
}

const DOCS = ["docs/index.md", "docs/reference-server.md", "docs/cli.md", "docs/console.md"] as const;

/** Whether a request is for the front page: `GET /` or `HEAD /` (a query string is ignored). */
export function isIndexRequest(method: string | undefined, url: string): boolean {
  return (method === "GET" || method === "HEAD") && (url === "/" || url.startsWith("/?"));
}

function indexPage(runtime: ServerRuntime): IndexPage {
  const base = runtime.baseUrl();
  return {
    name: "chatbot reference server",
    base_url: base,
    rest_url: `${base}/v1`,
    gateway_url: runtime.gatewayUrl(),
    dev_api: { url: `${base}/dev/v1`, access: runtime.devAccess.mode, world: `${base}/dev/v1/world` },
    docs: DOCS,
    console: runtime.devAccess.mode !== "off" && hasConsole() ? `${base}/console/` : null,
  };
}

const ACCESS_TEXT: Record<DevAccess["mode"], string> = {
  open: "open (loopback)",
  key: "needs Authorization: Dev <key>",
  off: "off (bound beyond loopback without --dev-key)",
};

function asText(page: IndexPage): string {
  return [
    `${page.name}`,
    "",
    `REST (bots)   ${page.rest_url}`,
    `gateway       ${page.gateway_url}`,
    `dev API       ${page.dev_api.url}  ${ACCESS_TEXT[page.dev_api.access]}`,
    `the world     ${page.dev_api.world}`,
    ...(page.console ? [`console       ${page.console}`] : []),
    `docs          ${page.docs.join(", ")}`,
    "",
    "Ask with Accept: application/json for this as JSON.",
    "",
  ].join("\n");
}

const escape = (text: string): string =>
  text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c] ?? c);

function asHtml(page: IndexPage): string {
  const link = (url: string) => `<a href="${escape(url)}">${escape(url)}</a>`;
  const rows = [
    ["REST (bots)", link(page.rest_url)],
    ["gateway", escape(page.gateway_url)],
    ["dev API", `${link(page.dev_api.url)} ${escape(ACCESS_TEXT[page.dev_api.access])}`],
    ["the world", link(page.dev_api.world)],
    ...(page.console ? [["console", link(page.console)]] : []),
    ["docs", page.docs.map(escape).join(", ")],
  ];
  return [
    "<!doctype html>",
    `<html><head><meta charset="utf-8"><title>${escape(page.name)}</title></head><body>`,
    `<h1>${escape(page.name)}</h1>`,
    "<table>",
    ...rows.map(([name, value]) => `<tr><th align="left">${name}</th><td>${value}</td></tr>`),
    "</table>",
    "</body></html>",
    "",
  ].join("\n");
}

/**
 * Answers the front page: JSON when the request accepts `application/json`, a small HTML page when
 * it accepts `text/html` (a browser), plain text otherwise (curl).
 */
export function answerIndex(runtime: ServerRuntime, req: IncomingMessage, res: ServerResponse): void {
  const page = indexPage(runtime);
  const accept = req.headers.accept ?? "";
  const [type, body] = accept.includes("application/json")
    ? ["application/json; charset=utf-8", JSON.stringify(page)]
    : accept.includes("text/html")
      ? ["text/html; charset=utf-8", asHtml(page)]
      : ["text/plain; charset=utf-8", asText(page)];
  res.writeHead(200, { "content-type": type, "content-length": Buffer.byteLength(body), vary: "accept" });
  res.end(req.method === "HEAD" ? undefined : body);
}

/** The front page as a route of the table: `GET /` and `HEAD /`. */
export const indexRoute: RawRoute = {
  kind: "raw",
  path: "/",
  matches: isIndexRequest,
  create: (runtime) => (req, res) => answerIndex(runtime, req, res),
};
