import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../shared/api/api-error';

/**
 * The server's refusal to text a signing code (or to sign) before the identity-document check
 * has passed: 403, in its own words. (A temporary password's 403 goes to its own screen.)
 */
export function isIdentityCheckRefusal(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    error.httpStatus === 403 &&
    error.body.password_change_required !== true
  );
}

/** The refusal's words and the way to the check, which /main starts. */
export function IdentityCheckRefusal({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" role="alert">
      <Stack gap="xs">
        <Text>{message}</Text>
        <Anchor component={Link} to="/main" fw={600}>
          {t('contract.signing.toIdentityCheck')}
        </Anchor>
      </Stack>
    </Alert>
  );
}

/** For `CodeConfirmation`'s `refusalOf`: this refusal shown with its way on, others as usual. */
export function identityCheckRefusalOf(error: unknown) {
  return isIdentityCheckRefusal(error) ? <IdentityCheckRefusal message={error.message} /> : null;
}
