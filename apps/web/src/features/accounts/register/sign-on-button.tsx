import { Button } from '@mantine/core';
import { useStartSso } from '../../../shared/sso/sso-initiate';
import { ErrorAlert } from '../../../shared/ui/error-alert';

/** Registration's single sign-on button, and why the sign-on could not start. */
export function SignOnButton({ label, variant }: { label: string; variant?: 'default' }) {
  const sso = useStartSso();
  return (
    <>
      <ErrorAlert message={sso.errorMessage} />
      <div>
        <Button
          variant={variant}
          loading={sso.busy}
          onClick={() => {
            sso.start({ context: 'registration' });
          }}
        >
          {label}
        </Button>
      </div>
    </>
  );
}
