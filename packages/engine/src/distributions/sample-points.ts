import { createRandom, type Seed } from '../random/xoshiro128.js';
import {
  createScenarioScratch,
  drawScenarioBlock,
  SCENARIO_BLOCK_SIZE,
} from '../simulation/draw-scenarios.js';
import { buildScenarioModel } from '../simulation/scenario-model.js';
import type { PlayerProjection, PlayerStatus } from './points-distribution.js';

/** `count` independent draws of one player's weekly points (e.g. for a distribution chart), reproducible from `seed`. */
export function samplePoints(
  player: PlayerProjection & PlayerStatus & { position: string },
  count: number,
  seed: Seed,
): Float64Array {
  const model = buildScenarioModel([{ ...player, id: 'player' }]);
  const random = createRandom(seed);
  const scratch = createScenarioScratch(model);
  const out = new Float64Array(count);
  for (let offset = 0; offset < count; offset += SCENARIO_BLOCK_SIZE) {
    drawScenarioBlock(
      model,
      random,
      Math.min(SCENARIO_BLOCK_SIZE, count - offset),
      scratch,
      out,
      count,
      offset,
    );
  }
  return out;
}
