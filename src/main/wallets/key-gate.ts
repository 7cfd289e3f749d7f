// What the wallets and phrases ask of the app lock (lock/app-lock.ts): that it is unlocked, recently so, that
// the passphrase is the person's, and to hear when it locks. Stated here, so the wallets need nothing else of
// the lock, and the lock's passphrase reset may use the wallets.

export interface KeyGate {
  requireUnlocked(): void;
  requireFreshUnlock(): void;
  reauthenticate(passphrase: string): Promise<void>;
  onLock(hook: () => void): void;
}
