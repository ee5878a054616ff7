import type { IncomingMessage, ServerResponse } from "node:http";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchChromium } from "../../../../test-support/chromium.mjs";
import {
  type ConsoleWorld,
  openConsole,
  rollCommand,
  screenshot,
  startConsoleWorld,
} from "./console-support.js";

let browser: Browser;
let context: BrowserContext | undefined;
let world: ConsoleWorld | undefined;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

async function begin(options: { devKey?: string } = {}): Promise<ConsoleWorld> {
  world = await startConsoleWorld(options);
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
  it("a person posts, replies, reacts, edits and deletes, and sees pins, webhooks and embeds as they happen", async () => {
    const w = await begin();
    await openConsole(page, w, w.bob);
    await page.getByText("# general").first().waitFor();
    const box = page.getByLabel("Message", { exact: true });
    await box.fill("hello from the console");
    await page.keyboard.press("Enter");
    await page.locator(".message", { hasText: "hello from the console" }).waitFor();
    const seen = await w.dev<{ id: string; content: string; author: { id: string } }[]>(
      "GET",
      `/channels/${w.general}/messages?limit=5`,
      undefined,
      w.ada,
    );
    expect(seen[0]).toMatchObject({ content: "hello from the console", author: { id: w.bob } });
    const hello = page.locator(`[data-message-id="${seen[0]!.id}"]`);

    // What Ada posts arrives without a reload; Bob answers it.
    const welcomed = await w.dev<{ id: string }>(
      "POST",
      `/channels/${w.general}/messages`,
      { content: "welcome, Bob" },
      w.ada,
    );
    const welcome = page.locator(".message", { hasText: "welcome, Bob" }).first();
    await welcome.waitFor();
    await welcome.hover();
    await welcome.getByRole("button", { name: "Reply" }).click();
    await page.getByText("Replying to Ada").waitFor();
    await box.fill("thanks, Ada!");
    await page.keyboard.press("Enter");
    await page
      .locator(".message", { hasText: "thanks, Ada!" })
      .locator(".reply-quote", { hasText: "Ada: welcome, Bob" })
      .waitFor();

    // A reaction as Bob, then a pin Bob may not make (the refusal shows) and one Ada makes.
    await welcome.hover();
    await welcome.getByRole("button", { name: "React" }).click();
    await welcome.getByRole("form", { name: "React with" }).getByRole("button", { name: "👍" }).click();
    await welcome.locator(".reaction.me", { hasText: "👍 1" }).waitFor();
    await welcome.hover();
    await welcome.getByRole("button", { name: "Pin" }).click();
    await page
      .getByRole("alert")
      .getByText(/missing the permission/)
      .waitFor();
    await w.dev("PUT", `/channels/${w.general}/messages/${welcomed.id}/pin`, undefined, w.ada);
    await welcome.locator(".pinned").waitFor();

    // Bob edits his own message, and deletes a slip.
    await hello.hover();
    await hello.getByRole("button", { name: "Edit" }).click();
    await hello.getByLabel("Edit message").fill("hello from the console!");
    await hello.getByRole("button", { name: "Save" }).click();
    await hello.getByText("(edited)").waitFor();
    await hello.getByText("hello from the console!").waitFor();
    await box.fill("oops, wrong channel");
    await page.keyboard.press("Enter");
    const slip = page.locator(".message", { hasText: "oops, wrong channel" });
    await slip.hover();
    await slip.getByRole("button", { name: "Delete" }).click();
    await slip.waitFor({ state: "detached" });

    // A webhook's post, with its tag and embed.
    const hook = await w.dev<{ url: string }>(
      "POST",
      `/channels/${w.general}/webhooks`,
      { name: "Builds" },
      w.ada,
    );
    const executed = await fetch(hook.url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        content: "Build passed",
        embeds: [
          {
            title: "main #42",
            description: "All 312 tests passed",
            color: 0x22c55e,
            fields: [
              { name: "Duration", value: "1 min 12 s", inline: true },
              { name: "Commit", value: "c8ed31c", inline: true },
            ],
          },
        ],
      }),
    });
    expect(executed.status).toBe(204);
    const build = page.locator(".message", { hasText: "Build passed" });
    await build.locator(".tag.webhook").waitFor();
    await build.locator(".embed-title", { hasText: "main #42" }).waitFor();
    await build.locator(".embed-fields", { hasText: "c8ed31c" }).waitFor();
    // An embed's colour is a number (webhooks) or a "#rrggbb" string (bots and people): both show.
    const bar = (embed: ReturnType<typeof page.locator>) =>
      embed.evaluate((el) => el.ownerDocument.defaultView!.getComputedStyle(el).borderLeftColor);
    await expect(bar(build.locator(".embed"))).resolves.toBe("rgb(34, 197, 94)");
    await w.dev(
      "POST",
      `/channels/${w.general}/messages`,
      { content: "status", embeds: [{ title: "All good", color: "#ff0000" }] },
      w.ada,
    );
    const status = page.locator(".message", { hasText: "All good" }).locator(".embed");
    await status.waitFor();
    await expect(bar(status)).resolves.toBe("rgb(255, 0, 0)");
    await w.dev(
      "DELETE",
      `/channels/${w.general}/messages/${await status.evaluate((el) => el.closest(".message")!.getAttribute("data-message-id"))}`,
      undefined,
      w.ada,
    );
    await status.waitFor({ state: "detached" });
    await page.mouse.move(0, 0);
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
    await w.rest.setGlobalCommands([rollCommand(10)]);
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

  it("injects faults, shows sessions and frames, and moves the clock by a typed amount", async () => {
    const w = await begin();
    await openConsole(page, w, w.bob, "inspector");
    const faults = page.getByRole("form", { name: "Faults" });
    await faults.getByLabel("Fault kind").selectOption("close_gateway");
    await faults.getByLabel("Close code").fill("4000");
    await faults.getByRole("button", { name: "Inject" }).click();
    await faults.getByText(/fault \d+ set/).waitFor();
    await page.locator(".record.session", { hasText: 'session closed 4000 "fault injected"' }).waitFor();

    // The next call of the bot answers 503, once.
    await faults.getByLabel("Fault kind").selectOption("http");
    await faults.getByLabel("Status").selectOption("503");
    await faults.getByRole("button", { name: "Inject" }).click();
    await faults.getByText(/fault \d+ set/).waitFor();
    await w.rest.getGlobalCommands().catch(() => undefined);
    await page.locator(".record.rest", { hasText: "GET /v1/applications/@me/commands → 503" }).waitFor();
    await faults.getByRole("button", { name: "Clear all" }).click();
    await faults.getByText("every pending fault cleared").waitFor();

    // Frames are shown on demand, each with its payload.
    await page.getByRole("checkbox", { name: "frames" }).check();
    await w.dev("POST", `/channels/${w.general}/messages`, { content: "a frame" }, w.ada);
    await expect.poll(() => page.locator(".record.gateway").count()).toBeGreaterThan(0);
    const frame = page.locator(".record.gateway").first();
    await frame.locator(".record-line").click();
    await frame.locator(".payload").waitFor();

    const before = (await w.dev<{ now: number }>("GET", "/clock")).now;
    await page.getByLabel("Advance by (ms)").fill("60000");
    await page.keyboard.press("Enter");
    await expect.poll(async () => (await w.dev<{ now: number }>("GET", "/clock")).now).toBe(before + 60_000);
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

  it("makes a person, and shows a command's thinking state until the app answers", async () => {
    const w = await begin();
    await openConsole(page, w, w.ada);
    await page.getByRole("button", { name: "New person" }).click();
    const form = page.getByRole("form", { name: "New person" });
    await form.getByLabel("username").fill("cy");
    await form.getByRole("button", { name: "Make" }).click();
    await page.getByText("This person is in no server yet").waitFor();
    const made = await w.dev<{ users: { id: string; username: string }[] }>("GET", "/world");
    const cy = made.users.find((u) => u.username === "cy")!;
    // The page acts as the person it just made.
    await expect(page.getByLabel("You are").inputValue()).resolves.toBe(cy.id);
    // Cy is in no server yet; once they join, their servers appear.
    await w.dev("POST", `/guilds/${w.guildId}/members`, { user_id: cy.id });
    await page.getByRole("button", { name: "# general" }).waitFor();

    await pickCommand("think");
    await page.getByRole("form", { name: "/think" }).getByRole("button", { name: "Use /think" }).click();
    await page.locator(".notice.thinking", { hasText: "Dice is thinking…" }).waitFor();
    await w.answerThinking("Thought it through");
    await page.locator(".message .content", { hasText: "Thought it through" }).waitFor();
    await page.locator(".notice.thinking").waitFor({ state: "detached" });
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

  it("asks for the dev key when the server needs one, then works with it, live updates included", async () => {
    const w = await begin({ devKey: "console-key" });
    await page.addInitScript((id: string) => localStorage.setItem("chatbot-console:person", id), w.bob);
    await page.goto(`${w.server.baseUrl}/console/#chat`);
    const key = page.getByLabel("Dev key", { exact: true });
    await key.fill("not-the-key");
    await page.getByRole("button", { name: "Open the console" }).click();
    await page.getByText("The server refused that key.").waitFor();
    await screenshot(page, "dev-key");
    await key.fill("console-key");
    await page.getByRole("button", { name: "Open the console" }).click();
    await page.locator(".live.on").waitFor();
    await page.getByText("# general").first().waitFor();

    // The stream carries the key too: what Ada posts arrives without a reload.
    await w.dev("POST", `/channels/${w.general}/messages`, { content: "posted beside the page" }, w.ada);
    await page.locator(".message", { hasText: "posted beside the page" }).waitFor();
    await page.getByLabel("Message", { exact: true }).fill("posted from the page");
    await page.keyboard.press("Enter");
    await page.locator(".message", { hasText: "posted from the page" }).waitFor();
    const seen = await w.dev<{ content: string; author: { id: string } }[]>(
      "GET",
      `/channels/${w.general}/messages?limit=1`,
      undefined,
      w.ada,
    );
    expect(seen[0]).toMatchObject({ content: "posted from the page", author: { id: w.bob } });

    // The key is kept for the tab: a reload goes straight in.
    await page.reload();
    await page.locator(".live.on").waitFor();
    expect(await key.count()).toBe(0);
  });

  it("says when the live stream is down, and catches up on what it missed once it is back", async () => {
    const w = await begin();
    const streams: ServerResponse[] = [];
    w.server.httpServer.on("request", (req: IncomingMessage, res: ServerResponse) => {
      if (req.url?.startsWith("/dev/v1/stream")) streams.push(res);
    });
    await openConsole(page, w, w.bob);
    await page.getByText("# general").first().waitFor();
    // The stream breaks, and cannot come back until the route is lifted.
    await page.route("**/dev/v1/stream", (route) => route.abort());
    for (const res of streams.splice(0)) res.destroy();
    await page.locator(".live", { hasText: "offline" }).waitFor();
    await w.dev("POST", `/channels/${w.general}/messages`, { content: "posted while offline" }, w.ada);
    await page.unroute("**/dev/v1/stream");
    await page.locator(".live.on").waitFor();
    await page.locator(".message", { hasText: "posted while offline" }).waitFor();
    expect(streams).toHaveLength(1);
  });

  it("pages a channel of 1,000 messages, never more than 250 on screen", async () => {
    const w = await begin();
    for (let i = 1; i <= 1_000; i++) {
      await w.dev("POST", `/channels/${w.general}/messages`, { content: `message ${i}` }, w.ada);
    }
    await openConsole(page, w, w.ada);
    const shows = (n: number) => page.locator(".message .content", { hasText: new RegExp(`^message ${n}$`) });
    await shows(1000).waitFor();
    expect(await page.locator(".message").count()).toBe(50);
    for (let oldest = 901; oldest >= 701; oldest -= 50) {
      await page.getByRole("button", { name: "Load older messages" }).click();
      await shows(oldest).waitFor();
    }
    // 300 read, 250 kept: the newest 50 went, and the page says how to come back.
    expect(await page.locator(".message").count()).toBe(250);
    expect(await shows(1000).count()).toBe(0);
    await page.getByText("You are reading older messages.").waitFor();
    // Scrolling to the top reads one page more, keeping the message that was first in place (not
    // pushed 50 messages down).
    const first = shows(701);
    await page.locator(".messages").evaluate((el) => el.scrollTo(0, 0));
    await shows(651).waitFor();
    expect(await page.locator(".message").count()).toBe(250);
    expect(await shows(601).count()).toBe(0);
    const top = await page.locator(".messages").evaluate((el) => el.getBoundingClientRect().top);
    expect((await first.boundingBox())!.y).toBeLessThan(top + 150);
    expect((await first.boundingBox())!.y).toBeGreaterThanOrEqual(top - 5);
    // A new message does not pull the reader forward; jumping to the newest shows it.
    await w.dev("POST", `/channels/${w.general}/messages`, { content: "message 1001" }, w.ada);
    await page.getByRole("button", { name: "Jump to the newest" }).click();
    await shows(1001).waitFor();
    expect(await page.locator(".message").count()).toBe(50);
  });
});

describe("the world editor in Chromium", () => {
  it("makes a channel, overwrites, renames a role, times out and kicks, and makes webhooks and rules", async () => {
    const w = await begin();
    await openConsole(page, w, w.ada, "world");
    const world = () =>
      w.dev<{
        channels: { id: string; name: string; topic: string | null; slowmode_seconds: number }[];
        roles: { id: string; name: string; guild_id: string }[];
        members: { user_id: string; guild_id: string; communication_disabled_until: number | null }[];
        automod_rules: { name: string; keywords: string[] }[];
      }>("GET", "/world");

    const channels = page.getByRole("region", { name: "Channels" });
    await channels.getByLabel("Channel name").fill("news");
    await channels.getByLabel("Topic").fill("What changed");
    await channels.getByLabel("Slowmode (s)").fill("5");
    await channels.getByRole("button", { name: "Make channel" }).click();
    await channels.getByRole("cell", { name: "#news" }).waitFor();
    const news = (await world()).channels.find((c) => c.name === "news")!;
    expect(news).toMatchObject({ topic: "What changed", slowmode_seconds: 5 });

    // Bob may not post in #news: a member overwrite, saved and shown.
    await channels.getByRole("row", { name: /#news/ }).getByRole("button", { name: "Permissions" }).click();
    await channels.getByLabel("Overwrite for").selectOption({ label: "member bob" });
    await channels.getByRole("button", { name: "Add" }).click();
    await channels.getByLabel("send_messages for bob").selectOption("deny");
    await channels.getByRole("button", { name: "Save overwrites" }).click();
    await channels.getByText("overwrites saved").waitFor();
    await expect(w.dev("POST", `/channels/${news.id}/messages`, { content: "hi" }, w.bob)).rejects.toThrow(
      /missing_permission|send_messages/,
    );

    const roles = page.getByRole("region", { name: "Roles" });
    await roles.getByLabel("Role name").fill("Mods");
    await roles.getByRole("button", { name: "Make role" }).click();
    await roles.getByText("Mods", { exact: true }).waitFor();
    await roles.locator("li", { hasText: "Mods" }).getByRole("button", { name: "Edit" }).click();
    await roles.getByLabel("Name of Mods").fill("Moderators");
    await roles.getByRole("button", { name: "Save role" }).click();
    await roles.getByText("Moderators", { exact: true }).waitFor();
    expect((await world()).roles.map((r) => r.name)).toContain("Moderators");

    const members = page.getByRole("region", { name: "Members" });
    await members.getByRole("row", { name: /bob/ }).getByRole("button", { name: "Time out" }).click();
    await members.getByRole("row", { name: /bob/ }).getByRole("button", { name: "End timeout" }).waitFor();
    const { now } = await w.dev<{ now: number }>("GET", "/clock");
    const timedOut = (await world()).members.find((m) => m.user_id === w.bob && m.guild_id === w.guildId)!;
    expect(timedOut.communication_disabled_until).toBe(now + 10 * 60_000);

    const webhooks = page.getByRole("region", { name: "Webhooks" });
    await webhooks.getByLabel("Webhook name").fill("Builds");
    await webhooks.getByRole("button", { name: "Make webhook" }).click();
    const first = await webhooks.locator(".secret code").textContent();
    expect(first).toMatch(/\/api\/webhooks\/\d+\//);
    await webhooks.getByText("active").waitFor();
    await webhooks.getByRole("button", { name: "Renew URL" }).click();
    await expect.poll(() => webhooks.locator(".secret code").textContent()).not.toBe(first);

    const automod = page.getByRole("region", { name: "AutoMod rules" });
    await automod.getByLabel("Rule name").fill("No spoilers");
    await automod.getByLabel("Keywords").fill("spoiler, ending");
    await automod.getByRole("button", { name: "Make rule" }).click();
    await automod.getByText("spoiler, ending").waitFor();
    expect((await world()).automod_rules).toMatchObject([
      { name: "No spoilers", keywords: ["spoiler", "ending"] },
    ]);

    await members.getByRole("row", { name: /bob/ }).getByRole("button", { name: "Kick" }).click();
    await members.getByRole("row", { name: /bob/ }).waitFor({ state: "detached" });
    const audit = page.getByRole("region", { name: "Audit log" });
    await audit.getByRole("row").first().waitFor();
    expect(await audit.getByRole("row").count()).toBeGreaterThanOrEqual(5);
  });
});
