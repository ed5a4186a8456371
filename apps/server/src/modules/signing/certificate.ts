import { formatTimestamp } from '@sesxi/contract';
import type { AppendedPage } from '#app/pdf/append-page.ts';

/** Who signed which document, when, from where and how: what the certificate page says. */
export interface SignatureFacts {
  contractNumber: string;
  name: string;
  surname: string;
  personalNumber: string;
  phone: string;
  signedAt: Date;
  codeSentAt: Date;
  ip: string;
  userAgent: string;
  /** The original document's SHA-256 and size: the signed file's first bytes are exactly it. */
  originalSha256: string;
  originalSize: number;
  /** The version of the agreement to conclude contracts electronically the signer agreed to. */
  eContractVersion: number;
}

const tbilisiTime = (moment: Date) => `${formatTimestamp(moment)} (თბილისი, UTC+4)`;

/** The signature certificate page that follows the contract's own pages, in Georgian. */
export function certificatePage(facts: SignatureFacts): AppendedPage {
  return {
    title: 'ელექტრონული ხელმოწერის სერტიფიკატი',
    paragraphs: [
      `ხელშეკრულებას № ${facts.contractNumber} ხელი მოეწერა ელექტრონულად, მსესხებლის დადასტურებულ ტელეფონის ნომერზე გაგზავნილი ერთჯერადი კოდით. კოდი მიბმული იყო ზუსტად ამ დოკუმენტზე: მისი SHA-256 ანაბეჭდი ქვემოთაა მოცემული.`,
      `ეს გვერდი დაერთო ხელმოწერისას. ფაილის პირველი ${String(facts.originalSize)} ბაიტი ხელმოწერილი დოკუმენტია, უცვლელად: მისი SHA-256 უნდა ემთხვეოდეს ქვემოთ მოცემულს.`,
    ],
    facts: [
      ['ხელშეკრულება', `№ ${facts.contractNumber}`],
      ['ხელმომწერი', `${facts.name} ${facts.surname}`],
      ['პირადი ნომერი (დადასტურებული ერთიანი ავტორიზაციით)', facts.personalNumber],
      ['ტელეფონის ნომერი', `+995 ${facts.phone}`],
      ['ხელმოწერის დრო', tbilisiTime(facts.signedAt)],
      ['კოდის გაგზავნის დრო', tbilisiTime(facts.codeSentAt)],
      ['IP მისამართი', facts.ip],
      ['ბრაუზერი', facts.userAgent || '—'],
      [
        'ხელმოწერის საშუალება',
        'SMS-ით გაგზავნილი 6-ნიშნა ერთჯერადი კოდი, მიბმული დოკუმენტის SHA-256 ანაბეჭდზე',
      ],
      ['თანხმობა ხელშეკრულების ელექტრონულად დადებაზე', `ვერსია ${String(facts.eContractVersion)}`],
      ['ხელმოწერილი დოკუმენტის SHA-256', facts.originalSha256],
      ['ხელმოწერილი დოკუმენტის ზომა', `${String(facts.originalSize)} ბაიტი`],
    ],
    footer: `ხელშეკრულება № ${facts.contractNumber} — ხელმოწერის სერტიფიკატი`,
  };
}
