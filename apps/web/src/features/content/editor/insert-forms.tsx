import { Button, FileButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { contentImageTypes, contentImageUpload, isContentHref, youtubeIdOf } from '@sesxi/contract';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiUpload } from '../../../shared/api/api-client';
import { ErrorAlert } from '../../../shared/ui/error-alert';

function DialogButtons({ onClose, busy }: { onClose: () => void; busy?: boolean }) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onClose} disabled={busy}>
        {t('contentEditor.cancel')}
      </Button>
      <Button type="submit" loading={busy}>
        {t('contentEditor.insert')}
      </Button>
    </Group>
  );
}

function submitted(handle: () => void) {
  return (event: SyntheticEvent) => {
    event.preventDefault();
    handle();
  };
}

/** A link's address, starting from the link's own. */
export function LinkForm({
  initial,
  onClose,
  onSave,
}: {
  initial: string;
  onClose: () => void;
  onSave: (url: string) => void;
}) {
  const { t } = useTranslation();
  const [url, setUrl] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  return (
    <form
      onSubmit={submitted(() => {
        const address = url.trim();
        // An emptied field takes the link away; an address off the allow-list is refused
        // here, as visitors would never get it (an http:// one above all).
        if (address === '' || address === 'https://' || isContentHref(address)) onSave(address);
        else setError(t('contentEditor.linkInvalid'));
      })}
    >
      <Stack>
        <TextInput
          label={t('contentEditor.linkUrl')}
          value={url}
          error={error}
          onChange={(event) => {
            setUrl(event.currentTarget.value);
          }}
          data-autofocus
        />
        <DialogButtons onClose={onClose} />
      </Stack>
    </form>
  );
}

/** A YouTube video by its address, with a title for its facade. */
export function VideoForm({
  onClose,
  onInsert,
}: {
  onClose: () => void;
  onInsert: (video: { id: string; title: string }) => void;
}) {
  const { t } = useTranslation();
  const [url, setUrl] = useState('');
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | undefined>();
  return (
    <form
      onSubmit={submitted(() => {
        const id = youtubeIdOf(url);
        if (id) onInsert({ id, title: title.trim() });
        else setError(t('contentEditor.videoInvalid'));
      })}
    >
      <Stack>
        <TextInput
          label={t('contentEditor.videoUrl')}
          value={url}
          error={error}
          placeholder="https://www.youtube.com/watch?v=…"
          onChange={(event) => {
            setUrl(event.currentTarget.value);
          }}
          data-autofocus
        />
        <TextInput
          label={t('contentEditor.videoTitle')}
          value={title}
          onChange={(event) => {
            setTitle(event.currentTarget.value);
          }}
        />
        <DialogButtons onClose={onClose} />
      </Stack>
    </form>
  );
}

/** An image uploaded from the editor's device, with the description visitors may hear. */
export function ImageForm({
  onClose,
  onInsert,
}: {
  onClose: () => void;
  onInsert: (image: { src: string; alt: string }) => void;
}) {
  const { t } = useTranslation();
  const fileLabelId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState('');
  const [errors, setErrors] = useState<{ file?: string; alt?: string }>({});
  const upload = useMutation({
    mutationFn: (chosen: File) => {
      const body = new FormData();
      body.append('file', chosen);
      return apiUpload(contentImageUpload, { body });
    },
    onSuccess: ({ url }) => {
      onInsert({ src: url, alt: alt.trim() });
    },
  });
  return (
    <form
      onSubmit={submitted(() => {
        const found = {
          ...(file ? {} : { file: t('contentEditor.imageRequired') }),
          ...(alt.trim() ? {} : { alt: t('contentEditor.imageAltRequired') }),
        };
        setErrors(found);
        if (file && !found.alt) upload.mutate(file);
      })}
    >
      <Stack>
        <Stack gap={4}>
          <Text component="span" size="sm" fw={500} id={fileLabelId}>
            {t('contentEditor.imageFile')}
          </Text>
          <Group gap="sm">
            <FileButton onChange={setFile} accept={contentImageTypes.join(',')}>
              {(props) => (
                <Button variant="default" aria-describedby={fileLabelId} {...props} data-autofocus>
                  {t('contentEditor.chooseImage')}
                </Button>
              )}
            </FileButton>
            <Text size="sm">{file?.name ?? t('contentEditor.noImage')}</Text>
          </Group>
          {errors.file && (
            <Text size="sm" c="red.8">
              {errors.file}
            </Text>
          )}
        </Stack>
        <TextInput
          label={t('contentEditor.imageAlt')}
          description={t('contentEditor.imageAltHint')}
          value={alt}
          error={errors.alt}
          onChange={(event) => {
            setAlt(event.currentTarget.value);
          }}
        />
        {upload.isError && <ErrorAlert message={upload.error.message} />}
        <DialogButtons onClose={onClose} busy={upload.isPending} />
      </Stack>
    </form>
  );
}
