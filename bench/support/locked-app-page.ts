// The app as a person meets it in a bench: its core (set up by the bench, then locked) served by the browser
// host in this process, and a Chromium to open it in.
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { startHost } from '../../src/host/server';
import { createDispatcher } from '../../src/main/ipc-dispatch';
import type { TestApp } from '../../tests/integration/support/app';

export async function serveLocked(
  app: TestApp,
): Promise<{ host: Awaited<ReturnType<typeof startHost>>; browser: Browser }> {
  await app.ok('lock.lock');
  const host = await startHost({
    dispatch: createDispatcher(app.core.handlers),
    events: app.core.events,
    rendererDir: join(process.cwd(), 'out', 'renderer'),
  });
  const browser = await chromium.launch({
    executablePath: process.env.PERPETUA_CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  return { host, browser };
}
