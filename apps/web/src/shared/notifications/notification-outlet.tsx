import { Alert } from '@mantine/core';
import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import {
  dismissNotification,
  displayedNotification,
  showPendingNotification,
  subscribeToNotifications,
  type Notification,
} from './notification-store';

const colors: Record<Notification['type'], string> = {
  success: 'green',
  danger: 'orange',
  error: 'red',
};

/** Shows the message `notify` left for this page. */
export function NotificationOutlet() {
  const { t } = useTranslation();
  const location = useLocation();
  const notification = useSyncExternalStore(
    subscribeToNotifications,
    displayedNotification,
    displayedNotification,
  );

  useEffect(() => {
    showPendingNotification(location);
  }, [location]);

  if (!notification) return null;
  return (
    <Alert
      role={notification.type === 'success' ? 'status' : 'alert'}
      color={colors[notification.type]}
      variant="light"
      withCloseButton
      closeButtonLabel={t('notification.close')}
      onClose={dismissNotification}
      mb="md"
    >
      {notification.text}
    </Alert>
  );
}
