import { requiredString, templateString } from '../../fields'

/**
 * The records page at /admin/stock/records, for managers: the purchase register the police ask for
 * and the VAT margin scheme stock book for the accountant, each downloaded as CSV and each download
 * recorded. The CSV files' column headings are here too.
 */
export const recordsFields = [
  requiredString(
    'heading',
    'Records heading',
    "The page's heading and its link from the stock page, for example 'Records for the police and the accountant'.",
  ),
  requiredString(
    'intro',
    'Records intro',
    'Under the heading: what the records are and that each download is recorded.',
  ),
  requiredString('registerHeading', 'Register heading', "For example 'Purchase register'."),
  requiredString('registerHelp', 'Register help', 'What the register holds and when the police ask for it.'),
  requiredString('bookHeading', 'Stock book heading', "For example 'VAT margin scheme stock book'."),
  requiredString('bookHelp', 'Stock book help', 'What the stock book holds, for the accountant.'),
  requiredString('fromLabel', 'From field', "For example 'From (first day)'."),
  requiredString('toLabel', 'To field', "For example 'To (last day)'."),
  requiredString(
    'deviceLabel',
    'Device field',
    "The register's IMEI or serial field, for example 'IMEI or serial (optional)'.",
  ),
  requiredString('deviceHint', 'Device hint', 'Under the device field: with it, the days may be left empty.'),
  requiredString('reasonLabel', 'Reason field', "For example 'Police reference or reason'."),
  requiredString(
    'reasonHint',
    'Reason hint',
    'Under the reason field: that it is kept with the record of the download.',
  ),
  requiredString('registerButton', 'Register button', "For example 'Download the register (CSV)'."),
  requiredString('bookButton', 'Stock book button', "For example 'Download the stock book (CSV)'."),
  requiredString('exportsHeading', 'Downloads heading', "The list of downloads made, for example 'Downloads made'."),
  requiredString('exportsNone', 'No downloads', 'When no record has been downloaded yet.'),
  requiredString('whenColumn', 'When column', "For example 'When'."),
  requiredString('whoColumn', 'Who column', "For example 'Who'."),
  requiredString('whatColumn', 'What column', "For example 'What'."),
  requiredString(
    'coverColumn',
    'Covering column',
    "The days or the device a download covered, for example 'Covering'.",
  ),
  requiredString('reasonColumn', 'Reason column', "For example 'Reference or reason'."),
  requiredString('rowsColumn', 'Rows column', "For example 'Devices'."),
  templateString('coverDays', 'Days covered', 'A download of some days. {from} and {to} become the days.', [
    'from',
    'to',
  ]),
  templateString('coverDevice', 'Device covered', 'A download for one device. {device} becomes its IMEI or serial.', [
    'device',
  ]),
  requiredString(
    'datesMissing',
    'Days missing',
    'When a day is left empty (the register also takes a device instead).',
  ),
  requiredString('dateInvalid', 'Day not a date', 'When a day is not a real date.'),
  requiredString('datesOrder', 'Days reversed', 'When the first day is after the last.'),
  requiredString('deviceInvalid', 'Device not an IMEI', 'When the device field holds neither an IMEI nor a serial.'),
  requiredString('reasonMissing', 'Reason missing', 'When the register is asked for without a reference or reason.'),
  templateString('reasonTooLong', 'Reason too long', 'When the reason is too long. {max} becomes the most it may be.', [
    'max',
  ]),
  templateString('registerFile', 'Register file name', 'The CSV file\u2019s name. {date} becomes today.', ['date']),
  templateString('bookFile', 'Stock book file name', 'The CSV file\u2019s name. {from} and {to} become the days.', [
    'from',
    'to',
  ]),
  requiredString('csvStockNumber', 'CSV: stock number', "Column heading, for example 'Stock number'."),
  requiredString('csvBoughtAt', 'CSV: bought', "Column heading, for example 'Date bought'."),
  requiredString('csvOrder', 'CSV: order', "Column heading, for example 'Order'."),
  requiredString('csvSeller', 'CSV: seller', "Column heading, for example 'Seller'."),
  requiredString('csvAddress', 'CSV: address', "Column heading, for example 'Seller’s address'."),
  requiredString('csvIdentity', 'CSV: identity', "Column heading, for example 'Identity seen'."),
  requiredString('csvDevice', 'CSV: device', "Column heading, for example 'Device'."),
  requiredString('csvImei', 'CSV: IMEI', "Column heading, for example 'IMEI or serial'."),
  requiredString('csvPricePaid', 'CSV: price paid', "Column heading, for example 'Price paid (£)'."),
  requiredString('csvDescription', 'CSV: description', "Column heading, for example 'Description'."),
  requiredString('csvSoldAt', 'CSV: sold', "Column heading, for example 'Date sold'."),
  requiredString('csvSoldPrice', 'CSV: price sold', "Column heading, for example 'Price sold (£)'."),
  requiredString('csvBuyer', 'CSV: buyer', "Column heading, for example 'Buyer'."),
  requiredString('csvMargin', 'CSV: margin', "Column heading, for example 'Margin (£)'."),
  templateString(
    'description',
    'Description',
    'A device in the stock book. {device}, {grade} and {imei} become its facts.',
    ['device', 'grade', 'imei'],
  ),
  requiredString('identityNotAsked', 'Identity not asked', 'In the register, when no proof of identity was asked for.'),
  templateString(
    'identitySeen',
    'Identity seen',
    'In the register, when staff saw the seller’s proof of identity: {document} becomes its type (in the Proof of identity tab’s words), {at} the day it was seen, {name} who saw it.',
    ['document', 'at', 'name'],
  ),
  requiredString(
    'identityNotSeen',
    'Identity asked, not seen',
    'In the register, when proof of identity was asked for but no document was seen (not sent, waiting, or refused).',
  ),
  requiredString(
    'removed',
    'Removed by retention',
    'In place of a seller’s name or address removed at the end of the retention period.',
  ),
]
