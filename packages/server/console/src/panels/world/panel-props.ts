import type { World } from "../../api";

/** A server of the world as the dev API's world view gives it. */
export type Guild = World["guilds"][number];

/** What every panel of a server gets: who acts, the world, the server, and what to call after a change. */
export interface PanelProps {
  me: string;
  world: World;
  guild: Guild;
  onChanged: () => void;
}
