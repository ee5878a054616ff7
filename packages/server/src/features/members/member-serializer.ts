import type { Member } from "@chatbot/protocol";
import type { MemberRecord, UserRecord } from "../../kernel/world/records.js";
import { serializeUser } from "../../kernel/actors/user-serializer.js";

/**
 * The member object. `communication_disabled_until` is included only when `withTimeout` is set
 * (member events sent with moderation access, and the dev API).
 */
export function serializeMember(member: MemberRecord, user: UserRecord, withTimeout = false): Member {
  const out: Member = {
    user: serializeUser(user),
    nickname: member.nickname,
    joined_at: member.joined_at,
    roles: [...member.roles],
  };
  if (withTimeout) out.communication_disabled_until = member.communication_disabled_until;
  return out;
}
