import { EMAIL_PATTERN } from '@/shared/email';

/** What a pasted list (typed, or copied from a spreadsheet or a CSV file) holds. */
export interface ExtractedEmails {
  /** The addresses, lower case, each once, in the order they first appear. */
  emails: string[];
  /** Pieces that look meant as an address (they hold an `@`) but are not one, as written. */
  invalid: string[];
  /** How many addresses appeared more than once (and are listed once). */
  duplicates: number;
}

/**
 * Cells of a CSV row, a spreadsheet's tab-separated columns, and the `Name <address>` form of a mail
 * client all break on these; quotes and angle brackets are dropped with them.
 */
const SEPARATORS = /[\s,;|"'<>()[\]{}]+/;

/** Trailing punctuation a sentence or a list leaves on an address ("ada@example.com."). */
const TRAILING = /[.:!?]+$/;

/**
 * The addresses in pasted text: a typed list, a column copied from a spreadsheet, or a whole CSV file
 * with a header row and other columns (names, departments). Anything without an `@` is ignored (a
 * header, a name); a piece with an `@` that is not an address is reported, so nobody is left out silently.
 */
export function extractEmails(text: string): ExtractedEmails {
  const seen = new Set<string>();
  const invalid: string[] = [];
  let duplicates = 0;
  for (const raw of text.split(SEPARATORS)) {
    const piece = raw.replace(/^mailto:/i, '').replace(TRAILING, '');
    if (!piece.includes('@')) continue;
    if (!EMAIL_PATTERN.test(piece) || piece.length > 254) {
      invalid.push(piece);
      continue;
    }
    const email = piece.toLowerCase();
    if (seen.has(email)) duplicates++;
    else seen.add(email);
  }
  return { emails: [...seen], invalid, duplicates };
}
