// The words the window shows when the exchange is out of contact: the app's own local exchange that stopped
// is told as that (being restarted, or given up on), never as a lost connection Perpetua can do nothing about.
import { describe, expect, it } from 'vitest';
import { offlineNotice } from '../../../../../src/renderer/src/features/network/offline-words';

const status = (state: 'running' | 'restarting' | 'stopped', message: string) => ({
  state,
  message,
  dataDir: '/home/p/.config/Perpetua/devnet',
  recentLog: ['SyntaxError: Unexpected token'],
});

describe('offline words', () => {
  it('a local exchange being restarted says so, in the supervisor’s words', () => {
    const notice = offlineNotice(
      status('restarting', 'The local exchange stopped (killed by SIGKILL); restarting it.'),
    );
    expect(notice.title).toBe('Local exchange stopped');
    expect(notice.message).toBe(
      'The local exchange stopped (killed by SIGKILL); restarting it. Balances and positions on screen may be out of date until it is back.',
    );
    expect(notice.message).not.toMatch(/lost contact|nothing was sent/);
  });

  it('one Perpetua gave up on says so and points at the note with its data folder and last output', () => {
    const notice = offlineNotice(status('stopped', 'The local exchange stopped, and 3 restarts failed.'));
    expect(notice.title).toBe('Local exchange not running');
    expect(notice.message).toMatch(/stopped restarting the local exchange/);
    expect(notice.message).toMatch(/where its data is and what it last printed/);
  });

  it('an exchange elsewhere, or a devnet that runs, is a lost connection that Perpetua keeps retrying', () => {
    for (const devnet of [null, undefined, status('running', 'The local exchange is running.')])
      expect(offlineNotice(devnet)).toEqual({
        title: 'Exchange unreachable',
        message:
          'Perpetua lost contact with the exchange and keeps trying. Balances and positions on screen may be out of date until it is back.',
      });
  });
});
