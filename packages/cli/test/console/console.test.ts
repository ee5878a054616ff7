import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import {
  type ConsoleWorld,
  launchBrowser,
  openConsole,
  screenshot,
  startConsoleWorld,
} from "./console-support.js";

let browser: Browser;
let context: BrowserContext | undefined;
let world: ConsoleWorld | undefined;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function begin(): Promise<ConsoleWorld> {
  world = await startConsoleWorld();
  context = await browser.newContext({ viewport: { width: 1280, height: 760 } });
  page = await context.newPage();
  page.setDefaultTimeout(8_000);
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(String(error)));
  afterChecks.push(() => expect(errors, "errors in the page").toEqual([]));
  return world;
}

const afterChecks: (() => void)[] = [];
afterEach(async () => {
  for (const check of afterChecks.splice(0)) check();
  await context?.close();
  await world?.close();
  context = undefined;
  world = undefined;
});

/** Types `/name` in the box and picks the command from the list. */
async function pickCommand(name: string): Promise<void> {
  await page.getByLabel("Message", { exact: true }).fill(`/${name.slice(0, 2)}`);
  await page.getByRole("option", { name: new RegExp(`/${name}\\b`) }).click();
  await page.getByRole("form", { name: `/${name}` }).waitFor();
}

describe("the web console in Chromium", () => {
  it("a person posts, and sees the message where everyone does", async () => {
    const w = await begin();
    await openConsole(page, w, w.bob);
    await page.getByText("# general").first().waitFor();
    await page.getByLabel("Message", { exact: true }).fill("hello from the console");
    await page.keyboard.press("Enter");
    await page.locator(".message .content", { hasText: "hello from the console" }).waitFor();
    const seen = await w.dev<{ content: string; author: { id: string } }[]>(
      "GET",
      `/channels/${w.general}/messages?limit=5`,
      undefined,
      w.ada,
    );
    expect(seen[0]).toMatchObject({ content: "hello from the console", author: { id: w.bob } });
    // A message Ada posts elsewhere arrives without a reload.
    await w.dev("POST", `/channels/${w.general}/messages`, { content: "welcome, Bob" }, w.ada);
    await page.locator(".message .content", { hasText: "welcome, Bob" }).waitFor();
    await screenshot(page, "chat");
  });

  it("uses a command with options, checked first, and shows the bot's answer only to that person", async () => {
    const w = await begin();
    await openConsole(page, w, w.bob);
    await pickCommand("roll");
    const form = page.getByRole("form", { name: "/roll" });
    await form.getByText("Sides of the die · integer, ≥ 2, ≤ 100, required").waitFor();
    await form.getByLabel("sides").fill("1");
    await form.getByRole("button", { name: "Use /roll" }).click();
    await form.getByText("sides must be at least 2").waitFor();
    await form.getByLabel("sides").fill("20");
    await screenshot(page, "command");
    await form.getByRole("button", { name: "Use /roll" }).click();
    const answer = page.locator(".message.ephemeral", { hasText: "Bob rolled 4 on a d20" });
    await answer.waitFor();
    await answer.getByText("Only you can see this").waitFor();
    await expect(answer.locator(".tag.bot").textContent()).resolves.toBe("BOT");
    await screenshot(page, "ephemeral");
    // Ada does not see it.
    const adaSees = await w.dev<{ content: string }[]>(
      "GET",
      `/channels/${w.general}/messages`,
      undefined,
      w.ada,
    );
    expect(adaSees.map((m) => m.content)).not.toContain("Bob rolled 4 on a d20");
  });

  it("shows the service's own refusal of options next to the field", async () => {
    const w = await begin();
    await openConsole(page, w, w.bob);
    await pickCommand("roll");
    // The app narrows /roll after the form was opened: the page's check passes, the service's does not.
    await w.rest.setGlobalCommands([
      {
        name: "roll",
        description: "Roll a die",
        options: [
          {
            type: 4,
            name: "sides",
            description: "Sides of the die",
            required: true,
            min_value: 2,
            max_value: 10,
          },
        ],
      },
    ]);
    const form = page.getByRole("form", { name: "/roll" });
    await form.getByLabel("sides").fill("20");
    await form.getByRole("button", { name: "Use /roll" }).click();
    await form.locator(".option.bad .error", { hasText: /^sides .*10/ }).waitFor();
    await page.getByLabel("Message", { exact: true }).waitFor({ state: "detached" });
    // Typing a command nobody has says so.
    await form.getByRole("button", { name: "Cancel" }).click();
    await page.getByLabel("Message", { exact: true }).fill("/nothing");
    await page.getByText("No command matches /nothing.").waitFor();
  });

  it("explains a refused bot call in the inspector", async () => {
    const w = await begin();
    await openConsole(page, w, w.bob);
    await pickCommand("shout");
    await page.getByRole("form", { name: "/shout" }).getByRole("button", { name: "Use /shout" }).click();
    await page.locator(".message .content", { hasText: "Shouting in #quiet…" }).waitFor();
    await page.getByRole("button", { name: "Inspector" }).click();
    const refusal = page.locator(".record.refused", { hasText: "POST /v1/channels/" });
    await refusal.waitFor();
    await refusal
      .getByText(
        "the bot of Dice lacks send_messages in #quiet: the overwrite for @everyone in #quiet denies it.",
      )
      .waitFor();
    await refusal.locator(".record-line").click();
    await refusal.getByText("the overwrite for role @everyone in #quiet denies send_messages").waitFor();
    await page.locator(".body").evaluate((el) => el.scrollTo(0, 0));
    await screenshot(page, "inspector");
  });

  it("moves the clock and shows that the app did not respond", async () => {
    const w = await begin();
    await openConsole(page, w, w.bob);
    await pickCommand("slow");
    await page.getByRole("form", { name: "/slow" }).getByRole("button", { name: "Use /slow" }).click();
    await page.locator(".notice", { hasText: "sent to Dice" }).waitFor();
    await page.getByRole("button", { name: "+3 s" }).click();
    await page.locator(".notice.unanswered", { hasText: "The app did not respond." }).waitFor();
    await screenshot(page, "did-not-respond");
  });

  it("edits the world as a person, refusals shown, and says when an app is not connected", async () => {
    const w = await begin();
    await openConsole(page, w, w.ada, "world");
    const roles = page.getByRole("region", { name: "Roles" });
    await roles.getByLabel("Role name").fill("Moderators");
    await roles.getByRole("button", { name: "Make role" }).click();
    await roles.getByText("Moderators").waitFor();
    const made = await w.dev<{ roles: { name: string; guild_id: string }[] }>("GET", "/world");
    expect(made.roles.filter((r) => r.guild_id === w.guildId).map((r) => r.name)).toContain("Moderators");
    // Bob may not make roles: the refusal is shown beside the form.
    await page.getByLabel("You are").selectOption(w.bob);
    await roles.getByLabel("Role name").fill("Bobs");
    await roles.getByRole("button", { name: "Make role" }).click();
    await roles
      .getByRole("alert")
      .getByText(/missing the permission manage_roles/)
      .waitFor();
    await page.getByLabel("You are").selectOption(w.ada);
    await screenshot(page, "world");

    await w.disconnect();
    await page.getByRole("button", { name: "Chat" }).click();
    await pickCommand("roll");
    const form = page.getByRole("form", { name: "/roll" });
    await form.getByLabel("sides").fill("6");
    await form.getByRole("button", { name: "Use /roll" }).click();
    await page.locator(".notice.not_delivered", { hasText: "The app is not connected." }).waitFor();
  });

  it("pages a channel of 1,000 messages instead of rendering them all", async () => {
    const w = await begin();
    for (let i = 1; i <= 1_000; i++) {
      await w.dev("POST", `/channels/${w.general}/messages`, { content: `message ${i}` }, w.ada);
    }
    await openConsole(page, w, w.ada);
    await page.locator(".message .content", { hasText: "message 1000" }).waitFor();
    expect(await page.locator(".message").count()).toBe(50);
    await page.getByRole("button", { name: "Load older messages" }).click();
    await page.locator(".message .content", { hasText: /^message 901$/ }).waitFor();
    expect(await page.locator(".message").count()).toBe(100);
  });
});
