import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { defaultLocale, locales, type Locale } from '@sesxi/contract';
import ka from '../../locales/ka.json';

const localeKey = 'locale';

/** Georgian ships with the app; other languages download when a visitor picks them. */
const loadMessages: Record<Exclude<Locale, 'ka'>, () => Promise<{ default: typeof ka }>> = {
  en: () => import('../../locales/en.json'),
};

function isLocale(value: unknown): value is Locale {
  return locales.some((locale) => locale === value);
}

function storedLocale(): Locale {
  const value = localStorage.getItem(localeKey);
  return isLocale(value) ? value : defaultLocale;
}

export function currentLocale(): Locale {
  return isLocale(i18next.language) ? i18next.language : defaultLocale;
}

export async function setLocale(locale: Locale): Promise<void> {
  if (locale !== 'ka' && !i18next.hasResourceBundle(locale, 'translation')) {
    const messages = await loadMessages[locale]();
    i18next.addResourceBundle(locale, 'translation', messages.default);
  }
  localStorage.setItem(localeKey, locale);
  await i18next.changeLanguage(locale);
}

const georgianFirst = {
  lng: defaultLocale,
  fallbackLng: defaultLocale,
  resources: { ka: { translation: ka } },
  interpolation: { escapeValue: false },
};

export async function initI18n(): Promise<void> {
  i18next.on('languageChanged', (language) => {
    document.documentElement.lang = language;
  });
  await i18next.use(initReactI18next).init(georgianFirst);
  const locale = storedLocale();
  if (locale !== defaultLocale) await setLocale(locale);
}

/** Whether the visitor will see the app in the language pages are prerendered in (Georgian). */
export function prefersDefaultLocale(): boolean {
  return storedLocale() === defaultLocale;
}

/** For pages prerendered at build time: Georgian, set up synchronously, no browser storage. */
export function initPrerenderI18n(): void {
  if (i18next.isInitialized) return;
  void i18next.use(initReactI18next).init({ ...georgianFirst, initAsync: false });
}

export { i18next };
