/** Where a person stands in a server's role hierarchy. */
export interface HierarchyStanding {
  readonly isOwner: boolean;
  /** Position of the member's highest role; 0 when they hold only the everyone role. */
  readonly highest: number;
}

/** The position of the highest of `positions` (0, the everyone role's, when empty). */
export function highestPosition(positions: Iterable<number>): number {
  let highest = 0;
  for (const p of positions) if (p > highest) highest = p;
  return highest;
}

/**
 * Whether `actor` may edit, delete, give or take away a role at `position`: only roles strictly
 * below the actor's highest role (the owner may manage every role). Managed roles and the everyone
 * role are refused elsewhere.
 */
export function canManageRole(actor: HierarchyStanding, position: number): boolean {
  return actor.isOwner || position < actor.highest;
}

/**
 * Whether `actor` may act on `target` (kick, ban, time out, rename, change roles): the target's
 * highest role must be strictly below the actor's; the owner may act on anyone but is never a target.
 */
export function canManageMember(actor: HierarchyStanding, target: HierarchyStanding): boolean {
  if (target.isOwner) return false;
  return actor.isOwner || target.highest < actor.highest;
}
