/**
 * CSV as RFC 4180 writes it and as spreadsheets save it: quoted fields with "" for a quote, commas
 * and line breaks inside quotes, CRLF or LF line ends, and Excel's UTF-8 byte order mark.
 */
export class CsvError extends Error {}

/**
 * One array of fields per record. Blank records are kept, so record i is spreadsheet row i + 1
 * even when a quoted field spans lines; only the empty line after the last line break is dropped.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = []
  let record: string[] = []
  let field = ''
  let quoted = false
  let quoteStartRow = 0
  let i = text.startsWith('\uFEFF') ? 1 : 0
  const endField = () => {
    record.push(field)
    field = ''
  }
  const endRecord = () => {
    endField()
    records.push(record)
    record = []
  }
  for (; i < text.length; i++) {
    const char = text[i]
    if (quoted) {
      if (char !== '"') field += char
      else if (text[i + 1] === '"') field += text[++i]
      else quoted = false
    } else if (char === '"' && field === '') {
      quoted = true
      quoteStartRow = records.length + 1
    } else if (char === ',') endField()
    else if (char === '\n') endRecord()
    else if (char === '\r') {
      if (text[i + 1] === '\n') i++
      endRecord()
    } else field += char
  }
  if (quoted) throw new CsvError(`Row ${quoteStartRow}: a quoted field is never closed (a " is missing).`)
  if (field !== '' || record.length > 0) endRecord()
  return records
}

export function isBlankRecord(record: string[]): boolean {
  return record.every((field) => field.trim() === '')
}

/** CRLF line ends, as RFC 4180 asks; a field is quoted only when it must be. */
export function formatCsv(records: string[][]): string {
  return records.map((record) => record.map(formatField).join(',') + '\r\n').join('')
}

function formatField(field: string): string {
  return /[",\r\n]/.test(field) ? `"${field.replaceAll('"', '""')}"` : field
}

// What a spreadsheet runs as a formula when a cell begins with it (OWASP: CSV injection).
const FORMULA_START = /^[=+\-@\t\r]/
// What the reader takes a leading quote to protect; anything else after a quote is left alone.
const PROTECTED = /^'[=+\-@\t\r']/

/**
 * A cell as a spreadsheet should show it: one beginning with = + - @, a tab or a carriage return
 * gets a leading single quote, so it is shown as text and never run. One that already begins with
 * a quote before such a character gets another, so `fromSpreadsheetText` gives back exactly what
 * was written. Numbers are never negative in the files this project writes, so none is turned
 * into text.
 */
export function asSpreadsheetText(field: string): string {
  return FORMULA_START.test(field) || PROTECTED.test(field) ? `'${field}` : field
}

/** Undoes `asSpreadsheetText`: the protecting quote is dropped, and nothing else is changed. */
export function fromSpreadsheetText(field: string): string {
  return PROTECTED.test(field) ? field.slice(1) : field
}
