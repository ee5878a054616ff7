import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { launchChromium } from "../../../../test-support/chromium.mjs";
import { type ConsoleWorld, startConsoleWorld } from "./console-support.js";

let browser: Browser;
let context: BrowserContext | undefined;
let world: ConsoleWorld | undefined;
/** The page of the test running (a fresh browser context per test), once it called {@link begin}. */
export let page: Page;

const afterChecks: (() => void)[] = [];

/**
 * Registers the hooks of a test file of the console: one Chromium for the file, and after each
 * test, no error in the page, then its context and world closed.
 */
export function useChromium(): void {
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    for (const check of afterChecks.splice(0)) check();
    await context?.close();
    await world?.close();
    context = undefined;
    world = undefined;
  });
}

/** Starts the test's world and a page in a fresh context; errors in the page fail the test. */
export async function begin(options: { devKey?: string } = {}): Promise<ConsoleWorld> {
  world = await startConsoleWorld(options);
  context = await browser.newContext({ viewport: { width: 1280, height: 760 } });
  page = await context.newPage();
  page.setDefaultTimeout(8_000);
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(String(error)));
  afterChecks.push(() => expect(errors, "errors in the page").toEqual([]));
  return world;
}

/** Types `/name` in the box and picks the command from the list. */
export async function pickCommand(name: string): Promise<void> {
  await page.getByLabel("Message", { exact: true }).fill(`/${name.slice(0, 2)}`);
  await page.getByRole("option", { name: new RegExp(`/${name}\\b`) }).click();
  await page.getByRole("form", { name: `/${name}` }).waitFor();
}
