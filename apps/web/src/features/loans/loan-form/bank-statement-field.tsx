import { Input } from '@mantine/core';
import { bankStatementTypes } from '@sesxi/contract';
import { useId } from 'react';
import { useController, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import classes from './loan-form.module.css';
import { checkBankStatement, type LoanFormValues } from './loan-values';

interface BankStatementFieldProps {
  control: Control<LoanFormValues>;
  /** The statement stored with the application; then choosing another one is optional. */
  storedFileName?: string;
}

/** Extensions as well as types: some phones filter the picker by one, some by the other. */
const accept = [...bankStatementTypes, '.pdf', '.jpg', '.jpeg', '.png'].join(',');

/**
 * The single-file picker for the bank statement. The browser's own input stays the control
 * (labelled, keyboard usable, files set on it) but is transparent over a box that says in the
 * app's language what it does and which file is chosen: the native button and its "no file
 * chosen" speak the browser's language, not the customer's. The limits and error are under it.
 */
export function BankStatementField({ control, storedFileName }: BankStatementFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const {
    field: { ref: inputRef, ...field },
    fieldState,
  } = useController({
    control,
    name: 'file',
    rules: { validate: (file) => checkBankStatement(file, storedFileName === undefined) },
  });
  const error = fieldState.error?.message;
  const description = storedFileName
    ? `${t('loan.storedFile', { name: storedFileName })} ${t('loan.fileHint')}`
    : t('loan.fileHint');
  const chosen: unknown = field.value;
  const chosenName = chosen instanceof File ? chosen.name : null;
  return (
    <Input.Wrapper
      id={id}
      label={t('labels.bankStatement')}
      description={description}
      error={error}
    >
      <div className={classes.picker}>
        <span className={classes.fileButton} aria-hidden="true">
          {t('loan.chooseFile')}
        </span>
        <span id={`${id}-chosen`} className={classes.fileName}>
          {chosenName === null
            ? t('loan.noFileChosen')
            : t('loan.chosenFile', { name: chosenName })}
        </span>
        <input
          ref={inputRef}
          id={id}
          name={field.name}
          type="file"
          accept={accept}
          className={classes.file}
          aria-invalid={error ? true : undefined}
          aria-describedby={[`${id}-description`, `${id}-chosen`, error ? `${id}-error` : '']
            .join(' ')
            .trim()}
          onBlur={field.onBlur}
          onChange={(event) => {
            field.onChange(event.currentTarget.files?.[0] ?? null);
          }}
        />
      </div>
    </Input.Wrapper>
  );
}
