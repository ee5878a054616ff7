export { ChannelView } from "./channel-view.js";
export { Directory, type Named } from "./directory.js";
export { MemberDirectory, type MemberFetcher } from "./member-directory.js";
export { RoleView } from "./role-view.js";
export { ServerMe, ServerView } from "./server-view.js";
export { BYTES_EACH, type WorldStats } from "./world-stats.js";
export {
  DEFAULT_MEMBERS_PER_SERVER,
  type WorldEvent,
  type WorldRest,
  type WorldSnapshot,
  WorldView,
  type WorldViewOptions,
} from "./world-view.js";
