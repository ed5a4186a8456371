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
 * The single-file picker for the bank statement: the browser's own input (labelled, keyboard
 * usable, naming the chosen file), with the limits under it and its error below.
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
  return (
    <Input.Wrapper
      id={id}
      label={t('labels.bankStatement')}
      description={description}
      error={error}
    >
      <input
        ref={inputRef}
        id={id}
        name={field.name}
        type="file"
        accept={accept}
        className={classes.file}
        aria-invalid={error ? true : undefined}
        aria-describedby={[`${id}-description`, error ? `${id}-error` : ''].join(' ').trim()}
        onBlur={field.onBlur}
        onChange={(event) => {
          field.onChange(event.currentTarget.files?.[0] ?? null);
        }}
      />
    </Input.Wrapper>
  );
}
