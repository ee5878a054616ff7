import { describe, expect, it } from "vitest";
import { begin, page, pickCommand, useChromium } from "./console-page.js";
import { openConsole, rollCommand, screenshot } from "./console-support.js";

// The chat: posts and what happens to them, commands and their answers, paging a long channel.
useChromium();

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

  it("pages a channel of 1,000 messages, never more than 250 on screen", async () => {
    const w = await begin();
    for (let i = 1; i <= 1_000; i++) {
      await w.dev("POST", `/channels/${w.general}/messages`, { content: `message ${i}` }, w.ada);
    }
    await openConsole(page, w, w.ada);
    const shows = (n: number) => page.locator(".message .content", { hasText: new RegExp(`^message ${n}$`) });
    await shows(1000).waitFor();
    expect(await page.locator(".message").count()).toBe(50);
    // The button reads the page before; so does the list scrolled to its top, which is how a person
    // reaches the button once the list overflows. Each is done alone and reads one page: the button
    // is pressed where it is (Playwright's click would scroll it into view first, and a busy machine
    // then read a page for the scroll and another for the click).
    let olderReads = 0;
    page.on("request", (r) => void (r.url().includes("before=") && olderReads++));
    await page.getByRole("button", { name: "Load older messages" }).dispatchEvent("click");
    await shows(901).waitFor();
    expect(olderReads).toBe(1);
    const list = page.locator(".messages");
    for (let oldest = 851; oldest >= 701; oldest -= 50) {
      await list.evaluate((el) => el.scrollTo(0, 0));
      await shows(oldest).waitFor();
      expect(olderReads).toBe((951 - oldest) / 50);
    }
    // 300 read, 250 kept: the newest 50 went, and the page says how to come back.
    expect(await page.locator(".message").count()).toBe(250);
    expect(await shows(1000).count()).toBe(0);
    await page.getByText("You are reading older messages.").waitFor();
    // Scrolling to the top reads one page more, keeping the message that was first in place (not
    // pushed 50 messages down).
    const first = shows(701);
    await list.evaluate((el) => el.scrollTo(0, 0));
    await shows(651).waitFor();
    expect(olderReads).toBe(6);
    expect(await page.locator(".message").count()).toBe(250);
    expect(await shows(601).count()).toBe(0);
    const top = await list.evaluate((el) => el.getBoundingClientRect().top);
    expect((await first.boundingBox())!.y).toBeLessThan(top + 150);
    expect((await first.boundingBox())!.y).toBeGreaterThanOrEqual(top - 5);
    // A new message does not pull the reader forward; jumping to the newest shows it.
    await w.dev("POST", `/channels/${w.general}/messages`, { content: "message 1001" }, w.ada);
    await page.getByRole("button", { name: "Jump to the newest" }).click();
    await shows(1001).waitFor();
    expect(await page.locator(".message").count()).toBe(50);
  });
});
