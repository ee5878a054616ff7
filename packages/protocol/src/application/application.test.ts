import { describe, expect, it } from "vitest";
import { expectErrors, expectValid } from "../../test/helpers.js";
import { ApplicationSchema, REVIEW_STATES } from "./application.js";

const app = { id: "3001", name: "Helper", description: "", review_state: "unreviewed", bot_user_id: "2001" };

describe("ApplicationSchema", () => {
  it("takes each review state", () => {
    for (const review_state of REVIEW_STATES) expectValid(ApplicationSchema, { ...app, review_state });
    expect(REVIEW_STATES).toEqual(["unreviewed", "in_review", "approved", "rejected"]);
  });

  it("refuses another review state", () => {
    expect(expectErrors(ApplicationSchema, { ...app, review_state: "pending" })).toEqual({
      review_state: ["must be one of unreviewed, in_review, approved, rejected"],
    });
  });
});
