export {
  EngineInputError,
  DEFAULT_ITERATIONS,
  MIN_ITERATIONS,
  MAX_ITERATIONS,
  type EngineErrorCode,
} from './errors.js';
export {
  createRandom,
  randomSeed,
  Xoshiro128StarStar,
  type RandomSource,
  type Seed,
} from './random/xoshiro128.js';
export { standardNormal, fillStandardNormals } from './random/ziggurat.js';
export { normalCdf, normalQuantile, normalDensity, Z_90 } from './math/normal.js';
export { sampleQuantiles } from './math/order-statistics.js';
export {
  POSITIONS,
  normalizePosition,
  SCORING_FLOOR,
  POSITION_BASELINE,
  BOOM_THRESHOLD,
  BUST_THRESHOLD,
  type Position,
} from './distributions/positions.js';
export {
  fitPointsDistribution,
  fitToQuantiles,
  fitToMeanAndStd,
  quantileAtNormalScore,
  distributionQuantile,
  distributionCdf,
  distributionMoments,
  probabilityBelow,
  type PointsDistribution,
  type DistributionKind,
  type DistributionSource,
  type PlayerProjection,
  type PlayerStatus,
} from './distributions/points-distribution.js';
export { boomBustChances, type BoomBustChances } from './distributions/boom-bust.js';
export { samplePoints } from './distributions/sample-points.js';
export { CORRELATION_TABLE } from './correlation-table.js';
export {
  createCorrelationLookup,
  type CorrelationTable,
  type CorrelationEntry,
  type CorrelationProvenance,
  type PairRelation,
} from './correlation/correlation-lookup.js';
export { roleKey, rankWithinTeam, ROLE_DEPTH_CAP, type DepthRankInput } from './correlation/roles.js';
export {
  buildScenarioModel,
  type SimulationPlayer,
  type ScenarioModel,
} from './simulation/scenario-model.js';
export {
  drawnPlayerCount,
  simulateMatchup,
  simulateMatchupInSteps,
  type MatchupInput,
  type MatchupResult,
  type MatchupTeam,
  type MatchupSide,
  type PlayerOutcome,
} from './simulation/matchup.js';
export { HISTOGRAM_BINS, type Histogram, type ScoreSummary } from './simulation/score-summary.js';
export {
  DEFAULT_ROSTER_POSITIONS,
  SLOT_POSITIONS,
  activeRosterPlaces,
  canonicalPosition,
  canonicalSlotLabel,
  parseStartingSlots,
  slotAccepts,
  startedPositions,
  type StartingSlot,
} from './lineup/slots.js';
export {
  checkLineup,
  type LineupCheck,
  type LineupProblem,
  type LineupStarter,
} from './lineup/lineup-rules.js';
export {
  optimizeLineup,
  LINEUP_LAB_MAX_ITERATIONS,
  type LineupLabInput,
  type LineupLabResult,
  type LineupSlotResult,
  type RosterPlayer,
} from './lineup/lineup-lab.js';
export type { LineupSwap } from './lineup/swap-attribution.js';
export { bestLineupWeekly } from './lineup/best-lineup.js';
export { LineupPool, type WeekLineup } from './lineup/lineup-pool.js';
export type { SeasonPlayer, SeasonRoster, WeeklyLineups } from './lineup/season-player.js';
export {
  simulateSeasonOutlook,
  simulateSeasonOutlookInSteps,
  type ForcedResult,
  type SeasonOutlookInput,
  type SeasonOutlookResult,
  type TeamOutlook,
} from './season/season-outlook.js';
export { MIN_WEEKLY_STD, type SeasonTeam, type SeasonWeek } from './season/season-input.js';
export {
  PLAYER_GAME_STATES,
  NFL_GAME_STATES,
  type PlayerGameState,
  type NflGameState,
  type PlayerGame,
} from './live/game-state.js';
export { conditionOnGame } from './live/condition-on-game.js';
export {
  OUT_STATUSES,
  BYE_TAG,
  AVAILABLE,
  AVAILABILITY_FILTERS,
  availabilityOf,
  isOutStatus,
  statusTag,
  matchesAvailabilityFilter,
  type Availability,
  type AvailabilityFilter,
} from './availability/player-availability.js';
export {
  BYE_OPPONENT,
  FREE_AGENT_TEAM,
  byeWeeks,
  hasNoGameInWeek,
  isByeOpponent,
} from './availability/bye-week.js';
export { evaluateTrade, evaluateTradeWith } from './trades/evaluate-trade.js';
export {
  findWinWinTrades,
  findWinWinTradesWith,
  MAX_PACKAGE_PLAYERS,
  type WinWinOptions,
} from './trades/win-win-finder.js';
export { FIRST_IDEAS, IDEAS_PER_PARTNER, ideaOf } from './trades/trade-ideas.js';
export { TradeScorer, POINTS_EPSILON } from './trades/trade-scorer.js';
export type {
  TradeLeague,
  ProposedTrade,
  TradeSidePoints,
  TradeEvaluation,
  WinWinTrade,
  WinWinSearch,
} from './trades/types.js';
