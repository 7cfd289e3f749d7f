// The home screen (every wallet's accounts, their figures and the activity feed) and one account's page.
import { lazyPage } from '../../lazy-page';

export { portfolioKeys } from './queries';

export const PortfolioPage = lazyPage(() => import('./PortfolioPage'), 'PortfolioPage');
export const AccountPage = lazyPage(() => import('./AccountPage'), 'AccountPage');
