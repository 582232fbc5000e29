import { requiredString, templateString } from '../../fields'

/** The payout job as staff see it: the money on the dashboard, the daily limit, approvals, an order's payments. */
export const payoutFields = [
  requiredString('heading', 'Money heading', 'Above the dashboard’s money figures, for example "Money today".'),
  templateString(
    'paidToday',
    'Paid today',
    'Orders whose payment the bank confirmed today. {count} becomes how many, {total} the amount.',
    ['count', 'total'],
  ),
  templateString(
    'paying',
    'Paying now',
    'Payments sent and not yet confirmed by the bank. {count} becomes how many, {total} the amount.',
    ['count', 'total'],
  ),
  templateString(
    'failed',
    'Failed',
    'Orders whose payment the bank refused or returned, waiting for the seller to check their details. {count} becomes how many.',
    ['count'],
  ),
  requiredString('heldHeading', 'Held heading', 'Above what is ready but not paid, and why, for example "Held back".'),
  templateString(
    'heldLimit',
    'Held above the limit',
    'Orders due today that wait above the day’s limit until a manager approves them. {count} becomes how many, {total} the amount.',
    ['count', 'total'],
  ),
  templateString(
    'heldChange',
    'Held after a change of bank details',
    'Orders whose seller changed their bank details lately: paid once the hold ends. {count} becomes how many.',
    ['count'],
  ),
  templateString(
    'heldPayee',
    'Held for a look at the payee',
    'Orders the job does not pay until staff look: the bank said the name does not match the account (Confirmation of Payee), the seller kept their name against the bank’s, or another seller gave the same account. {count} becomes how many.',
    ['count'],
  ),
  templateString(
    'heldRegister',
    'Held by the stolen-device register',
    'Checked orders with a device the register has not passed: a check still waiting, a caution for a manager to clear, or a hold. {count} becomes how many.',
    ['count'],
  ),
  templateString(
    'heldRise',
    'Held for a price rise’s approval',
    'Checked orders with a rise above the quote that a second manager has not approved yet. {count} becomes how many.',
    ['count'],
  ),
  templateString(
    'heldIdentity',
    'Held for proof of identity',
    'Orders whose seller was asked for proof of identity that staff have not seen yet (not sent, waiting for a look, or refused). {count} becomes how many.',
    ['count'],
  ),
  templateString(
    'heldCutoff',
    'Waiting for the next cut-off',
    'Orders ready to pay that the next cut-off pays (they became ready after today’s, or today is not a working day). {count} becomes how many.',
    ['count'],
  ),
  requiredString(
    'noPayer',
    'No payments provider',
    'When no payments provider is configured: every payment is made by a manager’s payment run.',
  ),
  templateString(
    'limitLine',
    'Today’s limit',
    'The day’s limit and what the job has sent against it. {limit}, {sent} and {left} become amounts.',
    ['limit', 'sent', 'left'],
  ),
  requiredString(
    'limitLabel',
    'Daily limit field',
    'The field where a manager sets the limit, in pounds, for example "Daily limit (£)".',
  ),
  requiredString(
    'limitHint',
    'Daily limit hint',
    'Under the field: what the limit does, for example "The most paid on its own in a day; above it, a manager approves".',
  ),
  requiredString('limitButton', 'Set the limit button', 'For example "Set the limit".'),
  requiredString('limitInvalid', 'Limit not an amount', 'When the limit typed is not an amount of pounds.'),
  templateString('limitSet', 'Limit set', 'After a manager set the limit. {limit} becomes the new limit.', ['limit']),
  templateString(
    'approveButton',
    'Approve button',
    'The button that lets today’s payments above the limit go. {total} becomes the amount waiting.',
    ['total'],
  ),
  requiredString('approved', 'Approved', 'After a manager approved what waited above the day’s limit.'),
  requiredString(
    'nothingToApprove',
    'Nothing to approve',
    'When nothing waits above the limit any more (another manager approved it).',
  ),
  requiredString(
    'sendEvent',
    'History: sent',
    'In an order’s history, when the job sent its payment, for example "Payment sent".',
  ),
  requiredString(
    'settleEvent',
    'History: paid',
    'In an order’s history, when the bank confirmed it, for example "Bank confirmed the payment".',
  ),
  requiredString(
    'rejectEvent',
    'History: refused',
    'In an order’s history, when the bank refused it, for example "Payment refused".',
  ),
  requiredString(
    'returnEvent',
    'History: returned',
    'In an order’s history, when the bank sent it back, for example "Payment returned".',
  ),
]
