import type { Interaction } from "@chatbot/protocol";
import { Permissions } from "@chatbot/rest";
import type { GatewayInteraction } from "./gateway-events.js";

/** `INTERACTION_CREATE`'s permission name arrays turned into bitfields (the interface asks SDKs to). */
export function withPermissionBitfields(interaction: Interaction): GatewayInteraction {
  return {
    ...interaction,
    member: { ...interaction.member, permissions: Permissions.from(interaction.member.permissions) },
    app_permissions: Permissions.from(interaction.app_permissions),
  };
}
