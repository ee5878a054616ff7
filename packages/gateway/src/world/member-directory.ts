import type { Member, User } from "@chatbot/protocol";
import { MemberRecord } from "./member-record.js";

/** Role-id lists kept shared per server at most. */
const MAX_ROLE_LISTS = 1_024;
const NO_ROLES: readonly string[] = Object.freeze([]);
/** The map of a directory that has met nobody yet, shared (it is never written: `#add` makes one). */
const NO_ONE: Map<string, MemberRecord> = new Map();

/** What a server's members need of a REST client: one member by id. */
export interface MemberFetcher {
  getMember(guildId: string, userId: string): Promise<Member>;
}

/** What a member directory reads of its server: its id and its roles (for their id strings). */
export interface MemberServer {
  readonly id: string;
  readonly roles: { get(id: string): { readonly id: string } | undefined };
}

/** What a member directory reads of its view: the cap, and the REST client of `fetch`. */
export interface MemberSettings {
  readonly maxMembersPerServer: number;
  readonly rest: MemberFetcher | null;
}

/**
 * The people a bot has met in one server, at most `maxPerServer` of them. Past it, the one kept
 * longest that was not met again since it was last passed over goes (a second chance: meeting a
 * person again only marks them, which keeps a message's cost to a map lookup). A person not met is `undefined`: {@link MemberDirectory.fetch} asks the service and keeps
 * the answer. A member is met through member events (with the `guild_members` intent), a command's
 * resolved members, and (as a user only) message authors and command users.
 */
export class MemberDirectory {
  readonly #server: MemberServer;
  readonly #settings: MemberSettings;
  /** Made with the first person met: most servers' bots meet nobody in most servers. */
  #met: Map<string, MemberRecord> = NO_ONE;
  #roleLists: Map<string, readonly string[]> | null = null;

  /** @internal */
  constructor(server: MemberServer, settings: MemberSettings) {
    this.#server = server;
    this.#settings = settings;
  }

  /** People met and kept (whole members and users only). */
  get size(): number {
    return this.#met.size;
  }

  /** How many of them are whole members (not users only). */
  get memberCount(): number {
    let count = 0;
    for (const record of this.#met.values()) if (!record.partial) count++;
    return count;
  }

  /**
   * The member with this user id, as last met, or `undefined` when the bot has not met them as a
   * member (they may still be one: {@link MemberDirectory.fetch} asks the service).
   */
  get(userId: string): Member | undefined {
    const record = this.#met.get(userId);
    return record === undefined || record.partial ? undefined : record.member(userId);
  }

  /** The user with this id if the bot has met them here in any way (member, author, command user). */
  user(userId: string): User | undefined {
    return this.#met.get(userId)?.user(userId);
  }

  /** Whether the person was met here as a whole member. */
  has(userId: string): boolean {
    const record = this.#met.get(userId);
    return record !== undefined && !record.partial;
  }

  /** Everyone met, in the order they are kept (roughly least recently met first): a member object, or `{ user }` for a user only. */
  list(): Array<Member | { readonly user: User }> {
    return [...this.#met].map(([id, record]) =>
      record.partial ? { user: record.user(id) } : record.member(id),
    );
  }

  /** The ids of the people met, in the order they are kept (roughly least recently met first). */
  ids(): string[] {
    return [...this.#met.keys()];
  }

  /**
   * The member from the service (`GET /v1/guilds/{id}/members/{user_id}`, which needs the
   * `members.read` scope), kept from then on; `undefined` when the person is not a member.
   */
  async fetch(userId: string): Promise<Member | undefined> {
    const fetcher = this.#settings.rest;
    if (fetcher === null) {
      throw new Error("members.fetch(): this view has no REST client to ask the service with");
    }
    let member: Member;
    try {
      member = await fetcher.getMember(this.#server.id, userId);
    } catch (error) {
      if ((error as { status?: unknown }).status === 404) {
        this.remove(userId);
        return undefined;
      }
      throw error;
    }
    this.putMember(member);
    return this.get(userId);
  }

  /** @internal A member object (member events, `fetch`). */
  putMember(member: Member): void {
    if (this.#settings.maxMembersPerServer === 0) return;
    const id = member.user.id;
    const record = this.#touch(id);
    const roles = this.#roleList(member.roles);
    if (record === undefined) {
      const made = new MemberRecord(member.user, member.nickname, member.joined_at, roles);
      if (member.communication_disabled_until !== undefined)
        made.timeout = member.communication_disabled_until;
      this.#add(id, made);
      return;
    }
    record.setUser(member.user);
    record.setMember(member.nickname, member.joined_at, roles);
    if (member.communication_disabled_until !== undefined)
      record.timeout = member.communication_disabled_until;
  }

  /** @internal What an interaction tells of a person: the user, and nickname, roles and maybe joined_at. */
  putPartialMember(user: User, nickname: string | null, roles: readonly string[], joinedAt?: number): void {
    if (this.#settings.maxMembersPerServer === 0) return;
    const record = this.#touch(user.id);
    if (joinedAt !== undefined) {
      this.putMember({ user, nickname, roles: [...roles], joined_at: joinedAt });
      return;
    }
    if (record === undefined) {
      this.#add(user.id, new MemberRecord(user, nickname, null, this.#roleList(roles)));
      return;
    }
    record.setUser(user);
    if (!record.partial) {
      record.nickname = nickname;
      record.roles = this.#roleList(roles);
    }
  }

  /** @internal A message author: a user met. */
  putUser(user: User): void {
    if (this.#settings.maxMembersPerServer === 0) return;
    const record = this.#touch(user.id);
    if (record === undefined) this.#add(user.id, new MemberRecord(user, null, null, NO_ROLES));
    else record.setUser(user);
  }

  /** @internal */
  remove(userId: string): void {
    if (this.#met !== NO_ONE) this.#met.delete(userId);
  }

  /** @internal A role is gone: nobody holds it any more. */
  dropRole(roleId: string): void {
    for (const record of this.#met.values()) {
      if (record.roles.includes(roleId))
        record.roles = this.#roleList(record.roles.filter((r) => r !== roleId));
    }
  }

  /** @internal */
  clear(): void {
    this.#met = NO_ONE;
    this.#roleLists = null;
  }

  /** A known person, marked as met again. */
  #touch(id: string): MemberRecord | undefined {
    const record = this.#met.get(id);
    if (record !== undefined) record.recent = true;
    return record;
  }

  /** Keeps a person; past the cap, the longest kept not met again since goes, the others met again moving back. */
  #add(id: string, record: MemberRecord): void {
    if (this.#met === NO_ONE) this.#met = new Map();
    this.#met.set(id, record);
    if (this.#met.size <= this.#settings.maxMembersPerServer) return;
    for (const [oldId, old] of this.#met) {
      this.#met.delete(oldId);
      if (!old.recent) return;
      old.recent = false;
      this.#met.set(oldId, old);
    }
  }

  /** The role ids as one list shared by every member with the same ones, each id the role's own string. */
  #roleList(ids: readonly string[]): readonly string[] {
    if (ids.length === 0) return NO_ROLES;
    const key = ids.join(",");
    this.#roleLists ??= new Map();
    const known = this.#roleLists.get(key);
    if (known !== undefined) return known;
    const roles = this.#server.roles;
    const list = Object.freeze(ids.map((id) => roles.get(id)?.id ?? id));
    if (this.#roleLists.size < MAX_ROLE_LISTS) this.#roleLists.set(key, list);
    return list;
  }
}
