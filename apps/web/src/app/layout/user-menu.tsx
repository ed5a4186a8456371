import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/Menu.layer.css';
import { Button, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { StoredUser } from '../../shared/session/session-store';
import { accountLinks } from './account-links';
import classes from './header.module.css';
import { UserLabel } from './user-label';

interface UserMenuProps {
  user: StoredUser;
  /** The user's name and surname, or the default user label. */
  label: string;
}

export function UserMenu({ user, label }: UserMenuProps) {
  const { t } = useTranslation();
  return (
    // Inside the header's landmark, and without Mantine's initial-focus placeholder (a
    // focusable element that a role=menu may not contain).
    <Menu
      position="bottom-end"
      width={240}
      withinPortal={false}
      withInitialFocusPlaceholder={false}
    >
      <Menu.Target>
        <Button variant="subtle" size="compact-md" className={classes.userButton}>
          <UserLabel label={label} />
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {/* The whole name, which the header may show only as initials. */}
        <Menu.Label className={classes.menuName}>{label}</Menu.Label>
        {accountLinks(user).map((link) => (
          <Menu.Item key={link.to} component={Link} to={link.to}>
            {t(`account.${link.label}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
