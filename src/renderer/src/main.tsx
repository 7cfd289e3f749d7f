import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import './theme/mantine-styles';
import './theme/app.css';
import { App } from './App';
import { wallet } from './bridge/wallet';
import { settingsColorSchemeManager } from './theme/color-scheme';
import { cssVariablesResolver, theme } from './theme/theme';
import { rememberFocus } from './components/focus-return';

/** the navigation's width (Unlocked.tsx) less the notices' margin on either side */
const NOTICE_WIDTH = 210 - 2 * 16;

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});
const colorSchemeManager = settingsColorSchemeManager(wallet);
rememberFocus(document);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
      colorSchemeManager={colorSchemeManager}
    >
      {/* Bottom left, no wider than the navigation: at the top they covered the header, its Lock button and the
          Offline badge; at the bottom right, the Refresh and Revoke buttons at the end of a table's rows. The
          navigation's foot is the one place no page puts anything to press. */}
      <Notifications position="bottom-left" containerWidth={NOTICE_WIDTH} limit={3} />
      <QueryClientProvider client={queryClient}>
        <App />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
