import { registerForm } from '@sesxi/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client';
import { currentLocale } from '../../../shared/i18n/i18n';

export const registerFormKey = ['register', 'form'] as const;

/** `GET /api/register`: the document types and the privacy policy's wording. */
export function registerFormQuery() {
  return queryOptions({
    queryKey: [...registerFormKey, currentLocale()],
    queryFn: ({ signal }) => apiRequest(registerForm, { signal }),
  });
}

export function useRegisterForm() {
  return useQuery(registerFormQuery());
}
