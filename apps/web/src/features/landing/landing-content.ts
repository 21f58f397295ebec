/**
 * What the landing page says. The feature badges must tell the truth about what works today:
 * update a status here when a feature ships or changes.
 */
import { DEFAULT_ITERATIONS } from '@fm/engine';

export type FeatureStatus = 'Live' | 'Improving' | 'Coming';

export interface ProductFeature {
  name: string;
  status: FeatureStatus;
  description: string;
  /** Where it is today, said plainly (limits included). */
  today: string;
  to?: string;
}

export const STATUS_MEANING: Record<FeatureStatus, string> = {
  Live: 'Works today.',
  Improving: 'Works today, with the limits stated.',
  Coming: 'Not built yet.',
};

export const FEATURES: ProductFeature[] = [
  {
    name: 'Weekly projections',
    status: 'Improving',
    description:
      'Every player’s projected fantasy points with a range: a bad day (10th percentile) to a great one (90th).',
    today: 'PPR scoring only so far. Backtested start/sit accuracy is published on the methodology page.',
    to: '/projections',
  },
  {
    name: 'Player comparison',
    status: 'Live',
    description: 'Put two to four players side by side: season totals, per-game scoring and weekly lines.',
    today: 'Open to everyone, no account needed; a comparison has a link you can share.',
    to: '/compare',
  },
  {
    name: 'League linking',
    status: 'Live',
    description:
      'Bring in your Sleeper leagues by username, your Yahoo leagues by signing in to Yahoo, and ESPN leagues by their ID or address.',
    today:
      'Sleeper and ESPN work everywhere (a private ESPN league needs your espn_s2 and SWID cookies); Yahoo needs the site’s Yahoo app to be configured by its operator.',
  },
  {
    name: 'Matchup simulations',
    status: 'Live',
    description: `Your lineup against your opponent’s, played ${DEFAULT_ITERATIONS.toLocaleString('en-US')} times: a win probability and the likely score gap.`,
    today:
      'Teammates’ scores are drawn with realistic correlations; a quick preview updates as you change starters.',
  },
  {
    name: 'Boom/bust analysis',
    status: 'Live',
    description: 'How often a player blows up or busts, from the spread of his projection.',
    today: 'Boom and bust chances on every projection row and for your starters after a simulation.',
  },
  {
    name: 'Start/sit lineup lab',
    status: 'Live',
    description:
      'Tries every legal lineup from your roster and shows the swaps that raise your win probability.',
    today: 'On the dashboard after a league simulation; it runs in your browser.',
  },
  {
    name: 'Season outlook',
    status: 'Improving',
    description:
      'Playoff chances for every team in your league, simulated over the rest of the regular season.',
    today:
      'On the dashboard after a league simulation. Each team plays at its scoring average so far (its projected starters early on) with a typical spread; team-by-team weekly projections are next.',
  },
];

export const PROBLEMS = [
  {
    title: 'Rankings hide the risk',
    text: 'A single number per player says nothing about how likely he is to flop. Two players ranked side by side can be very different bets.',
  },
  {
    title: 'Gut calls do not add up',
    text: 'Your matchup is nine or more players on each side. Nobody can add their ranges in their head, let alone how teammates rise and fall together.',
  },
  {
    title: 'Advice is rarely checked',
    text: 'Most projections never say how often they were right. Ours publish their backtest, definitions included.',
  },
];

export const AUDIENCES = [
  {
    title: 'Family and friends leagues',
    text: 'Settle Sunday-morning debates with a number everyone can look up.',
  },
  {
    title: 'Busy managers',
    text: 'Five minutes on Thursday: check the odds, make the one swap that matters, get on with the week.',
  },
  {
    title: 'Numbers people',
    text: 'Distributions, correlations and a public methodology instead of hot takes.',
  },
];

/** Illustrative stories, not quotes from real people: the page says so where it shows them. */
export const TESTIMONIALS = [
  {
    name: 'Dana, commissioner of a 12-team family league',
    text: 'Our group chat used to argue about who got robbed. Now someone posts the win probability and we argue about that instead.',
  },
  {
    name: 'Marcus and his daughter Ava, co-managers',
    text: 'Ava picks the sleepers, I check the ranges. Seeing the bad-day number talked us out of a risky flex more than once.',
  },
  {
    name: 'Grandpa Lou, first season of fantasy football',
    text: 'I do not follow every injury report. The projections page tells me who to start in plain numbers.',
  },
];
