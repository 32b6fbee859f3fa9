import { describe, expect, it } from 'vitest';
import { extractEmails } from '@/dashboard/team/extract-emails';

describe('[team] addresses picked out of pasted text', () => {
  it.each([
    ['a typed list with commas', 'ada@example.com, grace@example.com', ['ada@example.com', 'grace@example.com']],
    ['one per line', 'ada@example.com\ngrace@example.com\r\n', ['ada@example.com', 'grace@example.com']],
    ['semicolons, as Outlook copies them', 'ada@example.com; grace@example.com;', ['ada@example.com', 'grace@example.com']],
    ['the name-and-address form', 'Ada Lovelace <ada@example.com>, "Hopper, Grace" <grace@example.com>', ['ada@example.com', 'grace@example.com']],
    ['mailto links', 'mailto:ada@example.com', ['ada@example.com']],
    ['an address ending a sentence', 'Please invite ada@example.com.', ['ada@example.com']],
    ['upper case', 'Ada@Example.COM', ['ada@example.com']],
    ['nothing', '   \n ', []],
  ])('reads %s', (_name, text, emails) => {
    expect(extractEmails(text).emails).toEqual(emails);
  });

  it('reads the address column of a CSV file with a header and quoted cells', () => {
    const csv = ['name,email,department', '"Lovelace, Ada",ada@example.com,Engineering', 'Grace Hopper,"grace@example.com","Navy, R&D"', ''].join('\n');
    expect(extractEmails(csv)).toEqual({ emails: ['ada@example.com', 'grace@example.com'], invalid: [], duplicates: 0 });
  });

  it('reads columns pasted from a spreadsheet (tab-separated)', () => {
    expect(extractEmails('Ada\tada@example.com\nGrace\tgrace@example.com').emails).toEqual(['ada@example.com', 'grace@example.com']);
  });

  it('lists each address once, in the order first seen, and counts the repeats', () => {
    expect(extractEmails('b@example.com a@example.com B@example.com b@example.com')).toEqual({
      emails: ['b@example.com', 'a@example.com'],
      invalid: [],
      duplicates: 2,
    });
  });

  it('reports pieces with an @ that are not addresses, and ignores the rest', () => {
    expect(extractEmails('ada@example, @grace, hello world, ok@example.com')).toEqual({
      emails: ['ok@example.com'],
      invalid: ['ada@example', '@grace'],
      duplicates: 0,
    });
  });
});
