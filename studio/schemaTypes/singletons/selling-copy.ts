import { BasketIcon } from '@sanity/icons/Basket'
import { defineField, defineType } from 'sanity'
import { copyGroup as group, requiredLink as link, requiredString, templateString } from '../fields'

/** Every word of the model pages, the price checker and the basket. */
export const sellingCopy = defineType({
  name: 'sellingCopy',
  title: 'Price checker and basket',
  type: 'document',
  icon: BasketIcon,
  groups: [
    { name: 'modelPage', title: 'Model pages', default: true },
    { name: 'quote', title: 'Price checker' },
    { name: 'basket', title: 'Basket' },
  ],
  fields: [
    group('modelPage', 'Model pages', 'The page each model has, for example /sell-my-phone/iphone-13.', [
      templateString('title', 'Title', 'The heading and browser title. {make} and {model} become the device.', [
        'model',
      ]),
      templateString(
        'description',
        'Search description',
        'What search engines and link previews show. {make}, {model} and {price} (the top price) are filled in.',
        ['model', 'price'],
      ),
      templateString('upTo', 'Top price', 'The headline price, for example "Up to {price}".', ['price']),
      requiredString('intro', 'Introduction', 'A sentence under the heading, before the price checker.'),
    ]),
    group('quote', 'Price checker', 'The form on each model page that turns answers into a price.', [
      requiredString('heading', 'Heading', 'Above the form, for example "Get your price".'),
      requiredString('storageLegend', 'Storage question', 'For example "How much storage does it have?".'),
      defineField({
        name: 'storageHelp',
        title: 'Storage help',
        type: 'string',
        description: 'Optional: where to find the storage size on the device.',
      }),
      requiredString('priceHeading', 'Price heading', 'Above the price, for example "Your price".'),
      requiredString('pricePending', 'Before the price', 'Shown until every question is answered.'),
      templateString('price', 'Price', 'The offer. {price} becomes the amount.', ['price']),
      templateString('grade', 'Grade line', 'Under the price. {grade} becomes the grade’s name.', ['grade']),
      templateString(
        'hold',
        'Price hold',
        'What happens to the price once ordered, with {holdDays}, the days it is held.',
        ['holdDays'],
      ),
      link('criteriaLink', 'Grades link', 'A link explaining the grades, usually to Device criteria.'),
      requiredString(
        'refusedHeading',
        'Cannot buy heading',
        'Shown above the reason when an answer means we cannot buy it.',
      ),
      requiredString('seePriceButton', 'Show price button', 'Only seen by visitors whose browser runs no scripts.'),
      requiredString('addButton', 'Add button', 'For example "Add to basket".'),
      requiredString('addingMessage', 'While adding', 'Read out while the device is being added.'),
      templateString('addedMessage', 'Added', 'After adding. {device} becomes the device’s name.', ['device']),
      link('basketLink', 'Basket link', 'Shown after adding, to the basket page.'),
      requiredString(
        'errorSummary',
        'Error summary heading',
        'Above the list of problems, for example "There is a problem".',
      ),
      requiredString('storageError', 'No storage chosen', 'For example "Choose how much storage it has".'),
      requiredString(
        'answerError',
        'Question not answered',
        'Beside each unanswered question, for example "Choose an answer".',
      ),
      requiredString('unknownModel', 'Unknown model', 'When the model asked for does not exist (an old link).'),
      requiredString(
        'unknownChoice',
        'Unknown choice',
        'When a storage size or answer is not one offered for the model.',
      ),
      templateString(
        'basketFull',
        'Basket full',
        'When the basket already holds the most devices. {limit} becomes the number.',
        ['limit'],
      ),
      requiredString('failed', 'Could not add', 'When the basket cannot be reached. Suggest trying again.'),
    ]),
    group('basket', 'Basket', 'The basket panel in the header, the basket page and the checkout summary.', [
      requiredString('empty', 'Empty basket', 'For example "Your basket is empty.".'),
      link('findDeviceLink', 'Find a device link', 'Shown in an empty basket, usually to Get a price.'),
      requiredString('gradeLabel', 'Condition label', 'Before each device’s grade, for example "Condition".'),
      requiredString('priceEachLabel', 'Price each label', 'Before each device’s price.'),
      requiredString('quantityLabel', 'Quantity label', 'Names each quantity control.'),
      templateString('increase', 'Add one', 'Names the plus button. {device} becomes the device.', ['device']),
      templateString('decrease', 'Remove one', 'Names the minus button. {device} becomes the device.', ['device']),
      requiredString('lineTotalLabel', 'Line total label', 'Before a line’s total.'),
      templateString('removed', 'Removed', 'When a device’s quantity reaches 0. {device} becomes the device.', [
        'device',
      ]),
      requiredString('undo', 'Undo', 'The button that puts a removed device back.'),
      templateString(
        'priceChanged',
        'Price changed',
        'When our price moved since the device was added. {old} and {new} become the prices.',
        ['old', 'new'],
      ),
      requiredString(
        'unavailable',
        'No longer bought',
        'When a device in a basket is no longer priced. Suggest removing it.',
      ),
      templateString('total', 'Total', 'The basket total, for example "We’ll pay you up to {total}".', ['total']),
      templateString(
        'limit',
        'Limit reached',
        'When the basket holds the most devices allowed. {limit} becomes the number.',
        ['limit'],
      ),
      link('checkoutLink', 'Checkout link', 'The button to checkout.'),
      requiredString('loading', 'Loading', 'Read out while the basket loads.'),
      requiredString(
        'error',
        'Could not update',
        'When the basket cannot be reached or changed. Suggest trying again.',
      ),
    ]),
  ],
  preview: { prepare: () => ({ title: 'Price checker and basket' }) },
})
