import type { Locale } from './messages.ts';

/**
 * Version 1 of the page texts, in both languages: the server's seed stores it, and the web
 * build prerenders it (the pages then fetch the current version). Not exported from the
 * package's index, so that the browser's bundle never carries it.
 */
export const seededPageContent: Record<'home' | 'claims' | 'faq', Record<Locale, string>> = {
  home: {
    ka: [
      '<h2>როგორ მუშაობს</h2>',
      '<ol>',
      '<li><p>გაიარეთ რეგისტრაცია SSO ავტორიზაციით და დაადასტურეთ ტელეფონის ნომერი.</p></li>',
      '<li><p>დაეთანხმეთ პერსონალური მონაცემების შემოწმებას და შეავსეთ მოკლე კითხვარი.</p></li>',
      '<li><p>აირჩიეთ თანხა და ვადა: ყოველთვიურ შენატანსა და ეფექტურ განაკვეთს მაშინვე ნახავთ.</p></li>',
      '<li><p>დაეთანხმეთ საკრედიტო ინფორმაციის შემოწმებას და გაიარეთ იდენტიფიკაცია.</p></li>',
      '<li><p>გადაწყვეტილებას პირად გვერდზე ადევნეთ თვალი.</p></li>',
      '</ol>',
    ].join(''),
    en: [
      '<h2>How it works</h2>',
      '<ol>',
      '<li><p>Register with SSO authorization and confirm your phone number.</p></li>',
      '<li><p>Agree to the personal-data check and fill in a short questionnaire.</p></li>',
      '<li><p>Choose the amount and the term: the monthly payment and the effective rate appear at once.</p></li>',
      '<li><p>Agree to the credit-information check and confirm your identity.</p></li>',
      '<li><p>Follow the decision on your personal page.</p></li>',
      '</ol>',
    ].join(''),
  },
  claims: {
    ka: [
      '<p>თუ ჩვენი მომსახურებით უკმაყოფილო ხართ, გთხოვთ, შეგვატყობინოთ. საჩივარს განვიხილავთ და პასუხს კანონით დადგენილ ვადაში გაცნობებთ.</p>',
      '<h2>საჩივრის წარდგენა</h2>',
      '<p>დაგვიკავშირდით ცხელ ხაზზე, მოგვწერეთ ელ. ფოსტით ან მობრძანდით ნებისმიერ ფილიალში. ჩვენი საკონტაქტო ინფორმაცია ამ გვერდის ბოლოშია.</p>',
      '<h2>საქართველოს ეროვნული ბანკი</h2>',
      '<p>თუ ჩვენი პასუხი არ დაგაკმაყოფილებთ, შეგიძლიათ მიმართოთ საქართველოს ეროვნული ბანკის მომხმარებელთა უფლებების დაცვის სამსახურს.</p>',
      '<ul>',
      '<li><p>ვებგვერდი: <a href="https://nbg.gov.ge" rel="noopener noreferrer">nbg.gov.ge</a></p></li>',
      '<li><p>ცხელი ხაზი: <a href="tel:0322406406" rel="noopener noreferrer">032 2 406 406</a></p></li>',
      '<li><p>საზღვარგარეთიდან: <a href="tel:+995322406406" rel="noopener noreferrer">(+995 32) 2406406</a></p></li>',
      '</ul>',
    ].join(''),
    en: [
      '<p>If you are not satisfied with our service, please tell us. We review every complaint and answer within the time the law sets.</p>',
      '<h2>How to complain</h2>',
      '<p>Call our hotline, write to us by e-mail or visit any of our branches. Our contacts are at the end of this page.</p>',
      '<h2>National Bank of Georgia</h2>',
      '<p>If our answer does not satisfy you, you can turn to the consumer protection service of the National Bank of Georgia.</p>',
      '<ul>',
      '<li><p>Website: <a href="https://nbg.gov.ge" rel="noopener noreferrer">nbg.gov.ge</a></p></li>',
      '<li><p>Hotline: <a href="tel:0322406406" rel="noopener noreferrer">032 2 406 406</a></p></li>',
      '<li><p>From abroad: <a href="tel:+995322406406" rel="noopener noreferrer">(+995 32) 2406406</a></p></li>',
      '</ul>',
    ].join(''),
  },
  faq: {
    ka: [
      '<h2>ვის შეუძლია სესხის აღება?</h2>',
      '<p>საქართველოს მოქალაქეს, რომელსაც აქვს პირადობის მოწმობა ან პასპორტი და საქართველოს მობილურის ნომერი.</p>',
      '<h2>რა თანხის და რა ვადით სესხის აღება შემიძლია?</h2>',
      '<p>თანხა და ვადა, ყოველთვიური შენატანი და ეფექტური განაკვეთი ჩანს მთავარ გვერდზე და სესხის ფორმაში, განაცხადის გაგზავნამდე.</p>',
      '<h2>რა დოკუმენტები მჭირდება?</h2>',
      '<p>პირადობის მოწმობა ან პასპორტი იდენტიფიკაციისთვის და ბოლო თვეების საბანკო ამონაწერი (PDF, JPEG ან PNG).</p>',
      '<h2>რამდენ ხანში მივიღებ პასუხს?</h2>',
      '<p>განაცხადს ჩვეულებრივ ერთ სამუშაო დღეში განვიხილავთ. გადაწყვეტილებას პირად გვერდზე ნახავთ.</p>',
    ].join(''),
    en: [
      '<h2>Who can take a loan?</h2>',
      '<p>A citizen of Georgia with an identity card or a passport and a Georgian mobile number.</p>',
      '<h2>What amount and term can I choose?</h2>',
      '<p>The amounts and terms, the monthly payment and the effective rate are on the home page and in the loan form, before you send an application.</p>',
      '<h2>What documents do I need?</h2>',
      '<p>An identity card or a passport for identification, and a bank statement of the last months (PDF, JPEG or PNG).</p>',
      '<h2>How soon will I get an answer?</h2>',
      '<p>We usually review an application within one working day. You see the decision on your personal page.</p>',
    ].join(''),
  },
};
