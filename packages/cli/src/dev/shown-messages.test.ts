import { expect, it } from "vitest";
import { ShownMessages } from "./shown-messages.js";

it("numbers each message printed and indents a message's later lines under its first", () => {
  const shown = new ShownMessages();
  const bot = { username: "app_1", name: "polls", bot: true };
  expect(shown.show({ id: "10", content: "hello", author: { username: "alice" } }, "c1")).toBe(
    "  [1] alice: hello",
  );
  expect(shown.show({ id: "11", content: "📊 Lunch?\nReact with 👍 or 👎.", author: bot }, "c1")).toBe(
    "  [2] polls [bot]: 📊 Lunch?\n      React with 👍 or 👎.",
  );
  expect(shown.show({ id: "12", content: "psst", author: bot, flags: 64 }, "c2")).toBe(
    "  [3] polls [bot] (only you can see this): psst",
  );
  // The last one a reaction can go to: not an answer only its person sees.
  expect(shown.find()).toEqual({ number: 2, id: "11", channelId: "c1", ephemeral: false });
  expect(shown.find(3)).toEqual({ number: 3, id: "12", channelId: "c2", ephemeral: true });
  expect(shown.find(4)).toBeUndefined();
});
