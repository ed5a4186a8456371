import { z } from 'zod';
import { formatLari } from './lari.ts';

export const locales = ['ka', 'en'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'ka';

/**
 * Messages the server sends in its error bodies, in both locales. Schemas name a key
 * (`{ error: 'validation.phone' }`); `localizeIssue` turns the key into words.
 */
const messages = {
  ka: {
    'validation.required': 'ველის შევსება სავალდებულოა',
    'validation.invalid': 'მნიშვნელობა არასწორია',
    'validation.nulCharacter': 'შეიცავს დაუშვებელ სიმბოლოს',
    'validation.phone': 'შეიყვანეთ 5-ით დაწყებული 9-ნიშნა მობილურის ნომერი',
    'validation.personalNumber': 'პირადი ნომერი უნდა შედგებოდეს 11 ციფრისგან',
    'validation.timestamp': 'თარიღი უნდა იყოს ფორმატში: წწწწ-თთ-დდ სს:წწ:წწ',
    'validation.date': 'თარიღი უნდა იყოს ფორმატში: წწწწ-თთ-დდ',
    'validation.iban':
      'შეიყვანეთ საქართველოს ბანკის ანგარიშის ნომერი (IBAN): GE, 2 ციფრი, ბანკის 2 ასო და 16 ციფრი',
    'validation.ibanCheckDigits': 'ანგარიშის ნომერი (IBAN) არასწორია: გადაამოწმეთ ციფრები',
    'validation.clockBackwards': 'საოპერაციო თარიღი მხოლოდ წინ გადაიწევს: ახლა ძალაშია {date}',
    'validation.email': 'შეიყვანეთ სწორი ელ. ფოსტა',
    'validation.tooShort': 'მინიმუმ {minimum} სიმბოლო',
    'validation.tooLong': 'მაქსიმუმ {maximum} სიმბოლო',
    'validation.searchTooShort':
      'შეიყვანეთ მინიმუმ {minimum} სიმბოლო ან მომხმარებლის ID (მხოლოდ ციფრები)',
    'validation.tooSmall': 'მნიშვნელობა უნდა იყოს მინიმუმ {minimum}',
    'validation.tooBig': 'მნიშვნელობა უნდა იყოს მაქსიმუმ {maximum}',
    'validation.integer': 'შეიყვანეთ მთელი რიცხვი',
    'validation.amount': 'შეიყვანეთ თანხა (არაუარყოფითი რიცხვი)',
    'validation.amountDecimals': 'თანხა შეიძლება შეიცავდეს მაქსიმუმ 2 ათწილად ნიშანს',
    'validation.amountTooSmall': 'თანხა უნდა იყოს მინიმუმ {minimum:lari}',
    'validation.amountTooBig': 'თანხა უნდა იყოს მაქსიმუმ {maximum:lari}',
    'validation.consentRequired': 'გთხოვთ, მონიშნოთ თანხმობა',
    'consent.wordingChanged': 'ტექსტი შეიცვალა, გთხოვთ, წაიკითხოთ ხელახლა',
    'validation.code': 'კოდი უნდა შედგებოდეს 4 ციფრისგან',
    'validation.signingCode': 'კოდი უნდა შედგებოდეს 6 ციფრისგან',
    'validation.paymentDay': 'აირჩიეთ გადახდის დღე 1-დან 28-მდე',
    'validation.passwordTooShort': 'პაროლი უნდა შედგებოდეს მინიმუმ 8 სიმბოლოსგან',
    'validation.passwordTooLong': 'პაროლი უნდა შედგებოდეს მაქსიმუმ 256 სიმბოლოსგან',
    'validation.passwordMismatch': 'პაროლები ერთმანეთს არ ემთხვევა',
    'validation.privacyPolicy': 'გთხოვთ, დაეთანხმოთ კონფიდენციალურობის პოლიტიკას',
    'validation.documentNumber': 'დოკუმენტის ნომერი უნდა შედგებოდეს 9 ლათინური ასოსა და ციფრისგან',
    'validation.ssoRequired': 'გთხოვთ, ჯერ გაიაროთ SSO ავტორიზაცია',
    'validation.phoneTaken': 'ეს ნომერი უკვე რეგისტრირებულია',
    'validation.phoneNotRegistered': 'ამ ნომრით ანგარიში არ მოიძებნა',
    'validation.phoneNotConfirmed': 'გთხოვთ, დაადასტუროთ ტელეფონის ნომერი SMS კოდით',
    'validation.codeWrong': 'კოდი არასწორია',
    'validation.codeExpired': 'კოდს ვადა გაუვიდა, გთხოვთ, მოითხოვოთ ახალი კოდი',
    'validation.codeLocked': 'მცდელობების ლიმიტი ამოიწურა, გთხოვთ, მოითხოვოთ ახალი კოდი',
    'validation.codeGuessesExhausted': 'ამ ნომრისთვის დღევანდელი მცდელობები ამოიწურა, სცადეთ ხვალ',
    'validation.codeForAnotherDocument':
      'ხელშეკრულება შეიცვალა კოდის გაგზავნის შემდეგ, გთხოვთ, მოითხოვოთ ახალი კოდი',
    'validation.identityTaken': 'ამ პირადი ნომრით ანგარიში უკვე არსებობს',
    'validation.documentType': 'აირჩიეთ დოკუმენტის ტიპი',
    'validation.passwordCommon': 'ეს პაროლი ძალიან გავრცელებულია, გთხოვთ, აირჩიოთ სხვა',
    'auth.invalidCredentials': 'ტელეფონის ნომერი ან პაროლი არასწორია',
    'auth.throttled': 'ძალიან ბევრი მცდელობა. გთხოვთ, სცადოთ {minutes} წუთში',
    'auth.passwordChangeRequired':
      'გთხოვთ, ჯერ შეცვალოთ დროებითი პაროლი: სანამ არ შეცვლით, სხვა მოქმედება შეუძლებელია',
    'validation.passwordSameAsTemporary': 'ახალი პაროლი დროებითს არ უნდა ემთხვეოდეს',
    'staff.cannotDisableSelf': 'საკუთარი ანგარიშის დაბლოკვა შეუძლებელია',
    'staff.cannotDropOwnAdmin': 'საკუთარი ადმინისტრატორის როლის მოხსნა შეუძლებელია',
    'staff.rolesRequired':
      'თანამშრომლის ანგარიშს მინიმუმ ერთი როლი უნდა ჰქონდეს; წვდომის შესაწყვეტად დაბლოკეთ ანგარიში',
    'staff.notMachine': 'ეს არ არის სერვისის ანგარიში',
    'staff.personalNumberNotSettable':
      'პირადი ნომერი აქ მხოლოდ თანამშრომლის ანგარიშს ეთითება: არა სერვისის ანგარიშს და არა მომხმარებელს, რომლის ნომერიც SSO-დან მოდის',
    'sso.completed': 'SSO ავტორიზაცია წარმატებით დასრულდა',
    'sso.notCompleted': 'SSO ავტორიზაცია ვერ დასრულდა',
    'sso.alreadyCompleted': 'ეს SSO ავტორიზაცია უკვე დასრულებულია',
    'errors.resendTooSoon': 'ახალი კოდის მოთხოვნა შესაძლებელია რამდენიმე წამში',
    'errors.validation': 'გთხოვთ, გაასწოროთ მონიშნული ველები',
    'errors.malformedBody': 'მოთხოვნის ფორმატი არასწორია',
    'errors.unsupportedMediaType': 'მოთხოვნის ეს ტიპი არ არის მხარდაჭერილი',
    'errors.bodyTooLarge': 'მოთხოვნა ძალიან დიდია',
    'errors.headersTooLarge': 'მოთხოვნის სათაურები ძალიან დიდია',
    'errors.notFound': 'მოთხოვნილი რესურსი ვერ მოიძებნა',
    'errors.unauthorized': 'გთხოვთ, გაიაროთ ავტორიზაცია',
    'errors.forbidden': 'ამ მოქმედების შესრულების უფლება არ გაქვთ',
    'errors.conflict': 'მოქმედება ამ მდგომარეობაში ვერ შესრულდება',
    'errors.tooManyRequests': 'ძალიან ბევრი მცდელობა, გთხოვთ, სცადოთ მოგვიანებით',
    'errors.serviceUnavailable': 'სერვისთან დაკავშირება ვერ ხერხდება',
    'errors.internal': 'მოხდა შეცდომა, გთხოვთ, სცადოთ მოგვიანებით',
    'validation.lookup': 'აირჩიეთ მნიშვნელობა სიიდან',
    'gate.sdaRequired': 'გთხოვთ, ჯერ დაეთანხმოთ პერსონალური მონაცემების შემოწმებას',
    'gate.questionnaireRequired': 'გთხოვთ, ჯერ შეავსოთ კითხვარი',
    'sda.refused':
      'მონაცემების დამუშავებისას მოხდა შეცდომა, გთხოვთ, გადაამოწმოთ შეყვანილი ინფორმაცია და გაიაროთ რეგისტრაცია ხელახლა',
    'identomat.verified': 'დოკუმენტი წარმატებით შემოწმდა',
    'identomat.failed':
      'დოკუმენტის შემოწმება ვერ მოხერხდა, სცადეთ ხელახლა ან გამოიყენეთ სხვა ტიპის დოკუმენტი',
    'loan.openExists':
      'თქვენ უკვე გაქვთ მიმდინარე განაცხადი №{id}, გთხოვთ, ჯერ დაასრულოთ ან გააუქმოთ ის',
    'loan.transitionNotAllowed': 'განაცხადის ამჟამინდელ მდგომარეობაში ეს მოქმედება შეუძლებელია',
    'loan.finishFailed': 'განაცხადის დასრულებისას მოხდა შეცდომა',
    'loan.alreadyDecided':
      'განაცხადზე გადაწყვეტილება უკვე მიღებულია, ამიტომ მისი შეცვლა ან გაუქმება აღარ შეიძლება',
    'loan.approvalPending':
      'საკრედიტო ოფიცერმა განაცხადი უკვე დაამტკიცა და ის მეორე ოფიცრის დადასტურებას ელოდება, ამიტომ მისი გაუქმება აღარ შეიძლება',
    'loan.identityMismatch':
      'იდენტიფიკაცია სხვა პირმა გაიარა: დადასტურებული პიროვნება არ ემთხვევა განმცხადებელს',
    'loan.fileRequired': 'გთხოვთ, ატვირთოთ საბანკო ამონაწერი',
    'loan.fileEmpty': 'ატვირთული ფაილი ცარიელია',
    'loan.fileType': 'ფაილი უნდა იყოს PDF, JPEG ან PNG ფორმატში',
    'loan.fileTooLarge': 'ფაილის ზომა არ უნდა აღემატებოდეს 10 მბ-ს',
    'sms.code': '{product}: თქვენი კოდია {code}. არავის გაუზიაროთ.',
    'validation.rejectionReason': 'აირჩიეთ უარის მინიმუმ ერთი მიზეზი სიიდან',
    'validation.contentImageMissing':
      'ტექსტში ჩასმული სურათი აღარ არსებობს, გთხოვთ, ატვირთოთ ის ხელახლა',
    'decision.amountOverAsked': 'თანხა არ უნდა აღემატებოდეს მოთხოვნილს: {maximum:lari}',
    'decision.monthsOverAsked': 'ვადა არ უნდა აღემატებოდეს მოთხოვნილს: {maximum} თვე',
    'decision.rateOverCap': 'ამ პირობებით ეფექტური განაკვეთი კანონით დაშვებულ 50%-ს აღემატება',
    'decision.sameOfficer': 'დამტკიცება მეორე, სხვა საკრედიტო ოფიცერმა უნდა დაადასტუროს',
    'decision.nothingToConfirm': 'დასადასტურებელი დამტკიცება არ არსებობს',
    'decision.awaitingSecondOfficer':
      'განაცხადი უკვე დამტკიცებულია და მეორე საკრედიტო ოფიცრის დადასტურებას ელოდება',
    'decision.heldByColleague':
      'განაცხადს სხვა საკრედიტო ოფიცერი განიხილავს. გადაწყვეტილების მისაღებად, გთხოვთ, ჯერ გადაიბაროთ განაცხადი',
    'decision.ownApplication': 'საკუთარ განაცხადზე გადაწყვეტილებას ვერ მიიღებთ',
    'decision.personalNumberMissing':
      'თქვენს ანგარიშს პირადი ნომერი არ აქვს, ამიტომ გადაწყვეტილებას ვერ მიიღებთ. გთხოვთ, მიმართოთ ადმინისტრატორს',
    'decision.machineFirstOfficer':
      'სისტემურ ანგარიშს არ შეუძლია დაამტკიცოს თანხა, რომელსაც მეორე ოფიცრის დადასტურება სჭირდება',
    'decision.machineSecondOfficer':
      'დამტკიცებას მეორე ოფიცრის სახით მხოლოდ ადამიანი დაადასტურებს, არა სისტემური ანგარიში',
    'recommendation.ptiFits': 'გადასახადის შემოსავალთან შეფარდება ({pti}%) ლიმიტშია ({limit}%)',
    'recommendation.ptiTooHigh':
      'გადასახადის შემოსავალთან შეფარდება ({pti}%) ლიმიტს ({limit}%) აღემატება',
    'recommendation.noIncome': 'დეკლარირებული შემოსავალი არ არის',
    'recommendation.bureauClean': 'საკრედიტო ბიუროში ვადაგადაცილება არ ფიქსირდება',
    'recommendation.bureauOverdue': 'საკრედიტო ბიუროში სესხი {days} დღით არის ვადაგადაცილებული',
    'recommendation.bureauPending': 'საკრედიტო ბიუროს ანგარიში ჯერ არ მიღებულა',
    'recommendation.bureauUnavailable': 'საკრედიტო ბიუროს ანგარიში ვერ მოთხოვნილა',
    'recommendation.identityPassed': 'დოკუმენტის შემოწმება წარმატებით დასრულდა',
    'recommendation.identityFailed': 'დოკუმენტის ბოლო შემოწმება ვერ დასრულდა წარმატებით',
    'recommendation.identityMissing': 'დოკუმენტის შემოწმება არ ჩატარებულა',
    'recommendation.sdaVerified': 'პირადი მონაცემები სახელმწიფო რეესტრში დადასტურებულია',
    'recommendation.sdaMissing': 'პირადი მონაცემები სახელმწიფო რეესტრში არ არის დადასტურებული',
    'sms.approved':
      '{product}: განაცხადი №{id} დამტკიცდა: {amount:lari}, {months} თვე, თვეში {payment:lari}, ეფექტური განაკვეთი {rate}%.',
    'sms.rejected':
      '{product}: სამწუხაროდ, განაცხადი №{id} ვერ დამტკიცდა. მიზეზი იხილეთ თქვენს გვერდზე.',
    'sms.newPassword': '{product}: თქვენი ახალი პაროლია {password}',
    'sms.submitted': '{product}: განაცხადი №{id} მიღებულია, შედეგს შეგატყობინებთ.',
    'sms.signingCode':
      '{product}: ხელმოწერის კოდია {code}. ხელშეკრულება №{number}: {amount:lari}, {months} თვე, ეფექტური განაკვეთი {rate}%, დოკუმენტი {hash}. არავის გაუზიაროთ.',
    'sms.contractSigned':
      '{product}: ხელშეკრულება №{number} ხელმოწერილია. მასზე უარის თქმა შეგიძლიათ {date}-ის ჩათვლით.',
    'sms.withdrawalCode':
      '{product}: ხელშეკრულებაზე №{number} უარის თქმის კოდია {code}. არავის გაუზიაროთ.',
    'sms.withdrawn': '{product}: ხელშეკრულებაზე №{number} უარი მიღებულია, თანხა არ ჩაირიცხება.',
    'sms.withdrawing':
      '{product}: ხელშეკრულებაზე №{number} უარი მიღებულია. დასაბრუნებელი თანხაა {amount:lari}, გადახდის ვადა — {date}.',
    'contract.identityCheckRequired':
      'ხელშეკრულების ხელმოსაწერად, გთხოვთ, ჯერ გაიაროთ პირადობის დამადასტურებელი დოკუმენტის შემოწმება',
    'contract.notSignable': 'ამ ეტაპზე ხელშეკრულების ხელმოწერა შეუძლებელია',
    'contract.ibanRequired':
      'ხელმოწერამდე მიუთითეთ ანგარიშის ნომერი (IBAN), რომელზეც სესხის თანხა ჩაირიცხება',
    'contract.offerExpired':
      'შეთავაზების მოქმედების ვადა ამოიწურა, ხელშეკრულების ხელმოწერა აღარ შეიძლება',
    'withdrawal.notAllowed': 'ამ ეტაპზე ხელშეკრულებაზე უარის თქმა შეუძლებელია',
    'withdrawal.periodOver':
      'ხელშეკრულებაზე უარის თქმის 14-დღიანი ვადა ამოიწურა (ბოლო დღე იყო {date})',
    'offer.effectiveRateCap':
      'ამ თანხასა და ვადაზე ეფექტური საპროცენტო განაკვეთი აღემატება კანონით დაშვებულ 50%-ს, გთხოვთ, შეცვალოთ თანხა ან ვადა',
    'contract.rateOverCap':
      'ამ გადახდის დღით ეფექტური განაკვეთი კანონით დაშვებულ 50%-ს აღემატება, გთხოვთ, აირჩიოთ სხვა დღე',
    'contract.notChangeable': 'ხელშეკრულების პირობების შეცვლა ახლა აღარ შეიძლება',
    'sms.offerExpired': '{product}: განაცხადზე №{id} შეთავაზების ვადა ამოიწურა.',
    'fee.upfront': 'ერთჯერადი საკომისიო (გაცემისას იქვითება)',
    'fee.monthly': 'ყოველთვიური საკომისიო',
    'document.key_terms': 'ხელშეკრულების მნიშვნელოვანი პირობები №{number}',
    'document.contract': 'სესხის ხელშეკრულება №{number}',
    'document.signed_contract': 'ხელმოწერილი ხელშეკრულება №{number}',
    'document.schedule': 'გადახდების გრაფიკი №{number}',
    'document.decision': 'გადაწყვეტილება განაცხადზე №{loan}',
    'document.consent': '{consent}, ვერსია {version}',
    'document.consentKind.privacy_policy': 'თანხმობა კონფიდენციალურობის პოლიტიკაზე',
    'document.consentKind.sda_information': 'თანხმობა პერსონალური მონაცემების შემოწმებაზე',
    'document.consentKind.credit_information': 'თანხმობა საკრედიტო ბიუროს შემოწმებაზე',
    'document.consentKind.e_contract': 'თანხმობა ხელშეკრულების ელექტრონულად დადებაზე',
    'document.receipt': 'გადახდის ქვითარი: {amount:lari}, ხელშეკრულება №{number}',
    'document.closure': 'ცნობა სესხის დახურვის შესახებ №{number}',
    'payout.inProgress':
      'სესხის თანხის ჩარიცხვა მიმდინარეობს, გთხოვთ, სცადოთ ხელახლა რამდენიმე წუთში',
    'payout.machineOnly': 'ჩარიცხვის შესახებ ინფორმაციას მხოლოდ სისტემური ანგარიში აწვდის',
    'payout.notCoreMode':
      'სესხის თანხას ეს სისტემა ბანკის მეშვეობით რიცხავს (PAYOUT_MODE არ არის core): ჩარიცხვის შეტყობინება არ მიიღება',
    'payout.notSigned':
      'ჩარიცხვა აღირიცხება მხოლოდ ხელმოწერილ ხელშეკრულებაზე, რომლის თანხაც ჯერ არ ჩარიცხულა',
    'idempotency.keyRequired': 'მოთხოვნას სჭირდება Idempotency-Key სათაური (1–255 სიმბოლო)',
    'idempotency.keyReused': 'ეს Idempotency-Key უკვე გამოყენებულია სხვა მოთხოვნისთვის',
    'payout.amountMismatch': 'თანხა უნდა ემთხვეოდეს ჩასარიცხ თანხას: {expected:lari}',
    'cardPayment.loanNotActive': 'ბარათით გადახდა შესაძლებელია მხოლოდ აქტიურ სესხზე',
    'cardPayment.keepOnlyForPrepayment':
      'ვადის ან შენატანის შენარჩუნების არჩევა მხოლოდ წინსწრებით დაფარვისას შეიძლება',
    'cardPayment.badSignature': 'გადახდის შეტყობინების ხელმოწერა არასწორია',
    'sms.payoutPaid':
      '{product}: სესხი (ხელშეკრულება №{number}) ჩაირიცხა თქვენს ანგარიშზე: {amount:lari}. პირველი გადახდა: {date}, {payment:lari}.',
    'sms.payoutRefused':
      '{product}: ბანკმა სესხის თანხა (ხელშეკრულება №{number}) მითითებულ ანგარიშზე ვერ ჩარიცხა. გთხოვთ, თქვენს გვერდზე მიუთითოთ სხვა ანგარიში.',
    'sms.loanRepaid': '{product}: სესხი (ხელშეკრულება №{number}) სრულად დაიფარა. გმადლობთ!',
    'sms.withdrawalRepaid':
      '{product}: ხელშეკრულებაზე №{number} უარის თქმის შემდეგ დასაბრუნებელი თანხა სრულად გადახდილია.',
    'sms.paymentReceived':
      '{product}: სესხზე (ხელშეკრულება №{number}) მიღებულია გადახდა {amount:lari}. ქვითარი თქვენს დოკუმენტებშია.',
    'sms.paymentCredited':
      '{product}: მიღებულია {amount:lari}, მაგრამ სესხი (ხელშეკრულება №{number}) უკვე დახურულია. თანხა აღირიცხა ზედმეტად გადახდილ თანხად; გთხოვთ, დაგვიკავშირდეთ მის დასაბრუნებლად.',
    'servicing.notRepayable': 'ამ სესხზე გადახდა ვერ აღირიცხება: სესხი არ იფარება',
    'servicing.referenceOfAnotherLoan': 'ეს მითითება უკვე გამოყენებულია სხვა სესხის გადახდისთვის',
    'servicing.payoffDateBefore': 'თარიღი არ შეიძლება იყოს {date}-ზე ადრე',
    'servicing.refundAboveCredit':
      'დასაბრუნებელი თანხა არ უნდა აღემატებოდეს ზედმეტად გადახდილ თანხას: {credit:lari}',
    'sms.refundPaid':
      '{product}: სესხის (ხელშეკრულება №{number}) ზედმეტად გადახდილი თანხიდან დაგიბრუნდათ {amount:lari}.',
    'billing.noLoan': 'ამ პირად ნომერზე მოქმედი სესხი არ მოიძებნა',
    'billing.transactionReused': 'ეს ტრანზაქცია უკვე აღრიცხულია სხვა თანხით ან სხვა პირადი ნომრით',
    'sms.paymentReminder':
      '{product}: სესხის (ხელშეკრულება №{number}) შენატანის გადახდის ვადაა {date}, თანხა: {amount:lari}.',
    'sms.paymentOverdue':
      '{product}: სესხის (ხელშეკრულება №{number}) შენატანი ვადაგადაცილებულია {days} დღით. გადასახდელია {amount:lari}.',
  },
  en: {
    'validation.required': 'This field is required',
    'validation.invalid': 'The value is not valid',
    'validation.nulCharacter': 'This contains a character that is not allowed',
    'validation.phone': 'Enter a 9-digit mobile number starting with 5',
    'validation.personalNumber': 'A personal number has 11 digits',
    'validation.timestamp': 'Use the format YYYY-MM-DD HH:mm:ss',
    'validation.date': 'Use the format YYYY-MM-DD',
    'validation.iban':
      'Enter a Georgian bank account number (IBAN): GE, 2 digits, the bank’s 2 letters and 16 digits',
    'validation.ibanCheckDigits': 'This account number (IBAN) is not valid: check its digits',
    'validation.clockBackwards': 'The business date only moves forward: {date} is in force',
    'validation.email': 'Enter a valid e-mail address',
    'validation.tooShort': 'At least {minimum} characters',
    'validation.tooLong': 'At most {maximum} characters',
    'validation.searchTooShort': "Type at least {minimum} characters, or a user's id (digits only)",
    'validation.tooSmall': 'The value must be at least {minimum}',
    'validation.tooBig': 'The value must be at most {maximum}',
    'validation.integer': 'Enter a whole number',
    'validation.amount': 'Enter an amount (a number of zero or more)',
    'validation.amountDecimals': 'An amount has at most 2 decimal places',
    'validation.amountTooSmall': 'The amount must be at least {minimum:lari}',
    'validation.amountTooBig': 'The amount must be at most {maximum:lari}',
    'validation.consentRequired': 'Please tick the consent box',
    'consent.wordingChanged': 'The text has changed, please read it again',
    'validation.code': 'The code has 4 digits',
    'validation.signingCode': 'The code has 6 digits',
    'validation.paymentDay': 'Choose a payment day from 1 to 28',
    'validation.passwordTooShort': 'The password needs at least 8 characters',
    'validation.passwordTooLong': 'The password may have at most 256 characters',
    'validation.passwordMismatch': 'The passwords do not match',
    'validation.privacyPolicy': 'Please agree to the privacy policy',
    'validation.documentNumber': 'A document number has 9 Latin letters and digits',
    'validation.ssoRequired': 'Please complete single sign-on first',
    'validation.phoneTaken': 'This number is already registered',
    'validation.phoneNotRegistered': 'No account uses this number',
    'validation.phoneNotConfirmed': 'Please confirm the phone number with the texted code',
    'validation.codeWrong': 'The code is wrong',
    'validation.codeExpired': 'The code has expired, please request a new one',
    'validation.codeLocked': 'Too many wrong attempts, please request a new code',
    'validation.codeGuessesExhausted': 'No attempts left for this number today, try again tomorrow',
    'validation.codeForAnotherDocument':
      'The contract has changed since this code was sent; please request a new code',
    'validation.identityTaken': 'An account with this personal number already exists',
    'validation.documentType': 'Choose a document type',
    'validation.passwordCommon': 'This password is too common, please choose another',
    'auth.invalidCredentials': 'The phone number or password is wrong',
    'auth.throttled': 'Too many attempts. Please try again in {minutes} min',
    'auth.passwordChangeRequired':
      'Please change your temporary password first: nothing else can be done until you do',
    'validation.passwordSameAsTemporary': 'The new password must differ from the temporary one',
    'staff.cannotDisableSelf': 'You cannot disable your own account',
    'staff.cannotDropOwnAdmin': 'You cannot take away your own admin role',
    'staff.rolesRequired':
      'A staff account keeps at least one role; to end its access, disable the account',
    'staff.notMachine': 'This is not a service account',
    'staff.personalNumberNotSettable':
      "A personal number is set here only on a staff member's account: not on a service account, nor on a customer's, whose number comes from single sign-on",
    'sso.completed': 'SSO authorization completed successfully',
    'sso.notCompleted': 'SSO authorization could not be completed',
    'sso.alreadyCompleted': 'This SSO authorization has already been completed',
    'errors.resendTooSoon': 'You can request a new code in a few seconds',
    'errors.validation': 'Please correct the marked fields',
    'errors.malformedBody': 'The request is malformed',
    'errors.unsupportedMediaType': 'This kind of request is not supported',
    'errors.bodyTooLarge': 'The request is too large',
    'errors.headersTooLarge': 'The request headers are too large',
    'errors.notFound': 'Not found',
    'errors.unauthorized': 'Please sign in',
    'errors.forbidden': 'You are not allowed to do this',
    'errors.conflict': 'This cannot be done in the current state',
    'errors.tooManyRequests': 'Too many attempts, please try again later',
    'errors.serviceUnavailable': 'Cannot connect to the service',
    'errors.internal': 'Something went wrong, please try again later',
    'validation.lookup': 'Choose a value from the list',
    'gate.sdaRequired': 'Please agree to the personal-data check first',
    'gate.questionnaireRequired': 'Please fill in the questionnaire first',
    'sda.refused':
      'An error occurred while processing the data, please check the entered information and go through registration again',
    'identomat.verified': 'Your document has been verified',
    'identomat.failed': 'The document check failed, try again or use another type of document',
    'loan.openExists':
      'You already have an open application No. {id}; please finish or cancel it first',
    'loan.transitionNotAllowed': 'This cannot be done with the application in its current state',
    'loan.finishFailed': 'An error occurred while finishing the application',
    'loan.alreadyDecided':
      'A decision on the application has been made, so it can no longer be changed or cancelled',
    'loan.approvalPending':
      'A credit officer has approved the application and it awaits a second officer’s confirmation, so it can no longer be cancelled',
    'loan.identityMismatch':
      'Someone else went through identification: the identity confirmed does not match the applicant',
    'loan.fileRequired': 'Please upload a bank statement',
    'loan.fileEmpty': 'The uploaded file is empty',
    'loan.fileType': 'The file must be a PDF, JPEG or PNG',
    'loan.fileTooLarge': 'The file must not be larger than 10 MB',
    'sms.code': '{product}: your code is {code}. Do not share it with anyone.',
    'validation.rejectionReason': 'Choose at least one reason from the list',
    'validation.contentImageMissing':
      'An image in the text no longer exists: please upload it again',
    'decision.amountOverAsked': 'The amount must not be more than was asked: {maximum:lari}',
    'decision.monthsOverAsked': 'The term must not be longer than was asked: {maximum} months',
    'decision.rateOverCap': 'These terms would take the effective rate over the legal 50%',
    'decision.sameOfficer': 'A second, different credit officer must confirm the approval',
    'decision.nothingToConfirm': 'There is no approval to confirm',
    'decision.awaitingSecondOfficer':
      'The application is already approved and awaits a second credit officer’s confirmation',
    'decision.heldByColleague':
      'Another credit officer holds this application. Please take it over before deciding',
    'decision.ownApplication': 'You cannot decide on your own application',
    'decision.personalNumberMissing':
      'Your account has no personal number, so you cannot decide on applications. Please ask an administrator',
    'decision.machineFirstOfficer':
      'A service account cannot approve an amount that needs a second officer’s confirmation',
    'decision.machineSecondOfficer':
      'Only a person can confirm an approval as the second officer, not a service account',
    'recommendation.ptiFits': 'The payment-to-income ratio ({pti}%) is within the limit ({limit}%)',
    'recommendation.ptiTooHigh':
      'The payment-to-income ratio ({pti}%) is over the limit ({limit}%)',
    'recommendation.noIncome': 'No income was declared',
    'recommendation.bureauClean': 'The credit bureau shows no overdue loan',
    'recommendation.bureauOverdue': 'The credit bureau shows a loan {days} days overdue',
    'recommendation.bureauPending': 'The credit bureau has not answered yet',
    'recommendation.bureauUnavailable': 'The credit report could not be asked for',
    'recommendation.identityPassed': 'The document check passed',
    'recommendation.identityFailed': 'The latest document check did not pass',
    'recommendation.identityMissing': 'No document check was made',
    'recommendation.sdaVerified': 'The personal data is confirmed by the state registry',
    'recommendation.sdaMissing': 'The personal data is not confirmed by the state registry',
    'sms.approved':
      '{product}: application №{id} is approved: {amount:lari}, {months} months, {payment:lari} a month, effective rate {rate}%.',
    'sms.rejected': '{product}: sorry, application №{id} was not approved. See why on your page.',
    'sms.newPassword': '{product}: your new password is {password}',
    'sms.submitted': '{product}: application №{id} is received; we will let you know the outcome.',
    'sms.signingCode':
      '{product}: your signing code is {code}. Contract №{number}: {amount:lari}, {months} months, effective rate {rate}%, document {hash}. Do not share it.',
    'sms.contractSigned':
      '{product}: contract №{number} is signed. You may withdraw from it until {date}, inclusive.',
    'sms.withdrawalCode':
      '{product}: your code to withdraw from contract №{number} is {code}. Do not share it.',
    'sms.withdrawn':
      '{product}: your withdrawal from contract №{number} is accepted; nothing will be paid out.',
    'sms.withdrawing':
      '{product}: your withdrawal from contract №{number} is accepted. Please return {amount:lari} by {date}.',
    'contract.identityCheckRequired':
      'To sign the contract, please first pass the identity document check',
    'contract.notSignable': 'The contract cannot be signed at this stage',
    'contract.ibanRequired':
      'Before signing, give the account number (IBAN) the loan is to be paid into',
    'contract.offerExpired': 'The offer has expired; the contract can no longer be signed',
    'withdrawal.notAllowed': 'You cannot withdraw from the contract at this stage',
    'withdrawal.periodOver': 'The 14-day withdrawal period is over (its last day was {date})',
    'offer.effectiveRateCap':
      'For this amount and term the effective interest rate exceeds the legal 50%; please change the amount or the term',
    'contract.rateOverCap':
      'With this payment day the effective rate would exceed the legal 50%; please choose another day',
    'contract.notChangeable': 'The contract’s terms can no longer be changed',
    'sms.offerExpired': '{product}: the offer on application №{id} has expired.',
    'fee.upfront': 'One-off fee (deducted from the payout)',
    'fee.monthly': 'Monthly fee',
    'document.key_terms': 'Key terms of contract №{number}',
    'document.contract': 'Loan contract №{number}',
    'document.signed_contract': 'Signed contract №{number}',
    'document.schedule': 'Repayment schedule №{number}',
    'document.decision': 'Decision on application №{loan}',
    'document.consent': '{consent}, version {version}',
    'document.consentKind.privacy_policy': 'Consent to the privacy policy',
    'document.consentKind.sda_information': 'Consent to the personal data check',
    'document.consentKind.credit_information': 'Consent to the credit bureau check',
    'document.consentKind.e_contract': 'Agreement to conclude contracts electronically',
    'document.receipt': 'Payment receipt: {amount:lari}, contract №{number}',
    'document.closure': 'Loan closure letter №{number}',
    'payout.inProgress': 'The loan is being paid out, please try again in a few minutes',
    'payout.machineOnly': 'Only a service account reports a disbursement',
    'payout.notCoreMode':
      'This server pays loans out through the bank (PAYOUT_MODE is not core): a disbursement cannot be reported',
    'payout.notSigned':
      'A disbursement is recorded only for a signed contract that has not been paid out yet',
    'idempotency.keyRequired': 'The request needs an Idempotency-Key header (1–255 characters)',
    'idempotency.keyReused': 'This Idempotency-Key was already used for another request',
    'payout.amountMismatch': 'The amount must be the payout amount: {expected:lari}',
    'cardPayment.loanNotActive': 'Only an active loan can be paid by card',
    'cardPayment.keepOnlyForPrepayment':
      'Keeping the term or the instalment can be chosen only for a prepayment',
    'cardPayment.badSignature': 'The payment notification’s signature is not valid',
    'sms.payoutPaid':
      '{product}: the loan (contract №{number}) has been paid into your account: {amount:lari}. First payment: {date}, {payment:lari}.',
    'sms.payoutRefused':
      '{product}: the bank could not pay the loan (contract №{number}) into the account you gave. Please give another account on your page.',
    'sms.loanRepaid': '{product}: the loan (contract №{number}) is repaid in full. Thank you!',
    'sms.withdrawalRepaid':
      '{product}: what you owed after withdrawing from contract №{number} is paid in full.',
    'sms.paymentReceived':
      '{product}: a payment of {amount:lari} on the loan (contract №{number}) is received. The receipt is in your documents.',
    'sms.paymentCredited':
      '{product}: {amount:lari} is received, but the loan (contract №{number}) is already closed. It is kept as an overpayment; please contact us to have it refunded.',
    'servicing.notRepayable': 'A payment cannot be posted on this loan: it is not being repaid',
    'servicing.referenceOfAnotherLoan':
      'This reference was already used for a payment on another loan',
    'servicing.payoffDateBefore': 'The date cannot be before {date}',
    'servicing.refundAboveCredit': 'The refund cannot be more than the overpayment: {credit:lari}',
    'sms.refundPaid':
      '{product}: {amount:lari} of the overpayment on the loan (contract №{number}) is refunded to you.',
    'billing.noLoan': 'No active loan was found for this personal number',
    'billing.transactionReused':
      'This transaction was already recorded with another amount or personal number',
    'sms.paymentReminder':
      '{product}: the instalment of the loan (contract №{number}) is due on {date}: {amount:lari}.',
    'sms.paymentOverdue':
      '{product}: the instalment of the loan (contract №{number}) is {days} days overdue. Due now: {amount:lari}.',
  },
} as const satisfies Record<Locale, Record<string, string>>;

export type MessageKey = keyof (typeof messages)['ka'];

function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(messages.ka, key);
}

/**
 * The wording of `key` in `locale`, its `{name}` placeholders filled from `params`; `{name:lari}`
 * writes a number as an amount in lari.
 */
export function translate(
  key: MessageKey,
  locale: Locale,
  params: Record<string, unknown> = {},
): string {
  return messages[locale][key].replace(/\{(\w+)(:lari)?\}/g, (_, name: string, lari?: string) => {
    const value = params[name];
    if (lari && typeof value === 'number') return formatLari(value);
    return typeof value === 'number' || typeof value === 'string' ? String(value) : '';
  });
}

/**
 * Missing values (undefined, null or an empty string) become `validation.required` for every
 * schema that does not name its own message.
 */
z.config({
  customError: (issue) =>
    issue.code === 'invalid_type' &&
    (issue.input === undefined || issue.input === null || issue.input === '')
      ? 'validation.required'
      : undefined,
});

/** The words for one zod issue in the given locale. */
export function localizeIssue(issue: z.core.$ZodIssue, locale: Locale): string {
  if (isMessageKey(issue.message)) return translate(issue.message, locale, { ...issue });
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) === 1) {
        return translate('validation.required', locale);
      }
      return translate(
        issue.origin === 'string' ? 'validation.tooShort' : 'validation.tooSmall',
        locale,
        { ...issue },
      );
    case 'too_big':
      return translate(
        issue.origin === 'string' ? 'validation.tooLong' : 'validation.tooBig',
        locale,
        { ...issue },
      );
    case 'invalid_format':
      return translate(
        issue.format === 'email' ? 'validation.email' : 'validation.invalid',
        locale,
      );
    case 'invalid_type':
      return translate(
        issue.expected === 'int' ? 'validation.integer' : 'validation.invalid',
        locale,
      );
    default:
      return translate('validation.invalid', locale);
  }
}

/** Groups a zod error's issues by their top-level field into `{field: [messages]}`. */
export function fieldErrorsFromIssues(
  issues: readonly z.core.$ZodIssue[],
  locale: Locale,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : 'message';
    (errors[field] ??= []).push(localizeIssue(issue, locale));
  }
  return errors;
}

/** The locale a request asks for: `en` when Accept-Language prefers it, Georgian otherwise. */
export function localeFromAcceptLanguage(header: string | undefined): Locale {
  const first = header?.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : defaultLocale;
}
