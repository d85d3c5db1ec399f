import type { WebConfig } from '@sufel/contract';
import { Navbar } from '../components/navbar/navbar';
import { SnackbarProvider } from '../components/snackbar/snackbar-provider';
import { ConfigProvider } from '../config/config-context';
import { I18nProvider } from '../i18n/i18n-provider';
import type { Language } from '../i18n/language';
import { AppRouter } from './router';

export function App({ config, language }: { config: WebConfig; language: Language }) {
  return (
    <ConfigProvider config={config}>
      <I18nProvider initialLanguage={language}>
        <SnackbarProvider>
          <Navbar />
          <AppRouter />
        </SnackbarProvider>
      </I18nProvider>
    </ConfigProvider>
  );
}
