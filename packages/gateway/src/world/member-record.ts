import type { Member, User } from "@chatbot/protocol";

const BOT = 1 << 10;
const PARTIAL = 1 << 11;
/** Met again since its directory last passed over it (see `MemberDirectory`'s eviction). */
const RECENT = 1 << 12;
const MS = 1023;
const SEP = "\u0000";

/**
 * One person the bot has met in a server, packed to stay small at a million of them: the user's
 * names (and avatar) in one string, `joined_at` as whole seconds and a remainder (both small
 * integers, so no number object each), and the role ids shared with every member that has the same
 * ones. A person met only as a message author or a command's user, whose join time and roles the
 * bot was not told, is `partial`: known as a user, not as a member.
 */
export class MemberRecord {
  /** `username \0 name [\0 avatar_id]`. */
  names: string;
  nickname: string | null;
  /** `joined_at` in whole seconds (0 when partial). */
  joinedS: number;
  /** `joined_at`'s milliseconds, with the bot and partial flags above them. */
  meta: number;
  roles: readonly string[];
  /** `communication_disabled_until` when a moderation event said it; `undefined` when none did. */
  timeout: number | null | undefined;

  constructor(user: User, nickname: string | null, joinedAt: number | null, roles: readonly string[]) {
    this.names = packUser(user);
    this.nickname = nickname;
    this.joinedS = joinedAt === null ? 0 : Math.floor(joinedAt / 1000);
    this.meta = (joinedAt === null ? PARTIAL : joinedAt % 1000) | (user.bot ? BOT : 0);
    this.roles = roles;
    this.timeout = undefined;
  }

  /** Whether only the user is known (no join time, no roles told). */
  get partial(): boolean {
    return (this.meta & PARTIAL) !== 0;
  }

  /** Whether it was met again since the directory last passed over it. */
  get recent(): boolean {
    return (this.meta & RECENT) !== 0;
  }

  set recent(recent: boolean) {
    this.meta = recent ? this.meta | RECENT : this.meta & ~RECENT;
  }

  /** Takes a user object's newer names (packed anew only when they changed: the common case is not). */
  setUser(user: User): void {
    if (!samePacked(this.names, user)) this.names = packUser(user);
    this.meta = (this.meta & ~BOT) | (user.bot ? BOT : 0);
  }

  /** Takes a member's fields: it is a whole member from now on. */
  setMember(nickname: string | null, joinedAt: number, roles: readonly string[]): void {
    this.nickname = nickname;
    this.joinedS = Math.floor(joinedAt / 1000);
    this.meta = (joinedAt % 1000) | (this.meta & (BOT | RECENT));
    this.roles = roles;
  }

  /** The user object. */
  user(id: string): User {
    const parts = this.names.split(SEP);
    return {
      id,
      username: parts[0]!,
      name: parts[1]!,
      avatar_id: parts.length > 2 ? parts[2]! : null,
      bot: (this.meta & BOT) !== 0,
    };
  }

  /** The member object (a whole member only). */
  member(id: string): Member {
    const member: Member = {
      user: this.user(id),
      nickname: this.nickname,
      joined_at: this.joinedS * 1000 + (this.meta & MS),
      roles: [...this.roles],
    };
    if (this.timeout !== undefined) member.communication_disabled_until = this.timeout;
    return member;
  }
}

/** Whether `names` is what {@link packUser} makes of `user`, without making it. */
function samePacked(names: string, user: User): boolean {
  const { username, name, avatar_id: avatar } = user;
  const hasAvatar = avatar !== null && avatar !== undefined;
  const length = username.length + 1 + name.length + (hasAvatar ? avatar.length + 1 : 0);
  return (
    names.length === length &&
    names.startsWith(username) &&
    names.charCodeAt(username.length) === 0 &&
    names.startsWith(name, username.length + 1) &&
    (!hasAvatar || names.endsWith(avatar))
  );
}

function packUser(user: User): string {
  // join() makes one flat string; `+` would keep a rope of the parts (twice the bytes).
  const avatar = user.avatar_id;
  return (
    avatar === null || avatar === undefined ? [user.username, user.name] : [user.username, user.name, avatar]
  ).join(SEP);
}
