import { requiredString, templateString } from '../../fields'

/**
 * A business collection's itemised report: the PDF issued when the collection closes, beside the
 * waste transfer note, and e-mailed to the business by a signed link (it says what each device was
 * worth). Each device's grade is a Condition grade's name, as the quote gave it.
 */
export const reportFields = [
  templateString('title', 'Title', 'The PDF’s title. {number} becomes the report’s number.', ['number']),
  requiredString('heading', 'Heading', 'For example "Itemised report of a collection".'),
  requiredString('numberLabel', 'Number label', 'For example "Report number".'),
  requiredString('organisationLabel', 'Organisation label', 'Beside the business’s name, for example "Devices of".'),
  requiredString('issuedLabel', 'Issued label', 'Beside the day it was issued (the collection’s close).'),
  requiredString('deviceCountLabel', 'Device count label', 'Beside how many devices were collected.'),
  requiredString('reusedLabel', 'Reused count label', 'Beside how many devices were reused.'),
  requiredString('recycledLabel', 'Recycled count label', 'Beside how many devices were recycled.'),
  requiredString('totalLabel', 'Total label', 'Beside what the devices were worth in all, for example "Total value".'),
  requiredString(
    'listHeading',
    'List heading',
    'Above the list of every device, for example "Every device collected".',
  ),
  templateString(
    'listLine',
    'A device in the list',
    'Each device. {position} becomes its number in the list, {device} its make and model, {imei} its IMEI or serial, {grade} its condition grade, {value} what it was worth and {end} whether it was reused or recycled.',
    ['position', 'device', 'imei', 'grade', 'value', 'end'],
  ),
  requiredString('notGraded', 'Not graded', 'In place of {grade} for a device that was never graded.'),
  requiredString('noValue', 'No value', 'In place of {value} for a device with no value (recycled).'),
  requiredString(
    'reused',
    'Reused',
    'In place of {end} for a device reused: it had a value, or was sold or refurbished.',
  ),
  requiredString('recycled', 'Recycled', 'In place of {end} for a device recycled.'),
  requiredString('undecided', 'Not decided', 'In place of {end} for a device neither valued nor marked recycle yet.'),
  requiredString('link', 'Link', 'The staff page’s link to the PDF, for example "Open the itemised report (PDF)".'),
]
