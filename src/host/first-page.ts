// Tells the host when the browser has every file the lock screen needs: the page and what it names (its
// scripts, their module preloads, its style sheets). The core's modules take about half a second of the
// host's only thread to load, during which no file is answered; loading them once the page has its files
// lets the browser parse and run the page while the core loads, instead of after.
import { readFileSync } from 'node:fs';
import { join, normalize } from 'node:path';

export interface FirstPage {
  /** a file answered in full, named as the server resolved it (relative to the renderer's folder) */
  served(relative: string): void;
  /** settles once the page and each file it names have been served */
  readonly ready: Promise<void>;
}

/** The files a built index.html loads before it can draw: scripts, module preloads and style sheets. */
export function filesNamedBy(html: string): string[] {
  const named = new Set<string>();
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const isLink = /^<link/i.test(tag);
    if (isLink && !/\brel=["']?(modulepreload|stylesheet)["'\s>]/i.test(tag)) continue;
    const target = /\b(?:src|href)=["']([^"']+)["']/i.exec(tag)?.[1];
    // only the page's own files: a full address or a protocol-relative one is not the host's to serve
    if (!target || /^[a-z][a-z0-9+.-]*:|^\/\//i.test(target)) continue;
    named.add(normalize(target.replace(/^\.?\//, '')));
  }
  return [...named];
}

export function firstPage(rendererDir: string): FirstPage {
  const waiting = new Set([
    'index.html',
    ...filesNamedBy(readFileSync(join(rendererDir, 'index.html'), 'utf8')),
  ]);
  let done!: () => void;
  const ready = new Promise<void>((resolve) => (done = resolve));
  return {
    served: (relative) => {
      // the page first: a file fetched before it (a probe, a stale tab) does not count toward it
      if (waiting.has('index.html') && relative !== 'index.html') return;
      if (waiting.delete(normalize(relative)) && waiting.size === 0) done();
    },
    ready,
  };
}
