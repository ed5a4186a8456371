/**
 * Georgian's national romanization (2002), as passports and ID cards print names: without the
 * apostrophes that mark ejectives (კ k', პ p', ტ t', წ ts', ჭ ch', ყ q'), so
 * წიკლაური → tsiklauri. Any other character is kept, lower-cased.
 */
const latinOf: Record<string, string> = {
  ა: 'a',
  ბ: 'b',
  გ: 'g',
  დ: 'd',
  ე: 'e',
  ვ: 'v',
  ზ: 'z',
  თ: 't',
  ი: 'i',
  კ: 'k',
  ლ: 'l',
  მ: 'm',
  ნ: 'n',
  ო: 'o',
  პ: 'p',
  ჟ: 'zh',
  რ: 'r',
  ს: 's',
  ტ: 't',
  უ: 'u',
  ფ: 'p',
  ქ: 'k',
  ღ: 'gh',
  ყ: 'q',
  შ: 'sh',
  ჩ: 'ch',
  ც: 'ts',
  ძ: 'dz',
  წ: 'ts',
  ჭ: 'ch',
  ხ: 'kh',
  ჯ: 'j',
  ჰ: 'h',
};

/** A Georgian name in lower-case Latin letters: გიორგი → giorgi. */
export function latinName(georgian: string): string {
  return georgian.replace(/./gsu, (letter) => latinOf[letter] ?? letter.toLowerCase());
}

/**
 * Latin letters upper-cased, everything else as it is: `toUpperCase()` would turn Georgian
 * letters into Mtavruli capitals (domain-notes.md).
 */
export function upperLatin(text: string): string {
  return text.replace(/[a-z]/g, (letter) => letter.toUpperCase());
}
