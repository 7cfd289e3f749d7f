// What the exchange keeps of each session: whose it is, its key, and how long it lives.
export interface SessionState {
  id: bigint;
  owner: string;
  sessionKey: string;
  expiry: number;
  refreshDeadline?: number;
  createdAt: number;
  revoked: boolean;
  lastUsed?: number;
}
