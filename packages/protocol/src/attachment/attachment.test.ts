import { describe, expect, it } from "vitest";
import { expectErrors, expectValid } from "../../test/helpers.js";
import { AttachmentSchema } from "./attachment.js";

const attachment = {
  id: "8001",
  filename: "a.txt",
  size: 12,
  content_type: "text/plain",
  url: "https://x/a.txt",
};

describe("AttachmentSchema", () => {
  it("takes id, filename, size, content_type and url", () => {
    expect(expectValid(AttachmentSchema, attachment)).toEqual(attachment);
    expectValid(AttachmentSchema, { ...attachment, content_type: null });
  });

  it("needs a whole size", () => {
    expect(expectErrors(AttachmentSchema, { ...attachment, size: 1.5 })).toEqual({
      size: ["expected an integer"],
    });
  });
});
