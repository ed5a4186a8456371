import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Drawer.layer.css';
import '@mantine/core/styles/NavLink.layer.css';
import '@mantine/core/styles/Divider.layer.css';
import { Divider, Drawer, NavLink as MantineNavLink, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import type { StoredUser } from '../../shared/session/session-store';
import { accountLinks } from './account-links';
import { BranchPanel } from './branch-panel';

interface SideMenuProps {
  opened: boolean;
  onClose: () => void;
  user: StoredUser | null;
}

export function SideMenu({ opened, onClose, user }: SideMenuProps) {
  const { t } = useTranslation();
  const links = [
    ...accountLinks(user).map((link) => ({ to: link.to, label: t(`account.${link.label}`) })),
    { to: '/faq', label: t('faq.title') },
    { to: '/claims', label: t('claims.title') },
  ];
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={t('nav.menu')}
      closeButtonProps={{ 'aria-label': t('nav.closeMenu') }}
      // Mantine renders the drawer's title bar as <header>: a second banner landmark otherwise.
      attributes={{ header: { role: 'none' } }}
      size="min(100%, 22rem)"
    >
      <Stack gap="md">
        <nav aria-label={t('nav.menu')}>
          {links.map((link) => (
            <MantineNavLink key={link.to} component={NavLink} to={link.to} label={link.label} />
          ))}
        </nav>
        <Divider />
        <BranchPanel />
      </Stack>
    </Drawer>
  );
}
