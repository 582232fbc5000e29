import { BellIcon } from '@sanity/icons/Bell'
import { defineType } from 'sanity'
import { copyGroup, requiredString, requiredText } from '../fields'

/** The words of the newsletter's and price alerts' own pages and of the price alert form. */
export const subscriptionCopy = defineType({
  name: 'subscriptionCopy',
  title: 'Subscriptions and price alerts',
  type: 'document',
  icon: BellIcon,
  groups: [
    { name: 'alertForm', title: 'Price alert form' },
    { name: 'confirmPage', title: 'Confirm page' },
    { name: 'unsubscribePage', title: 'Unsubscribe page' },
  ],
  fields: [
    copyGroup('alertForm', 'Price alert form', 'On every model’s page, under its prices.', [
      requiredString('heading', 'Heading', 'Above the form, for example "Hear when the price goes up".'),
      requiredText('text', 'Text', 'What the visitor gets. {model} becomes the make and model.'),
      requiredString('emailLabel', 'E-mail field label', 'The label of the e-mail field.'),
      requiredString('buttonLabel', 'Button label', 'The submit button.'),
      requiredString('sendingMessage', 'Sending message', 'Shown while the request is being sent.'),
      requiredText(
        'successMessage',
        'Sent message',
        'Shown once the request is taken, whether or not the address already has an alert: check your inbox and confirm.',
      ),
      requiredString('invalidEmailMessage', 'Invalid address message', 'Shown when the address is not valid.'),
      requiredString(
        'unknownModelMessage',
        'Unknown model message',
        'Shown when the form names a model that is not published (an old page, or a forged request): say to choose the model again.',
      ),
      requiredString(
        'rateLimitedMessage',
        'Too many attempts message',
        'Shown when one visitor asks too often in a short time.',
      ),
      requiredString('errorMessage', 'Error message', 'Shown when the request could not be saved.'),
    ]),
    copyGroup('confirmPage', 'Confirm page', 'Where the link in a confirmation e-mail leads.', [
      requiredString('heading', 'Heading', 'The page’s heading, for example "Confirm your subscription".'),
      requiredText(
        'newsletterText',
        'Newsletter text',
        'Above the button, for a newsletter sign-up. {address} becomes the e-mail address.',
      ),
      requiredText(
        'alertText',
        'Price alert text',
        'Above the button, for a price alert. {address} becomes the e-mail address, {model} the make and model.',
      ),
      requiredString('buttonLabel', 'Button label', 'The button that confirms, for example "Confirm".'),
      requiredText('newsletterDone', 'Newsletter confirmed', 'Shown once a newsletter sign-up is confirmed.'),
      requiredText(
        'alertDone',
        'Price alert confirmed',
        'Shown once a price alert is confirmed. {model} becomes the make and model.',
      ),
      requiredText(
        'invalidLink',
        'Link not valid',
        'Shown when the link has expired, was already replaced by a newer one, or is damaged. {days} becomes how long a link works.',
      ),
      requiredString('failedMessage', 'Error message', 'Shown when the confirmation could not be saved.'),
    ]),
    copyGroup('unsubscribePage', 'Unsubscribe page', 'Where the unsubscribe link in our e-mails leads.', [
      requiredString('heading', 'Heading', 'The page’s heading, for example "Unsubscribe".'),
      requiredText(
        'newsletterText',
        'Newsletter text',
        'Above the button, for the newsletter. {address} becomes the e-mail address.',
      ),
      requiredText(
        'alertText',
        'Price alert text',
        'Above the button, for a price alert. {address} becomes the e-mail address, {model} the make and model.',
      ),
      requiredString('buttonLabel', 'Button label', 'The button that unsubscribes, for example "Unsubscribe".'),
      requiredText('done', 'Unsubscribed', 'Shown once the address is unsubscribed (or already was).'),
      requiredText('invalidLink', 'Link not valid', 'Shown when the link is damaged.'),
      requiredString('failedMessage', 'Error message', 'Shown when the unsubscribe could not be saved.'),
    ]),
  ],
  preview: { prepare: () => ({ title: 'Subscriptions and price alerts' }) },
})
