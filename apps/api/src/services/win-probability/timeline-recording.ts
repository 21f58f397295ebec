/**
 * What the rest of the server asks of the win-probability timeline recorder (timeline-recorder.ts), apart from
 * the recorder itself: the start-up dependencies name this, not the module that needs them.
 */
export interface TimelineRecorder {
  /** Records the followed leagues' points for the current data version (a data change calls it). */
  record(): Promise<void>;
  /** Resolves once nothing is being recorded or waiting to be. */
  settled(): Promise<void>;
  stop(): Promise<void>;
}
