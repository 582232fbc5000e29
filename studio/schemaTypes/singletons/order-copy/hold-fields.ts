import { requiredString, templateString } from '../../fields'

/**
 * The stolen-device register on an order's staff page: cautions a manager clears, and a held
 * (quarantined) order checked again, then released, sent back or kept for the police. Seen only by staff.
 */
export const holdFields = [
  requiredString(
    'heading',
    'Register heading',
    'Above the register’s cautions and the hold on an order’s page, for example "Stolen-device register".',
  ),
  requiredString(
    'cautionHelp',
    'Caution help',
    'Above the devices with a caution: what to do with one, for example "Look up each certificate on the register. Once the record allows us to pay (a finance agreement settled, say), a manager clears it with why; until then the device is not paid."',
  ),
  templateString(
    'cautionCertificate',
    'Device and certificate',
    'Each device with a caution: {device} becomes the device, {certificate} the register’s certificate number.',
    ['device', 'certificate'],
  ),
  requiredString(
    'clearReason',
    'Why it is cleared',
    'The label of the box where a manager says why a caution can be cleared, kept in the history, for example "Why it can be cleared".',
  ),
  requiredString(
    'clearReasonProblem',
    'Why it is cleared: missing',
    'When the reason is empty or over 500 characters, for example "Say why the caution can be cleared, in up to 500 characters.".',
  ),
  requiredString('clearButton', 'Clear button', 'For example "Clear this caution".'),
  requiredString(
    'managerNeeded',
    'A manager clears',
    'To staff who are not managers, beside a caution and when they post the form anyway, for example "Only a manager can clear a caution.".',
  ),
  templateString(
    'clearedBy',
    'Cleared by',
    'Beside a caution a manager cleared: {name} becomes the manager, {when} the date and time, {certificate} the certificate cleared and {reason} why.',
    ['name', 'when', 'certificate', 'reason'],
  ),
  requiredString(
    'cleared',
    'Cleared',
    'After a caution was cleared, for example "Caution cleared: the device counts as passed for payment.".',
  ),
  requiredString(
    'alreadyCleared',
    'Cleared already',
    'When the form is sent again after the caution was cleared, or the register has answered with another certificate since: nothing changed.',
  ),
  requiredString('clearEvent', 'Caution cleared, in the history', 'For example "Caution cleared".'),
  requiredString(
    'heldHelp',
    'Held order help',
    'On a quarantined order: checking its devices again, and what follows, for example "When the seller tells us the record is cleared, check every device again. If each now passes, release the order to be paid; if none is reported lost or stolen but one still has a record, send it back; if the police want it, keep it for them."',
  ),
  requiredString('recheckButton', 'Check again button', 'For example "Check every device again".'),
  requiredString(
    'rechecked',
    'Checked again',
    'After the devices were checked again, for example "Checked again: the register’s answers are in the devices’ table.".',
  ),
  requiredString(
    'alreadyChecked',
    'Checked again already',
    'When the same form is sent twice (a double click, a reload) and the devices were checked again already: nothing more was asked.',
  ),
  requiredString(
    'recheckDown',
    'Register did not answer',
    'When the register did not answer for every device: nothing was recorded, try again later.',
  ),
  requiredString(
    'notCheckable',
    'Nothing to check with',
    'When a device of the order has no IMEI or serial number recorded (it was held before its check), so the register cannot be asked.',
  ),
  requiredString('recheckEvent', 'Checked again, in the history', 'For example "Checked again on the register".'),
  requiredString(
    'releaseReady',
    'Ready to release',
    'On a quarantined order whose devices all passed since the hold began, for example "Every device now passes: the order can be released to be paid.".',
  ),
  requiredString(
    'notReleasable',
    'Cannot release',
    'When a release is refused: every device needs a pass, or a caution a manager cleared, from after the hold began.',
  ),
  requiredString(
    'notReturnable',
    'Cannot send back',
    'When sending a held device back is refused: as the terms say, not while a device is reported lost or stolen or was not checked again since the hold began.',
  ),
  requiredString(
    'policeReference',
    'Police reference',
    'The label of the box for the police’s reference when a device is kept for them, kept in the history, for example "Police reference".',
  ),
]
