// The app's own settings (which exchange, which theme) in a small JSON file in the app data folder, written
// atomically. Nothing here is secret. A file that does not parse (hand-edited, from a future version) is not
// fatal: the app starts on the defaults and the next change rewrites it, so a bad file never locks anyone out.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import {
  AccountNameSchema,
  AccountNamesSchema,
  NetworkChoiceSchema,
  ThemeSchema,
} from '../../shared/ipc/settings';
import { AppFailure } from '../../shared/result';
import { writeFileAtomic } from '../../support/atomic-file';

export type NetworkChoice = z.infer<typeof NetworkChoiceSchema>;

const FileSchema = z.object({
  version: z.literal(1),
  network: NetworkChoiceSchema.nullable(),
  theme: ThemeSchema,
  /** a Solana RPC the person chose for deposits and on-chain balances; absent: the exchange's own */
  solanaRpc: z.string().max(2048).nullable().optional(),
  /** names the person gave accounts on this computer (absent: none) */
  accountNames: AccountNamesSchema.max(1000).optional(),
  /** false: notifications stay inside the app window (absent: they also go to the operating system) */
  osNotifications: z.boolean().optional(),
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
      return settingsOf(FileSchema.parse(JSON.parse(readFileSync(this.file, 'utf8'))));
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
    this.data = settingsOf(next);
    return this.get();
  }

  accountNames(): { accountId: number; name: string }[] {
    return this.data.accountNames ?? [];
  }

  /**
   * Names an account (null or blank forgets its name). The name is checked here, whatever the window sent:
   * a bad one is refused in plain words and nothing is saved.
   */
  nameAccount(accountId: number, name: string | null): { accountId: number; name: string }[] {
    const others = this.accountNames().filter((n) => n.accountId !== accountId);
    if (name === null || name.trim() === '') return this.update({ accountNames: others }).accountNames ?? [];
    const parsed = AccountNameSchema.safeParse(name);
    if (!parsed.success)
      throw new AppFailure(
        'INVALID_ARGUMENT',
        parsed.error.issues[0]?.message ?? 'That name cannot be used.',
      );
    return this.update({ accountNames: [...others, { accountId, name: parsed.data }] }).accountNames ?? [];
  }
}

/** The settings a parsed file holds, without its version and without empty optional fields. */
function settingsOf(file: z.infer<typeof FileSchema>): Settings {
  const { version: _version, solanaRpc, accountNames, osNotifications, ...rest } = file;
  return {
    ...rest,
    ...(solanaRpc ? { solanaRpc } : {}),
    ...(accountNames?.length ? { accountNames } : {}),
    ...(osNotifications !== undefined ? { osNotifications } : {}),
  };
}
