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
      {/* bottom right: at the top they covered the header, its Lock button and the Offline badge */}
      <Notifications position="bottom-right" />
      <QueryClientProvider client={queryClient}>
        <App />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
