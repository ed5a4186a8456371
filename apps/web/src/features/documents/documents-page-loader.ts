import { prefetching } from '../../shared/api/query-client';
import { documentsQuery } from './api/documents-show';

/** `/documents` asks for the list as the visit starts. */
export const documentsPageLoader = prefetching(documentsQuery);
