import { requiredString, requiredText, templateString, templateText } from '../../fields'

/** The bank details part of an order's page: the account we pay, and changing it with an e-mailed code. */
export const payoutChangeFields = [
  requiredString(
    'heading',
    'Heading',
    'Above the bank details part of the order page, for example "Your bank details".',
  ),
  templateString(
    'current',
    'Account we pay',
    '{account} becomes the account, as the checkout words name it (the account ending 5678). The old details are never shown.',
    ['account'],
  ),
  templateString('held', 'Payment on hold', 'After a change: {until} becomes the date and time from which we pay.', [
    'until',
  ]),
  requiredText(
    'help',
    'How to change them',
    'Say that a code goes to the order’s e-mail address, and that we wait before paying after a change ({payoutHoldHours} hours).',
  ),
  requiredString('askButton', 'Send code button', 'For example "E-mail me a code to change them".'),
  templateText('codeSent', 'Code sent', 'After asking for a code. {minutes} becomes how long it works.', ['minutes']),
  requiredString('resendButton', 'Send a new code button', 'For example "Send me a new code".'),
  requiredString('code', 'Code field', 'The label of the code field, for example "Code from our e-mail".'),
  requiredString('codeHint', 'Code hint', 'For example "6 digits".'),
  requiredString(
    'newDetailsHeading',
    'New details heading',
    'Above the new bank details, for example "Your new bank details".',
  ),
  requiredString('submit', 'Change button', 'For example "Change my bank details".'),
  templateString(
    'changed',
    'Changed',
    'Shown after a change. {account} becomes the new account, as the checkout words name it, and {until} when we may pay.',
    ['account', 'until'],
  ),
  requiredString(
    'timelineEntry',
    'In the history',
    'In the order’s dated history, when the bank details were changed, for example "Bank details changed".',
  ),
  requiredString(
    'closed',
    'Cannot change now',
    'On an order already paid or that can no longer be paid, for example "These bank details can no longer be changed.".',
  ),
]
