export { type ActionWeights, DEFAULT_WEIGHTS } from "./actions.js";
export {
  explore,
  type ExploreModel,
  type ExploreOptions,
  type ExploreProgress,
  type ExploreReport,
  replay,
} from "./explore.js";
export { ExplorationFailedError } from "./exploration-error.js";
export type { BotEnv, BotFactory, ExploredBot } from "./incarnations.js";
export {
  BUILT_IN_INVARIANTS,
  commandsAnswered,
  conversationsEnded,
  type ExploreView,
  type Invariant,
  jobsOnce,
  messagesOnce,
  worldViewMatches,
} from "./invariants.js";
export type { Run, RunNotice } from "./runs.js";
export type { Post, ScenarioEvent, Use } from "./scenario.js";
