// Run in a child process by keychain.test.ts: tries to store a wallet secret and prints the outcome as JSON.
import { createKeyringStore } from '../../../src/main/keychain/secret-store';
import { AppFailure } from '../../../src/shared/result';

const store = createKeyringStore(process.argv[2] ?? 'perpetua-test');
try {
  await store.set('wallet:probe', 'not-a-real-secret');
  console.log(JSON.stringify({ ok: true, back: await store.get('wallet:probe') }));
} catch (error) {
  console.log(
    JSON.stringify({
      ok: false,
      code: error instanceof AppFailure ? error.code : 'other',
      message: (error as Error).message,
    }),
  );
}
