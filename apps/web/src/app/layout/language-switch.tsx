import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentLocale, setLocale } from '../../shared/i18n/i18n';

/** Switches between Georgian and English; the choice is remembered in local storage. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const other = i18n.language === 'en' ? 'ka' : 'en';
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      lang={other}
      aria-label={t('language.switchTo')}
      onClick={() => {
        if (currentLocale() !== other) void setLocale(other);
      }}
    >
      {t('language.switchToShort')}
    </Button>
  );
}
