import { Alert, Button, Stack, type ButtonProps } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile, type DownloadedFile } from '../api/api-client';

interface DownloadButtonProps extends Pick<ButtonProps, 'variant' | 'size'> {
  /** Fetches the file behind the session (`apiDownload`). */
  download: () => Promise<DownloadedFile>;
  /** The button's accessible name when its text alone does not say which file. */
  'aria-label'?: string;
  children: ReactNode;
}

/**
 * A file behind the session, saved by the browser (which opens a PDF in the phone's reader):
 * busy while it comes, and why it did not in the server's words.
 */
export function DownloadButton({ download, children, ...button }: DownloadButtonProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <Stack gap="xs" align="flex-start">
      <Button
        variant="default"
        {...button}
        loading={busy}
        onClick={() => {
          setBusy(true);
          setFailed(null);
          download()
            .then(saveFile)
            .catch((error: unknown) => {
              setFailed(error instanceof Error ? error.message : String(error));
            })
            .finally(() => {
              setBusy(false);
            });
        }}
      >
        {children}
      </Button>
      {failed && (
        <Alert color="red" variant="light" role="alert" title={t('errors.downloadFailed')}>
          {failed}
        </Alert>
      )}
    </Stack>
  );
}
