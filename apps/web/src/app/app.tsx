import type { WebConfig } from '@sufel/contract';
import { Footer } from '../components/footer/footer';
import { Navbar } from '../components/navbar/navbar';
import { SnackbarProvider } from '../components/snackbar/snackbar-provider';
import { ConfigProvider } from '../config/config-context';
import { AccountLink } from '../features/client/components/account-link';
import { I18nProvider } from '../i18n/i18n-provider';
import type { Language } from '../i18n/language';
import { AppRouter } from './router';

export function App({ config, language }: { config: WebConfig; language: Language }) {
  return (
    <ConfigProvider config={config}>
      <I18nProvider initialLanguage={language}>
        <SnackbarProvider>
          <Navbar account={<AccountLink />} />
          <AppRouter />
          <Footer />
        </SnackbarProvider>
      </I18nProvider>
    </ConfigProvider>
  );
}
