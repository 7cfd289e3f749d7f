// A run of fills on one account shows one "Order filled" notice, not one per fill queued behind each other:
// the window's notices (Mantine's store, as the app shows them) are known by their words.
import { describe, expect, it } from 'vitest';
import { createNotificationsStore, showNotification } from '@mantine/notifications';
import { accountNotice, noticeId } from '../../../src/shared/notices';

describe('account notices on screen', () => {
  it('the same words are one notice while it is shown; another account’s are their own', () => {
    const store = createNotificationsStore();
    const show = (accountId: number) => {
      const notice = accountNotice({ accountId, updateId: 2, type: 'fill' })!;
      showNotification({ ...notice, id: noticeId(notice) }, store);
    };
    for (let i = 0; i < 20; i += 1) show(4);
    show(5);
    const { notifications, queue } = store.getState();
    expect(notifications.map((n) => n.message)).toEqual([
      expect.stringContaining('account 4'),
      expect.stringContaining('account 5'),
    ]);
    expect(queue).toEqual([]);
  });
});
