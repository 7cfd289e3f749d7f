// The app's own settings (which exchange, which theme) in a small JSON file in the app data folder, written
// atomically. Nothing here is secret. A file that does not parse (hand-edited, from a future version) is not
// fatal: the app starts on the defaults and the next change rewrites it, so a bad file never locks anyone out.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { NetworkChoiceSchema, ThemeSchema } from '../../shared/ipc/settings';
import { writeFileAtomic } from '../../protocol/atomic-file';

export type NetworkChoice = z.infer<typeof NetworkChoiceSchema>;

const FileSchema = z.object({
  version: z.literal(1),
  network: NetworkChoiceSchema.nullable(),
  theme: ThemeSchema,
  /** a Solana RPC the person chose for deposits and on-chain balances; absent: the exchange's own */
  solanaRpc: z.string().max(2048).nullable().optional(),
});
export type Settings = Omit<z.infer<typeof FileSchema>, 'version'>;

export const DEFAULT_SETTINGS: Settings = { network: null, theme: 'system' };

export class SettingsStore {
  readonly file: string;
  private data: Settings;

  constructor(dataDir: string) {
    this.file = join(dataDir, 'settings.json');
    this.data = this.read();
  }

  private read(): Settings {
    if (!existsSync(this.file)) return { ...DEFAULT_SETTINGS };
    try {
      const { network, theme, solanaRpc } = FileSchema.parse(JSON.parse(readFileSync(this.file, 'utf8')));
      return { network, theme, ...(solanaRpc ? { solanaRpc } : {}) };
    } catch {
      return { ...DEFAULT_SETTINGS };
    }
  }

  get(): Settings {
    return { ...this.data };
  }

  /** Saves the whole settings with the change applied; the file is replaced atomically. */
  update(change: Partial<Settings>): Settings {
    const next = FileSchema.parse({ version: 1, ...this.data, ...change });
    writeFileAtomic(this.file, JSON.stringify(next, null, 2));
    this.data = {
      network: next.network,
      theme: next.theme,
      ...(next.solanaRpc ? { solanaRpc: next.solanaRpc } : {}),
    };
    return this.get();
  }
}
