// Vault state kept in the engine snapshot.
export interface VaultsState {
  byId: Record<number, unknown>;
}

export const emptyVaultsState = (): VaultsState => ({ byId: {} });
