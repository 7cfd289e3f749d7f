// A data folder that stops being writable mid-run and comes back, with the kernel's own refusal: the folder
// is a link to a real folder, then to one the kernel refuses writes in (sysfs, for every user, root
// included), then to the real one again.
import { mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';

export function flakyFolder(dir: string): { folder: string; refuse(): void; restore(): void } {
  const real = join(dir, 'real');
  mkdirSync(real);
  const folder = join(dir, 'data');
  const point = (target: string) => {
    rmSync(folder, { force: true });
    symlinkSync(target, folder);
  };
  point(real);
  return { folder, refuse: () => point('/sys/fs'), restore: () => point(real) };
}
