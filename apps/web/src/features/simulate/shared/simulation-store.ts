import type { LineupLabInput, SeasonOutlookInput } from '@fm/engine';
import { useSyncExternalStore } from 'react';
import { useAuth } from '../../auth/auth-context';
import { onSessionReset } from '../../auth/session-reset';
import type { AnalysisAnswer, LeaguePlatform, SimulationAnswer } from './league-details';

/** Where a simulation or analysis run is. */
export type SimulationStatus = 'idle' | 'running' | 'completed' | 'error';
export type RunKind = 'simulate' | 'analyze';
/**
 * Kept in local storage, so the last result survives a reload and opens in a new tab; cleared at logout and
 * login, and shown only to the user who ran it.
 */
const STORAGE_KEY = 'fm_simulation_v2';

/** What the result pages need besides the server's answer. */
export interface RunContext {
  /** The signed-in user who ran it: another user in the same tab never sees it. */
  ownerId: string;
  platform: LeaguePlatform;
  leagueId: string;
  leagueName: string;
  season: string;
  week: number;
  /** The league page the run was started from. */
  backPath: string;
  userRosterId: number;
  /** False when the first team is not the person's own (comparing two other teams): "your" would be wrong. */
  isOwnTeam?: boolean;
  userName: string;
  opponentName: string;
  /** Starters our player directory does not know, which the server could not simulate. */
  leftOut: string[];
  lineupLab: LineupLabInput | null;
  seasonOutlook: SeasonOutlookInput | null;
}

interface Answers {
  /** The league page asks for the analysis (players who swing it, edges by position) with its simulation. */
  simulate: SimulationAnswer | AnalysisAnswer;
  analyze: AnalysisAnswer;
}

export interface SimulationRun<K extends RunKind> {
  status: SimulationStatus;
  context: RunContext | null;
  result: Answers[K] | null;
  error: string | null;
}

type State = { [K in RunKind]: SimulationRun<K> };

const idle = <K extends RunKind>(): SimulationRun<K> => ({
  status: 'idle',
  context: null,
  result: null,
  error: null,
});
const initialState = (): State => ({ simulate: idle(), analyze: idle() });

let state: State = readStored() ?? initialState();
const listeners = new Set<() => void>();
/** Each start gets a number; an answer for an older start is dropped. */
const latestRun: Record<RunKind, number> = { simulate: 0, analyze: 0 };

function readStored(): State | null {
  try {
    const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEY);
    if (!stored) return null;
    const parsed = JSON.parse(stored) as State;
    // A run cut short by a reload has no answer coming.
    if (parsed.simulate?.status === 'running') parsed.simulate = idle();
    if (parsed.analyze?.status === 'running') parsed.analyze = idle();
    return parsed.simulate && parsed.analyze ? parsed : null;
  } catch {
    return null;
  }
}

function setState(next: State): void {
  state = next;
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // storage full or unavailable: the result still lives in memory
  }
  for (const listener of listeners) listener();
}

function update<K extends RunKind>(kind: K, run: SimulationRun<K>): void {
  setState({ ...state, [kind]: run });
}

/**
 * Starts a server run: status `running` at once, then `completed` with the answer or `error`
 * with its message. Returns when the run is over.
 */
export async function startRun<K extends RunKind>(
  kind: K,
  context: RunContext,
  call: () => Promise<Answers[K]>,
): Promise<void> {
  const runNumber = ++latestRun[kind];
  update(kind, { status: 'running', context, result: null, error: null });
  try {
    const result = await call();
    if (runNumber === latestRun[kind]) update(kind, { status: 'completed', context, result, error: null });
  } catch (error) {
    if (runNumber !== latestRun[kind]) return;
    const message = error instanceof Error && error.message ? error.message : 'The simulation failed.';
    update(kind, { status: 'error', context, result: null, error: message });
  }
}

/** Back to idle (at logout and login). */
export function resetSimulations(): void {
  latestRun.simulate++;
  latestRun.analyze++;
  state = initialState();
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // nothing stored
  }
  for (const listener of listeners) listener();
}

onSessionReset(resetSimulations);

// A run finished (or cleared) in another tab shows here too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== STORAGE_KEY && event.key !== null) return;
    state = readStored() ?? initialState();
    for (const listener of listeners) listener();
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const IDLE_RUN = idle();

/** The current run of `kind` for the signed-in user (idle when there is none, or it was someone else's). */
export function useSimulationRun<K extends RunKind>(kind: K): SimulationRun<K> {
  const { user } = useAuth();
  const run = useSyncExternalStore(
    subscribe,
    () => state[kind],
    () => state[kind],
  ) as SimulationRun<K>;
  return run.context && run.context.ownerId !== user?.id ? (IDLE_RUN as SimulationRun<K>) : run;
}
