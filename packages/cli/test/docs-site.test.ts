// The documentation site (`npm run docs:build`) in Chromium: every page of docs/ and of the API
// reference renders its title without console errors, the search finds the API's names and leads
// to them, and every internal link and #anchor of every page leads somewhere.
import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { type Browser, type BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../../../test-support/chromium.mjs";
import { buildSiteIfStale, DIST, DOCS, filesUnder, serveSite } from "./docs-site.js";

/** What a page showed once hydrated. */
interface Visit {
  title: string;
  heading: string;
  ids: string[];
  hrefs: string[];
  errors: string[];
}

let site: Awaited<ReturnType<typeof serveSite>>;
let browser: Browser;
let context: BrowserContext;
const visits = new Map<string, Visit>();

/**
 * docs/x/y.md as the site's path /x/y.html, for every page VitePress builds: listed once the build
 * has run, since the API reference's pages (docs/api/) are written by it (a fresh clone has none).
 */
let pages = new Map<string, string>();
const listPages = () =>
  new Map(
    filesUnder(DOCS, [".vitepress"])
      .filter((file) => file.endsWith(".md"))
      .map((file) => [`/${relative(DOCS, file).replace(/\.md$/, ".html")}`, file] as const),
  );

/** A Markdown page's first heading as text: no backticks, escapes or link targets. */
function headingOf(file: string): string {
  const line = /^# (.+)$/m.exec(readFileSync(file, "utf8"))?.[1] ?? "";
  return line
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[`\\]/g, "")
    .trim();
}

async function visit(path: string): Promise<Visit> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    // The browser asks for /favicon.ico on its own; the site has none.
    const url = message.location().url;
    if (message.type() === "error" && !url.endsWith("/favicon.ico")) errors.push(`${message.text()} ${url}`);
  });
  page.on("pageerror", (error) => errors.push(error.message));
  try {
    // The API's pages are large: `load` for the whole document (networkidle alone can come while
    // it is still being parsed), then the quiet after hydration's requests.
    await page.goto(site.url + path, { waitUntil: "load", timeout: 30_000 });
    await page.waitForLoadState("networkidle", { timeout: 30_000 });
    const shown = {
      title: await page.title(),
      heading: (await page.locator(".vp-doc h1").first().textContent()) ?? "",
      ids: await page.locator("[id]").evaluateAll((elements) => elements.map((element) => element.id)),
      hrefs: await page
        .locator("a[href]")
        .evaluateAll((links) => links.map((link) => (link as unknown as { href: string }).href)),
    };
    return { ...shown, heading: shown.heading.replace(/\u200b/g, "").trim(), errors };
  } finally {
    await page.close();
  }
}

beforeAll(async () => {
  const seconds = await buildSiteIfStale(240_000);
  if (seconds !== null) console.log(`npm run docs:build took ${seconds.toFixed(0)} s`);
  pages = listPages();
  site = await serveSite();
  browser = await launchChromium();
  context = await browser.newContext();
  // Four tabs at a time over the site's thirty-odd pages (the API's largest take seconds each).
  const queue = [...pages.keys()];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let path = queue.shift(); path !== undefined; path = queue.shift())
        visits.set(path, await visit(path));
    }),
  );
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

describe("the documentation site", () => {
  it("builds a page for every page of docs/ and of the API reference, and no other", () => {
    const built = filesUnder(DIST)
      .filter((file) => file.endsWith(".html") && !file.endsWith("/404.html"))
      .map((file) => `/${relative(DIST, file)}`);
    expect(built.sort()).toEqual([...pages.keys()].sort());
    expect([...pages.keys()]).toContain("/api/@chatbot/framework.html");
    expect([...pages.keys()]).toContain("/api/@chatbot/cluster/testing.html");
  });

  it("renders each page's title, without console errors", () => {
    const wrong: string[] = [];
    for (const [path, file] of pages) {
      const shown = visits.get(path)!;
      const heading = headingOf(file);
      if (heading === "" || shown.heading !== heading)
        wrong.push(`${path}: h1 ${JSON.stringify(shown.heading)}`);
      if (shown.title !== `${heading} | chatbot`) wrong.push(`${path}: title ${JSON.stringify(shown.title)}`);
      for (const error of shown.errors) wrong.push(`${path}: ${error}`);
    }
    expect(wrong).toEqual([]);
  });

  it("links only to pages it has, and to anchors those pages have", async () => {
    const broken: string[] = [];
    const others = new Map<string, number>();
    for (const [path, shown] of visits) {
      for (const href of new Set(shown.hrefs)) {
        const target = new URL(href);
        if (target.origin !== site.url) continue;
        const targetPath = target.pathname.endsWith("/") ? `${target.pathname}index.html` : target.pathname;
        const page = visits.get(decodeURIComponent(targetPath));
        if (page === undefined) {
          // Not a page: a file of the site, such as a picture.
          const status = others.get(targetPath) ?? (await fetch(site.url + targetPath)).status;
          others.set(targetPath, status);
          if (status !== 200) broken.push(`${path}: ${href} (${status})`);
        } else if (target.hash !== "" && !page.ids.includes(decodeURIComponent(target.hash.slice(1)))) {
          broken.push(`${path}: ${href} (no such anchor)`);
        }
      }
    }
    expect(broken).toEqual([]);
    // The guide's links between pages and to headings were followed, not skipped.
    expect(visits.get("/index.html")!.hrefs).toContain(`${site.url}/getting-started.html`);
  });

  it.each([
    ["startTestCluster", "/api/@chatbot/cluster/testing.html", "starttestcluster"],
    ["createBot", "/api/@chatbot/framework.html", "createbot"],
  ])("search finds %s and leads to it in the API reference", async (name, path, anchor) => {
    const page = await context.newPage();
    try {
      await page.goto(`${site.url}/getting-started.html`, { waitUntil: "load" });
      await page.waitForLoadState("networkidle");
      await page.click(".DocSearch-Button");
      await page.fill("#localsearch-input", name);
      const result = page.locator(".VPLocalSearchBox .results a.result", { hasText: `${name}()` }).first();
      await result.click({ timeout: 10_000 });
      await page.waitForURL(`${site.url}${path}#${anchor}`, { timeout: 10_000 });
      const heading = page.locator(`h3#${anchor}`);
      await expect.poll(() => heading.textContent()).toContain(`${name}()`);
      await expect.poll(() => heading.isVisible()).toBe(true);
    } finally {
      await page.close();
    }
  });
});
