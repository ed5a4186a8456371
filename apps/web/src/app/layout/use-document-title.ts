import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { pageTitle } from '../../shared/page/product-name';
import { deepestTitle } from '../route-handle';

/** Sets `Title — ProductName` from the deepest route that names a title. */
export function useDocumentTitle(): void {
  const { t } = useTranslation();
  const matches = useMatches();
  const titleKey = deepestTitle(matches);

  useEffect(() => {
    if (titleKey) document.title = pageTitle(t(titleKey));
  }, [t, titleKey]);
}
