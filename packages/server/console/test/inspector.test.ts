import { describe, expect, it } from "vitest";
import { begin, page, pickCommand, useChromium } from "./console-page.js";
import { openConsole, screenshot } from "./console-support.js";

// The inspector, faults and the clock.
useChromium();

describe("the web console in Chromium", () => {
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
});
