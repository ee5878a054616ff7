import { describe, expect, it } from "vitest";
import { canManageMember, canManageRole, highestPosition } from "./hierarchy.js";

describe("role hierarchy", () => {
  it.each([
    { name: "a role below the actor's highest", actor: { isOwner: false, highest: 5 }, role: 4, ok: true },
    { name: "a role at the actor's highest", actor: { isOwner: false, highest: 5 }, role: 5, ok: false },
    { name: "a role above the actor's highest", actor: { isOwner: false, highest: 5 }, role: 6, ok: false },
    { name: "the owner, any role", actor: { isOwner: true, highest: 0 }, role: 9, ok: true },
    {
      name: "only the everyone role, even position 0",
      actor: { isOwner: false, highest: 0 },
      role: 0,
      ok: false,
    },
  ])("roles: $name", ({ actor, role, ok }) => {
    expect(canManageRole(actor, role)).toBe(ok);
  });

  it.each([
    {
      name: "target below",
      actor: { isOwner: false, highest: 3 },
      target: { isOwner: false, highest: 2 },
      ok: true,
    },
    {
      name: "target equal",
      actor: { isOwner: false, highest: 3 },
      target: { isOwner: false, highest: 3 },
      ok: false,
    },
    {
      name: "target above",
      actor: { isOwner: false, highest: 3 },
      target: { isOwner: false, highest: 4 },
      ok: false,
    },
    {
      name: "owner acts on anyone",
      actor: { isOwner: true, highest: 0 },
      target: { isOwner: false, highest: 9 },
      ok: true,
    },
    {
      name: "nobody acts on the owner",
      actor: { isOwner: false, highest: 9 },
      target: { isOwner: true, highest: 0 },
      ok: false,
    },
  ])("members: $name", ({ actor, target, ok }) => {
    expect(canManageMember(actor, target)).toBe(ok);
  });

  it("highest position is 0 with no roles", () => {
    expect(highestPosition([])).toBe(0);
    expect(highestPosition([3, 7, 1])).toBe(7);
  });
});
