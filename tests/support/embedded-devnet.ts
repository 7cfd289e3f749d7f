// A devnet running in the test's own process, handed to the app as the embedded devnet its launcher would have
// started (src/main/network/devnet-supervisor.ts): it never exits on its own, and stop() ends it only when
// `stop` says so (a devnet the test shares with other apps outlives one app's choice of another network).
import type { EmbeddedDevnet } from '../../src/main/network/devnet-supervisor';

export function inProcessDevnet(
  devnet: { baseUrl: string; rpcUrl: string },
  stop: () => Promise<void> = async () => {},
): EmbeddedDevnet {
  let ended: (how: string) => void = () => {};
  const exited = new Promise<string>((resolve) => (ended = resolve));
  const end = async (): Promise<void> => {
    await stop();
    ended('stopped');
  };
  return {
    baseUrl: devnet.baseUrl,
    solanaRpcUrl: devnet.rpcUrl,
    dataDir: null,
    exited,
    recentLog: () => [],
    kill: () => void end(),
    stop: end,
  };
}
