import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/NavLink.css';
import '@mantine/core/styles/Divider.css';
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
    { to: '/claims', label: t('claims.title') },
  ];
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={t('nav.menu')}
      closeButtonProps={{ 'aria-label': t('nav.closeMenu') }}
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
