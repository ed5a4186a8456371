import '@mantine/core/styles/VisuallyHidden.layer.css';
import { Button, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentLocale, setLocale } from '../../shared/i18n/i18n';

/**
 * Switches between Georgian and English; the choice is remembered in local storage. It shows
 * the short name (ENG) and is called by both ("ENG English"): what a voice user reads out must
 * be part of its name.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const other = i18n.language === 'en' ? 'ka' : 'en';
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      lang={other}
      onClick={() => {
        if (currentLocale() !== other) void setLocale(other);
      }}
    >
      {t('language.switchToShort')} <VisuallyHidden>{t('language.switchTo')}</VisuallyHidden>
    </Button>
  );
}
