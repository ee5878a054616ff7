import { describe, expect, it } from "vitest";
import { expectErrors, expectValid } from "../../test/helpers.js";
import { PollSchema } from "./poll.js";

const poll = {
  question: { text: "Lunch?" },
  answers: [
    { answer_id: 1, text: "Pizza", votes: 3 },
    { answer_id: 2, text: "Soup", votes: 0 },
  ],
  expires_at: 1_714_086_400_000,
  allow_multiselect: false,
};

describe("PollSchema", () => {
  it("takes a poll", () => {
    expect(expectValid(PollSchema, poll)).toEqual(poll);
    expectValid(PollSchema, { ...poll, expires_at: null });
  });

  it("reports a bad answer by path", () => {
    expect(expectErrors(PollSchema, { ...poll, answers: [{ answer_id: 1, text: "A" }] })).toEqual({
      "answers.0.votes": ["is required"],
    });
  });
});
