// A page whose chunk was fetched ahead (the portfolio, while the lock screen is up) must draw at once: React
// holds a suspended boundary's content back for 300 ms after its fallback, which sat between unlocking and
// the portfolio. Rendered on the server, a page that suspends shows its fallback instead.
import { describe, expect, it } from 'vitest';
import { createElement, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { lazyPage } from '../../../src/renderer/src/lazy-page';

const pageModule = () =>
  Promise.resolve({ Greeting: ({ name }: { name: string }) => createElement('p', null, `Hello ${name}`) });
const drawn = (Page: ReturnType<typeof lazyPage<Awaited<ReturnType<typeof pageModule>>, 'Greeting'>>) =>
  renderToString(createElement(Suspense, { fallback: 'loading' }, createElement(Page, { name: 'Ada' })));

describe('a lazily loaded page', () => {
  it('draws at once, without its fallback, once preloaded', async () => {
    const Page = lazyPage(pageModule, 'Greeting');
    await Page.preload();
    expect(drawn(Page)).toMatch(/^(<!--\$-->)?<p>Hello Ada<\/p>(<!--\/\$-->)?$/);
  });

  it('shows the fallback while its chunk has not arrived, and fetches it once', async () => {
    let loads = 0;
    const Page = lazyPage(() => {
      loads += 1;
      return pageModule();
    }, 'Greeting');
    expect(drawn(Page)).toContain('loading');
    await Page.preload();
    expect(drawn(Page)).toMatch(/^(<!--\$-->)?<p>Hello Ada<\/p>(<!--\/\$-->)?$/);
    expect(loads).toBe(1);
  });
});
