// Each account's history and the activity feed of all of them.
import { lazyPage } from '../../lazy-page';

export { useActivityReports } from './useActivity';
export { ActivityFeed } from './ActivityFeed';
export { HistoryTabs } from './HistoryTabs';

export const HistoryPage = lazyPage(() => import('./HistoryPage'), 'HistoryPage');
