import type { SimulationSlot } from './admission.js';

/**
 * The product's own simulations (a starter_out's best replacement, a final result's playoff chances, a weekly
 * digest's figures), run in the background: no person asked for them, so no person's per-minute allowance or call
 * budget is charged. Their runs still go through the admission's queue in the person's turn and onto the
 * simulation threads, so they wait behind nobody's page for long and never run on the event loop; the callers
 * run one person at a time.
 */
export const BACKGROUND_SLOT: SimulationSlot = {
  check() {},
  price: async () => {},
  run: (_cost, work) => work(),
  release() {},
};
