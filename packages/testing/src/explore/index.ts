export { type ActionWeights, DEFAULT_WEIGHTS } from "./actions.js";
export { explore, type ExploreOptions, type ExploreProgress, type ExploreReport, replay } from "./explore.js";
export { ExplorationFailedError } from "./exploration-error.js";
export type { BotEnv, BotFactory, ExploredBot } from "./incarnations.js";
export {
  BUILT_IN_INVARIANTS,
  commandsAnswered,
  conversationsEnded,
  type ExploreView,
  type Invariant,
  worldViewMatches,
} from "./invariants.js";
export type { Post, Use } from "./scenario.js";
