import type { Contract } from '@sesxi/contract';
import { useTranslation } from 'react-i18next';
import { DownloadButton } from '../../../shared/ui/download-button';
import { downloadContractPdf } from '../api/contract-pdf';

/**
 * The contract's PDF: the document the key terms above are made into, or once signed the
 * signed one with its certificate page.
 */
export function ContractPdfButton({ loanId, contract }: { loanId: number; contract: Contract }) {
  const { t } = useTranslation();
  return (
    <DownloadButton download={() => downloadContractPdf(loanId, contract.number)}>
      {t(contract.signed_at ? 'contract.readSignedPdf' : 'contract.readPdf')}
    </DownloadButton>
  );
}
