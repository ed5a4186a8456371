import { Burger, Button, Container } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { productName } from '../../shared/page/product-name';
import { useSessionUser } from '../../shared/session/session';
import type { StoredUser } from '../../shared/session/session-store';
import { accountLinks, fullName } from './account-links';
import classes from './header.module.css';
import { LanguageSwitch } from './language-switch';
import { useSignedInShell } from './signed-in-shell';
import { browserIdle } from '../../shared/page/browser-idle';
import { UserLabel } from './user-label';

// The side menu loads when first opened: a visitor who never opens it never downloads it.
const SideMenu = lazy(async () => ({ default: (await import('./side-menu')).SideMenu }));
// The account menu (a popover's code) loads once the browser is idle, so that it does not hold
// up the screen's own code and data on a phone; until then its place shows the user's name.
const UserMenu = lazy(async () => {
  await browserIdle();
  return { default: (await import('./user-menu')).UserMenu };
});

export function Header() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const shell = useSignedInShell();
  const userLabel = (signedIn: StoredUser) => fullName(signedIn) ?? t('account.defaultUserLabel');
  const location = useLocation();
  // The menu belongs to the location it was opened on, so any navigation closes it.
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  const menuOpened = openedOn === location.key;
  // Once opened, the side menu stays mounted so that it can animate and return focus on close.
  const [menuLoaded, setMenuLoaded] = useState(false);

  return (
    <header className={classes.header}>
      <Container size="lg" className={classes.bar}>
        <div className={classes.brand}>
          <Burger
            size="sm"
            opened={menuOpened}
            aria-label={t('nav.menu')}
            aria-expanded={menuOpened}
            onClick={() => {
              setMenuLoaded(true);
              setOpenedOn(menuOpened ? null : location.key);
            }}
          />
          <Link to="/" className={classes.logo}>
            {productName()}
          </Link>
        </div>
        <nav aria-label={t('nav.account')} className={classes.account}>
          <LanguageSwitch />
          {user ? (
            <Suspense
              fallback={
                <span className={classes.userButton}>
                  <UserLabel label={userLabel(user)} />
                </span>
              }
            >
              <UserMenu user={user} label={userLabel(user)} />
            </Suspense>
          ) : shell ? (
            // The account menu's place, kept for the visitor's initials.
            <span className={classes.userButton}>
              <UserLabel label="" />
            </span>
          ) : (
            accountLinks(null).map((link) => (
              <Button
                key={link.to}
                component={Link}
                to={link.to}
                size="compact-sm"
                variant={link.label === 'login' ? 'filled' : 'subtle'}
              >
                {t(`account.${link.label}`)}
              </Button>
            ))
          )}
        </nav>
      </Container>
      {menuLoaded && (
        <Suspense>
          <SideMenu
            opened={menuOpened}
            onClose={() => {
              setOpenedOn(null);
            }}
            user={user}
          />
        </Suspense>
      )}
    </header>
  );
}
