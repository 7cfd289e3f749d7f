// Trigger (stop-loss / take-profit) state kept in the engine snapshot.
export interface TriggersState {
  nextTriggerId: bigint;
}

export const emptyTriggersState = (): TriggersState => ({ nextTriggerId: 1n });
