import { describe, expect, it } from "vitest";
import { DefinitionError } from "../errors.js";
import { ConversationError } from "./conversation-error.js";
import { conversationGrantsWarning, conversationIntents, readConversations } from "./conversation-needs.js";
import { checkData, MAX_DATA_BYTES, placeOfKey } from "./conversation-record.js";
import { defineConversation } from "./define-conversation.js";

const step = { ask: "?", answer: (_m: unknown, c: { end(): never }) => c.end() };

describe("defineConversation", () => {
  it("reads timeouts as durations, per conversation and per step", () => {
    const c = defineConversation({
      name: "setup",
      first: "a",
      timeout: "30s",
      steps: { a: step, b: { ...step, timeout: "2m" } } as never,
    });
    expect(c.timeoutOf("a")).toBe(30_000);
    expect(c.timeoutOf("b")).toBe(120_000);
    expect(defineConversation({ name: "x", first: "a", steps: { a: step } as never }).timeoutOf("a")).toBe(
      600_000,
    );
  });

  it("tests a step's matching the same way every time, a g or y flag's lastIndex left out", () => {
    const c = defineConversation({
      name: "count",
      first: "a",
      steps: { a: { ...step, matching: /\d+/g }, b: step } as never,
    });
    expect([c.matches("a", "12"), c.matches("a", "34"), c.matches("a", "56")]).toEqual([true, true, true]);
    expect(c.matches("a", "none")).toBe(false);
    expect(c.matches("b", "anything")).toBe(true);
  });

  it("refuses a bad definition, naming every field and its rule", () => {
    const bad = () =>
      defineConversation({
        name: "no spaces",
        first: "missing",
        timeout: "soon",
        whenBusy: "queue",
        steps: { a: { ask: "?" }, b: { answer: () => null, expect: "typing" } },
      } as never);
    expect(bad).toThrow(ConversationError);
    expect(bad).toThrow(
      'defineConversation("no spaces"): name must be 1 to 64 letters, digits, "_", "-" or ".", got "no spaces"; ' +
        'first must name one of the steps (a, b), got "missing"; steps.a.answer must be a function; ' +
        'steps.b.ask must be the question (text, or a function making it); steps.b.expect must be "message" or "reaction", got "typing"; ' +
        'whenBusy must be "refuse" or "replace", got "queue"; timeout must be milliseconds of 0 or more, or text like "10m", "30s" or "1h", got "soon"',
    );
    expect(() => defineConversation({ name: "x", first: "a", steps: {} } as never)).toThrow(
      'defineConversation("x"): steps must name at least one step',
    );
  });
});

describe("a conversation's needs", () => {
  const talk = defineConversation({ name: "talk", first: "a", steps: { a: step } as never });
  const vote = defineConversation({
    name: "vote",
    first: "a",
    steps: { a: { ...step, expect: "reaction" } } as never,
  });

  it("asks for the intents its steps read", () => {
    expect(conversationIntents([talk]).sort()).toEqual(["guild_messages", "message_content"]);
    expect(conversationIntents([vote])).toEqual(["guild_reactions"]);
  });

  it("warns per server whose install does not grant them", () => {
    expect(
      conversationGrantsWarning(
        [talk],
        [{ id: "1", name: "A", intents: ["guild_messages", "message_content"] }],
      ),
    ).toBeNull();
    expect(conversationGrantsWarning([talk], [{ id: "1", name: "A", intents: ["guild_messages"] }])).toBe(
      `conversations "talk" cannot hear every answer: in server "A" (1) the install does not grant message_content (an answer's text arrives empty unless it mentions the bot). Ask the server to grant the intent.`,
    );
  });

  it("refuses a bot's list with something else in it, or one name twice", () => {
    expect(() => readConversations([talk, { name: "talk" }, talk])).toThrow(DefinitionError);
    expect(() => readConversations([talk, { name: "talk" }, talk])).toThrow(
      'conversations[1] must be made by defineConversation(), got object\n- conversations: two conversations are named "talk"',
    );
  });
});

describe("what a conversation keeps", () => {
  it("is a JSON object of at most 4 KB, refused naming the conversation and step", () => {
    expect(checkData("setup", "roles", { roles: ["1"] })).toEqual({ roles: ["1"] });
    expect(() => checkData("setup", "roles", { big: "x".repeat(MAX_DATA_BYTES) })).toThrow(
      /^conversation "setup" at step "roles": its data takes 4106 bytes as JSON, more than the 4096 allowed/,
    );
    expect(() => checkData("setup", "roles", [1])).toThrow(
      'conversation "setup" at step "roles": its data must be a JSON object',
    );
  });

  it("is kept under a key naming its server, channel and person", () => {
    expect(placeOfKey("chatbot:conversation:1:2:3")).toEqual({ guildId: "1", channelId: "2", userId: "3" });
    expect(placeOfKey("chatbot:conversation:1:2")).toBeNull();
    expect(placeOfKey("other:1:2:3")).toBeNull();
  });
});
