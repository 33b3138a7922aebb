import { stringify } from 'csv-stringify/sync';

/** Characters that make a spreadsheet read a cell as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell a spreadsheet shows as text: a formula-leading one gets a leading apostrophe. */
export function neutralise(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

export type CsvCell = string | number | boolean | null;

/**
 * A CSV file that opens right in Excel, Numbers and Google Sheets: UTF-8 with a BOM (Excel guesses
 * the encoding otherwise), every field quoted, CRLF line ends, text cells neutralised. Numbers are
 * written as numbers (a negative count is not a formula); dates should already be ISO strings.
 */
export function toCsv(header: string[], rows: CsvCell[][]): string {
  const cells = rows.map((row) =>
    row.map((cell) => (cell === null ? '' : typeof cell === 'string' ? neutralise(cell) : String(cell))),
  );
  return stringify([header, ...cells], { bom: true, quoted: true, quoted_empty: true, record_delimiter: 'windows' });
}
