import { type Channel, type GuildSnapshot, LIMITS, type Member, type Role } from "@chatbot/protocol";
import type { RequestOptions } from "../request/request-options.js";
import type { Requester } from "../request/requester.js";
import { checkArgs, checkId } from "./checks.js";

/** The query of {@link GuildRoutes.listMembers}. */
export interface MemberListQuery {
  /** 1 to 1,000; the service's default when absent. */
  limit?: number;
  /** A user id: the page starts after this user (members come in user id order). */
  after?: string;
}

/** The server routes of a {@link RestClient}. */
export interface GuildRoutes {
  /** `GET /v1/guilds/{id}`: the server snapshot with this install's `scopes` and `intents`. */
  getGuild(guildId: string, options?: RequestOptions): Promise<GuildSnapshot>;
  /** `GET /v1/guilds/{id}/channels`: the channels the bot can see. */
  getGuildChannels(guildId: string, options?: RequestOptions): Promise<Channel[]>;
  /** `GET /v1/guilds/{id}/roles`: the roles, highest first. */
  getGuildRoles(guildId: string, options?: RequestOptions): Promise<Role[]>;
  /** `GET /v1/guilds/{id}/members`: one page of members in user id order; needs `members.read`. */
  listMembers(guildId: string, query?: MemberListQuery, options?: RequestOptions): Promise<Member[]>;
  /**
   * Every member, page after page (`pageSize` per call, default 1,000), in user id order; needs
   * `members.read`.
   */
  iterateMembers(
    guildId: string,
    query?: { pageSize?: number },
    options?: RequestOptions,
  ): AsyncGenerator<Member, void, undefined>;
  /** `GET /v1/guilds/{id}/members/{user_id}`: one member; needs `members.read`. */
  getMember(guildId: string, userId: string, options?: RequestOptions): Promise<Member>;
}

/** Builds the {@link GuildRoutes} over `requester`. */
export function guildRoutes(requester: Requester): GuildRoutes {
  const get = async <T>(
    path: string,
    options?: RequestOptions,
    query?: Record<string, string | number | undefined>,
  ) => (await requester.request<T>({ method: "GET", path, query, retry: true, options })).data;
  const listMembers = async (guildId: string, query: MemberListQuery = {}, options?: RequestOptions) => {
    checkArgs()
      .id("guildId", guildId)
      .optionalInt("limit", query.limit, LIMITS.memberListMin, LIMITS.memberListMax)
      .optionalId("after", query.after)
      .done();
    return await get<Member[]>(`/guilds/${guildId}/members`, options, {
      limit: query.limit,
      after: query.after,
    });
  };
  return {
    getGuild: async (guildId, options) => {
      checkId("guildId", guildId);
      return get(`/guilds/${guildId}`, options);
    },
    getGuildChannels: async (guildId, options) => {
      checkId("guildId", guildId);
      return get(`/guilds/${guildId}/channels`, options);
    },
    getGuildRoles: async (guildId, options) => {
      checkId("guildId", guildId);
      return get(`/guilds/${guildId}/roles`, options);
    },
    listMembers,
    async *iterateMembers(guildId, query = {}, options) {
      const limit = query.pageSize ?? LIMITS.memberListMax;
      let after: string | undefined;
      for (;;) {
        const page = await listMembers(guildId, after === undefined ? { limit } : { limit, after }, options);
        yield* page;
        const last = page.at(-1);
        if (page.length < limit || last === undefined) return;
        after = last.user.id;
      }
    },
    getMember: async (guildId, userId, options) => {
      checkArgs().id("guildId", guildId).id("userId", userId).done();
      return get(`/guilds/${guildId}/members/${userId}`, options);
    },
  };
}
