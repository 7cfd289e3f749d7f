// The page an address names (the URL hash), so that the back button and reloads keep the page; anything
// else is the Portfolio.
import { describe, expect, it } from 'vitest';
import { accountHref, parseRoute, transfersHref } from '../../../src/renderer/src/routes';

describe('the page of an address', () => {
  it('names each page and guided flow', () => {
    expect(parseRoute('#/vaults')).toEqual({ page: 'vaults' });
    expect(parseRoute('#/settings')).toEqual({ page: 'settings' });
    expect(parseRoute('#/sweep')).toEqual({ page: 'sweep' });
    expect(parseRoute('#/compromised-key')).toEqual({ page: 'compromised-key' });
  });

  it('gives Transfers its tab, Deposit when it names none or an unknown one', () => {
    expect(parseRoute(transfersHref('withdraw'))).toEqual({ page: 'transfers', tab: 'withdraw' });
    expect(parseRoute('#/transfers')).toEqual({ page: 'transfers', tab: 'deposit' });
    expect(parseRoute('#/transfers/steal')).toEqual({ page: 'transfers', tab: 'deposit' });
  });

  it('gives an account page its number, within an account id’s 32 bits', () => {
    expect(parseRoute(accountHref(7))).toEqual({ page: 'account', accountId: 7 });
    expect(parseRoute('#/account/4294967295')).toEqual({ page: 'account', accountId: 4294967295 });
    expect(parseRoute('#/account/4294967296')).toEqual({ page: 'portfolio' });
    expect(parseRoute('#/account/-1')).toEqual({ page: 'portfolio' });
  });

  it('is the Portfolio for an empty or unknown address', () => {
    for (const hash of ['', '#', '#/', '#/nowhere', '#/constructor']) {
      expect(parseRoute(hash)).toEqual({ page: 'portfolio' });
    }
  });
});
