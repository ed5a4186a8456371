/**
 * The reference data every installation starts with. Edit the values here, or the rows in the
 * database: the seed runs at every start but only adds what is missing (by `code`), so rows an
 * operator changed stay as they are. Consent texts are versioned instead: a wording that no
 * stored version has is added as the newest version; older versions stay, since recorded
 * consents point at them.
 *
 * Branch addresses, phones, the hotline, the e-mail and the social links are placeholders
 * for the lender's real ones.
 */
import type { WordingKind } from '../schema.ts';

export interface LookupItem {
  code: string;
  name: string;
  nameEn: string;
}

export const documentTypes: LookupItem[] = [
  { code: 'id_card', name: 'პირადობის მოწმობა', nameEn: 'ID card' },
  { code: 'passport', name: 'პასპორტი', nameEn: 'Passport' },
];

export const cities: LookupItem[] = [
  { code: 'tbilisi', name: 'თბილისი', nameEn: 'Tbilisi' },
  { code: 'batumi', name: 'ბათუმი', nameEn: 'Batumi' },
  { code: 'kutaisi', name: 'ქუთაისი', nameEn: 'Kutaisi' },
  { code: 'rustavi', name: 'რუსთავი', nameEn: 'Rustavi' },
  { code: 'gori', name: 'გორი', nameEn: 'Gori' },
  { code: 'zugdidi', name: 'ზუგდიდი', nameEn: 'Zugdidi' },
  { code: 'poti', name: 'ფოთი', nameEn: 'Poti' },
  { code: 'telavi', name: 'თელავი', nameEn: 'Telavi' },
  { code: 'akhaltsikhe', name: 'ახალციხე', nameEn: 'Akhaltsikhe' },
  { code: 'samtredia', name: 'სამტრედია', nameEn: 'Samtredia' },
  { code: 'zestaponi', name: 'ზესტაფონი', nameEn: 'Zestaponi' },
  { code: 'khashuri', name: 'ხაშური', nameEn: 'Khashuri' },
  { code: 'senaki', name: 'სენაკი', nameEn: 'Senaki' },
  { code: 'marneuli', name: 'მარნეული', nameEn: 'Marneuli' },
  { code: 'kobuleti', name: 'ქობულეთი', nameEn: 'Kobuleti' },
  { code: 'ozurgeti', name: 'ოზურგეთი', nameEn: 'Ozurgeti' },
  { code: 'kaspi', name: 'კასპი', nameEn: 'Kaspi' },
  { code: 'chiatura', name: 'ჭიათურა', nameEn: 'Chiatura' },
  { code: 'tskaltubo', name: 'წყალტუბო', nameEn: 'Tskaltubo' },
  { code: 'sagarejo', name: 'საგარეჯო', nameEn: 'Sagarejo' },
  { code: 'mtskheta', name: 'მცხეთა', nameEn: 'Mtskheta' },
  { code: 'borjomi', name: 'ბორჯომი', nameEn: 'Borjomi' },
  { code: 'gardabani', name: 'გარდაბანი', nameEn: 'Gardabani' },
  { code: 'bolnisi', name: 'ბოლნისი', nameEn: 'Bolnisi' },
  { code: 'gurjaani', name: 'გურჯაანი', nameEn: 'Gurjaani' },
  { code: 'sighnaghi', name: 'სიღნაღი', nameEn: 'Sighnaghi' },
  { code: 'kvareli', name: 'ყვარელი', nameEn: 'Kvareli' },
  { code: 'lagodekhi', name: 'ლაგოდეხი', nameEn: 'Lagodekhi' },
  { code: 'akhalkalaki', name: 'ახალქალაქი', nameEn: 'Akhalkalaki' },
  { code: 'ninotsminda', name: 'ნინოწმინდა', nameEn: 'Ninotsminda' },
  { code: 'kareli', name: 'ქარელი', nameEn: 'Kareli' },
  { code: 'sachkhere', name: 'საჩხერე', nameEn: 'Sachkhere' },
  { code: 'tkibuli', name: 'ტყიბული', nameEn: 'Tkibuli' },
  { code: 'terjola', name: 'თერჯოლა', nameEn: 'Terjola' },
  { code: 'vani', name: 'ვანი', nameEn: 'Vani' },
  { code: 'baghdati', name: 'ბაღდათი', nameEn: 'Baghdati' },
  { code: 'khoni', name: 'ხონი', nameEn: 'Khoni' },
  { code: 'martvili', name: 'მარტვილი', nameEn: 'Martvili' },
  { code: 'khobi', name: 'ხობი', nameEn: 'Khobi' },
  { code: 'tsalenjikha', name: 'წალენჯიხა', nameEn: 'Tsalenjikha' },
  { code: 'lanchkhuti', name: 'ლანჩხუთი', nameEn: 'Lanchkhuti' },
  { code: 'ambrolauri', name: 'ამბროლაური', nameEn: 'Ambrolauri' },
  { code: 'mestia', name: 'მესტია', nameEn: 'Mestia' },
  { code: 'dusheti', name: 'დუშეთი', nameEn: 'Dusheti' },
  { code: 'tetritskaro', name: 'თეთრიწყარო', nameEn: 'Tetritskaro' },
  { code: 'dedoplistskaro', name: 'დედოფლისწყარო', nameEn: 'Dedoplistskaro' },
];

export const activitySpheres: LookupItem[] = [
  { code: 'trade', name: 'ვაჭრობა', nameEn: 'Trade' },
  { code: 'services', name: 'მომსახურება', nameEn: 'Services' },
  { code: 'agriculture', name: 'სოფლის მეურნეობა', nameEn: 'Agriculture' },
  { code: 'construction', name: 'მშენებლობა', nameEn: 'Construction' },
  { code: 'manufacturing', name: 'წარმოება', nameEn: 'Manufacturing' },
  { code: 'transport', name: 'ტრანსპორტი და ლოჯისტიკა', nameEn: 'Transport and logistics' },
  { code: 'it', name: 'ინფორმაციული ტექნოლოგიები', nameEn: 'Information technology' },
  { code: 'tourism', name: 'ტურიზმი და სასტუმრო მომსახურება', nameEn: 'Tourism and hospitality' },
  { code: 'healthcare', name: 'ჯანდაცვა', nameEn: 'Healthcare' },
  { code: 'education', name: 'განათლება', nameEn: 'Education' },
  { code: 'other', name: 'სხვა', nameEn: 'Other' },
];

export const loanPurposes: LookupItem[] = [
  { code: 'consumer_goods', name: 'სამომხმარებლო საქონლის შეძენა', nameEn: 'Consumer goods' },
  { code: 'education', name: 'სწავლის საფასური', nameEn: 'Education' },
  { code: 'medical', name: 'მკურნალობა', nameEn: 'Medical treatment' },
  { code: 'home_renovation', name: 'სახლის რემონტი', nameEn: 'Home renovation' },
  { code: 'travel', name: 'მოგზაურობა', nameEn: 'Travel' },
  { code: 'refinancing', name: 'სხვა სესხის დაფარვა', nameEn: 'Debt refinancing' },
  { code: 'other', name: 'სხვა', nameEn: 'Other' },
];

/** The codes are what the code refers to; the order is a loan's usual path. */
export const loanStatuses: LookupItem[] = [
  { code: 'draft', name: 'შევსების პროცესში', nameEn: 'Draft' },
  { code: 'consented', name: 'თანხმობა გაცემულია', nameEn: 'Consent given' },
  { code: 'submitted', name: 'წარდგენილია', nameEn: 'Submitted' },
  { code: 'under_review', name: 'განხილვის პროცესში', nameEn: 'Under review' },
  { code: 'approved', name: 'დამტკიცებულია', nameEn: 'Approved' },
  { code: 'rejected', name: 'უარყოფილია', nameEn: 'Rejected' },
  { code: 'cancelled', name: 'გაუქმებულია', nameEn: 'Cancelled' },
  { code: 'expired', name: 'შეთავაზების ვადა ამოიწურა', nameEn: 'Offer expired' },
  { code: 'signed', name: 'ხელშეკრულება ხელმოწერილია', nameEn: 'Contract signed' },
  { code: 'active', name: 'აქტიური სესხი', nameEn: 'Active loan' },
  { code: 'withdrawing', name: 'უარი ხელშეკრულებაზე: თანხის დაბრუნება', nameEn: 'Withdrawing' },
  { code: 'withdrawn', name: 'ხელშეკრულებაზე უარი ითქვა', nameEn: 'Withdrawn' },
  { code: 'repaid', name: 'სესხი დაფარულია', nameEn: 'Repaid' },
];

/** Why an application is rejected: what the customer reads on /main and in the text. */
export const rejectionReasons: LookupItem[] = [
  {
    code: 'income_too_low',
    name: 'შემოსავალი არ არის საკმარისი ყოველთვიური გადასახადისთვის',
    nameEn: 'The income is not enough for the monthly payment',
  },
  {
    code: 'overdue_debt',
    name: 'გაქვთ ვადაგადაცილებული დავალიანება',
    nameEn: 'You have an overdue debt',
  },
  {
    code: 'identity_not_confirmed',
    name: 'პიროვნება ვერ დადასტურდა',
    nameEn: 'Your identity could not be confirmed',
  },
  {
    code: 'documents_unreadable',
    name: 'წარმოდგენილი დოკუმენტი ვერ წავიკითხეთ',
    nameEn: 'The document provided could not be read',
  },
  {
    code: 'too_many_obligations',
    name: 'არსებული ვალდებულებები ძალიან მაღალია',
    nameEn: 'Your existing obligations are too high',
  },
];

export interface BranchSeed {
  code: string;
  name: string;
  nameEn: string;
  cityCode: string;
  address: string;
  phone: string;
  isMain: boolean;
  schedules: { startDay: number; endDay: number; startTime: string; endTime: string }[];
}

/** Monday to Friday 10:00–18:00, Saturday 10:00–14:00. */
const weeklyHours: BranchSeed['schedules'] = [
  { startDay: 1, endDay: 5, startTime: '10:00', endTime: '18:00' },
  { startDay: 6, endDay: 6, startTime: '10:00', endTime: '14:00' },
];

export const branches: BranchSeed[] = [
  {
    code: 'tbilisi',
    name: 'თბილისის ფილიალი',
    nameEn: 'Tbilisi branch',
    cityCode: 'tbilisi',
    address: 'ილია ჭავჭავაძის გამზირი 37',
    phone: '+995 32 2 47 47 47',
    isMain: true,
    schedules: weeklyHours,
  },
  {
    code: 'gori',
    name: 'გორის ფილიალი',
    nameEn: 'Gori branch',
    cityCode: 'gori',
    address: 'მერაბ კოსტავას ქუჩა 21',
    phone: '+995 370 27 47 47',
    isMain: false,
    schedules: weeklyHours,
  },
  {
    code: 'kutaisi',
    name: 'ქუთაისის ფილიალი',
    nameEn: 'Kutaisi branch',
    cityCode: 'kutaisi',
    address: 'შოთა რუსთაველის გამზირი 42',
    phone: '+995 431 24 47 47',
    isMain: false,
    schedules: weeklyHours,
  },
];

export const contact = {
  hotline: '+995 32 2 47 47 47',
  email: 'info@sesxi.ge',
  facebook: 'https://www.facebook.com/sesxi.ge',
  youtube: 'https://www.youtube.com/@sesxi',
  linkedin: 'https://www.linkedin.com/company/sesxi',
};

/** Consent wordings and the contract's general terms in plain Georgian; one paragraph a line. */
export const consentTexts: Record<WordingKind, string> = {
  privacy_policy: [
    'კონფიდენციალურობის პოლიტიკა',
    'კომპანია ამუშავებს თქვენს პერსონალურ მონაცემებს „პერსონალურ მონაცემთა დაცვის შესახებ“ საქართველოს კანონის შესაბამისად.',
    'ვამუშავებთ მხოლოდ იმ მონაცემებს, რომლებიც საჭიროა სესხის განაცხადის განსახილველად და ხელშეკრულების შესასრულებლად: სახელს, გვარს, პირად ნომერს, პირადობის დამადასტურებელი დოკუმენტის მონაცემებს, ტელეფონის ნომერს, ინფორმაციას თქვენი შემოსავლისა და ფინანსური ვალდებულებების შესახებ.',
    'მონაცემებს ვინახავთ დაცულად. მათზე წვდომა აქვთ მხოლოდ უფლებამოსილ თანამშრომლებს და ყოველი წვდომა აღირიცხება.',
    'თქვენს მონაცემებს მესამე პირებს გადავცემთ მხოლოდ თქვენი თანხმობით ან კანონით გათვალისწინებულ შემთხვევებში.',
    'თქვენ გაქვთ უფლება, გაეცნოთ თქვენს შესახებ დამუშავებულ მონაცემებს, მოითხოვოთ მათი გასწორება ან წაშლა. მოთხოვნას ვპასუხობთ 10 დღის ვადაში.',
    'კითხვების შემთხვევაში დაგვიკავშირდით ცხელ ხაზზე ან ელ. ფოსტით.',
  ].join('\n'),
  sda_information: [
    'თანხმობა პერსონალური მონაცემების გადამოწმებაზე',
    'ვეთანხმები, რომ კომპანიამ სსიპ – სახელმწიფო სერვისების განვითარების სააგენტოს მონაცემთა ბაზაში გადაამოწმოს ჩემ მიერ მითითებული პერსონალური მონაცემები: სახელი, გვარი, პირადი ნომერი და პირადობის დამადასტურებელი დოკუმენტის მონაცემები.',
    'გადამოწმება საჭიროა ჩემი ვინაობის დასადასტურებლად და ჩემი მონაცემებით თაღლითური სარგებლობის თავიდან ასაცილებლად.',
    'მიღებული ინფორმაცია გამოიყენება მხოლოდ ამ მიზნით და ინახება კანონით დადგენილი ვადით.',
    'ვიცი, რომ თანხმობის გარეშე რეგისტრაციის დასრულება შეუძლებელია.',
  ].join('\n'),
  credit_information: [
    'თანხმობა საკრედიტო ინფორმაციის მიღებასა და გადაცემაზე',
    'ვეთანხმები, რომ კომპანიამ სს „კრედიტინფო საქართველოს“ მონაცემთა ბაზიდან გამოითხოვოს და მიიღოს ინფორმაცია ჩემი საკრედიტო ისტორიისა და მიმდინარე ფინანსური ვალდებულებების შესახებ.',
    'ასევე ვეთანხმები, რომ კომპანიამ სს „კრედიტინფო საქართველოს“ გადასცეს ინფორმაცია ჩემ მიერ მოთხოვნილი და მიღებული სესხისა და მისი მომსახურების შესახებ.',
    'ინფორმაცია გამოიყენება ჩემი გადახდისუნარიანობის შესაფასებლად და სესხის გაცემის შესახებ გადაწყვეტილების მისაღებად.',
    'თანხმობა მოქმედებს გაცემიდან 30 დღის განმავლობაში.',
    'ვიცი, რომ მაქვს უფლება, მივიღო ჩემს შესახებ არსებული საკრედიტო ინფორმაცია და მოვითხოვო არაზუსტი მონაცემების გასწორება.',
  ].join('\n'),
  contract_terms: [
    'სესხის ხელშეკრულების ზოგადი პირობები',
    '1. ხელშეკრულების საგანი. გამსესხებელი მსესხებელს აძლევს სესხს მნიშვნელოვან პირობებში მითითებული თანხით, ვადითა და საპროცენტო განაკვეთით, ხოლო მსესხებელი იღებს ვალდებულებას, დააბრუნოს სესხი და გადაიხადოს პროცენტი და საკომისიო გრაფიკის მიხედვით.',
    '2. ხელშეკრულების დადება. ხელშეკრულება იდება დისტანციურად. მსესხებელი ხელს აწერს მას მის დადასტურებულ მობილურის ნომერზე გაგზავნილი ერთჯერადი კოდით, რაც ხელმოწერის ტოლფასია. ხელმოწერილი დოკუმენტი და მისი SHA-256 ჰეში ინახება და მსესხებლისთვის ხელმისაწვდომია პირად გვერდზე.',
    '3. სესხის გაცემა. სესხი ირიცხება მსესხებლის სახელზე გახსნილ ლარის ანგარიშზე, რომელიც მან ხელმოწერამდე მიუთითა. ერთჯერადი საკომისიო იქვითება ჩასარიცხი თანხიდან.',
    '4. დაფარვა. მსესხებელი ყოველთვიურ შენატანს იხდის არჩეულ გადახდის დღეს, გრაფიკის მიხედვით. გადახდა შეიძლება ბარათით, გადახდის აპარატით ან საბანკო გადარიცხვით, დანიშნულებაში პირადი ნომრის მითითებით.',
    '5. ვადაგადაცილება. გადახდის ვადის დარღვევისას მსესხებელი იხდის პირგასამტეხლოს, რომელიც არ აღემატება ვადაგადაცილებული ძირი თანხის 0,27%-ს დღეში. ვადაგადაცილებასთან დაკავშირებული ყველა ხარჯი ჯამში არ აღემატება დარჩენილი ძირი თანხის 1,5-ჯერ ოდენობას. ვადაგადაცილების შესახებ ინფორმაცია გადაეცემა საკრედიტო ბიუროს.',
    '6. წინსწრებით დაფარვა. მსესხებელს შეუძლია სესხის ნაწილობრივ ან სრულად წინსწრებით დაფარვა ნებისმიერ დროს. წინსწრებით დაფარვის საკომისიო დამოკიდებულია დარჩენილ ვადაზე და მითითებულია მნიშვნელოვან პირობებში.',
    '7. ხელშეკრულებაზე უარი. მსესხებელს შეუძლია ხელშეკრულებაზე უარის თქმა ხელმოწერიდან 14 დღის განმავლობაში, მიზეზის მითითების გარეშე. თუ სესხი უკვე ჩაირიცხა, მსესხებელი 30 დღის განმავლობაში აბრუნებს მიღებულ ძირ თანხას და სარგებლობის დღეებზე დარიცხულ პროცენტს; გამსესხებლის საკომისიო არ გადაიხდება, ხოლო გადახდილი უბრუნდება მსესხებელს.',
    '8. ინფორმაცია და შეტყობინებები. გამსესხებელი მსესხებელს შეტყობინებებს უგზავნის SMS-ით და პირად გვერდზე. მსესხებელი ვალდებულია, აცნობოს გამსესხებელს ტელეფონის ნომრის ან მისამართის შეცვლის შესახებ.',
    '9. პერსონალური მონაცემები. გამსესხებელი მსესხებლის მონაცემებს ამუშავებს „პერსონალურ მონაცემთა დაცვის შესახებ“ საქართველოს კანონისა და კონფიდენციალურობის პოლიტიკის შესაბამისად.',
    '10. პრეტენზიები და დავები. პრეტენზიას განვიხილავთ მიღებიდან არაუგვიანეს 10 სამუშაო დღისა. თუ პასუხი არ დაგაკმაყოფილებთ, შეგიძლიათ, მიმართოთ საქართველოს ეროვნული ბანკის მომხმარებელთა უფლებების დაცვის სამსახურს ან სასამართლოს. ხელშეკრულებაზე ვრცელდება საქართველოს კანონმდებლობა.',
  ].join('\n'),
};

/**
 * The same in English, for reading; consents are recorded against the Georgian, and contracts
 * are made in Georgian.
 */
export const consentTextsEn: Record<WordingKind, string> = {
  privacy_policy: [
    'Privacy policy',
    'The company processes your personal data under the Law of Georgia on Personal Data Protection.',
    'We process only the data needed to review a loan application and to perform the agreement: your name, surname, personal number, the data of your identity document, your phone number, and information about your income and financial liabilities.',
    'We keep the data secure. Only authorised staff can access it, and every access is logged.',
    'We pass your data to third parties only with your consent or where the law requires it.',
    'You have the right to see the data processed about you and to ask for it to be corrected or deleted. We answer a request within 10 days.',
    'If you have questions, contact us on the hotline or by e-mail.',
  ].join('\n'),
  sda_information: [
    'Consent to the check of personal data',
    'I agree that the company checks the personal data I gave (name, surname, personal number and the data of my identity document) in the database of the LEPL Public Service Development Agency.',
    'The check confirms my identity and prevents fraudulent use of my data.',
    'The information received is used only for this purpose and kept for the period the law sets.',
    'I know that registration cannot be completed without this consent.',
  ].join('\n'),
  credit_information: [
    'Consent to receiving and passing on credit information',
    'I agree that the company requests and receives information about my credit history and current financial liabilities from the database of JSC Creditinfo Georgia.',
    'I also agree that the company passes to JSC Creditinfo Georgia information about the loan I requested and received and about its servicing.',
    'The information is used to assess my creditworthiness and to decide on the loan.',
    'The consent is valid for 30 days from the day it is given.',
    'I know that I have the right to receive the credit information held about me and to ask for inaccurate data to be corrected.',
  ].join('\n'),
  contract_terms: [
    'General terms of the loan contract',
    '1. Subject. The lender lends the borrower the amount, for the term and at the interest rate stated in the key terms; the borrower undertakes to repay the loan and to pay the interest and fees by the schedule.',
    '2. Concluding the contract. The contract is concluded remotely. The borrower signs it with a one-time code sent to their confirmed mobile number, which equals a signature. The signed document and its SHA-256 hash are kept and available to the borrower on their page.',
    '3. Payout. The loan is paid into a lari account in the borrower’s own name, which the borrower gave before signing. The one-off fee is deducted from the amount paid out.',
    '4. Repayment. The borrower pays each monthly payment on the chosen payment day, by the schedule. Payments may be made by card, at a payment terminal or by bank transfer with the personal number in the purpose.',
    '5. Late payment. A late borrower pays a penalty of at most 0.27% of the overdue principal a day. All costs of late payment together are at most 1.5 times the outstanding principal. Information on late payment is passed to the credit bureau.',
    '6. Early repayment. The borrower may repay the loan in part or in full at any time. The early-repayment fee depends on the remaining term and is stated in the key terms.',
    '7. Withdrawal. The borrower may withdraw from the contract within 14 days of signing, without giving a reason. If the loan has been paid out, the borrower returns the principal received and the interest for the days used within 30 days; no fee of the lender’s is due, and one already paid is refunded.',
    '8. Information and notices. The lender sends the borrower notices by SMS and on their page. The borrower tells the lender when their phone number or address changes.',
    '9. Personal data. The lender processes the borrower’s data under the Law of Georgia on Personal Data Protection and its privacy policy.',
    '10. Complaints and disputes. We answer a complaint within 10 working days of receiving it. If the answer does not satisfy you, you may turn to the consumer protection service of the National Bank of Georgia or to a court. The contract is governed by the law of Georgia.',
  ].join('\n'),
};
