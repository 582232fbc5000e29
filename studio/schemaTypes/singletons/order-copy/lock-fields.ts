import { requiredString, templateString } from '../../fields'

/**
 * Activation locks (Find My, Google's): staff hold a received order for one, the seller says on
 * their order page that it is removed, staff check again and release it; past the deadline the
 * device goes back free. The staff words and the seller's, both here.
 */
export const lockFields = [
  requiredString(
    'heading',
    'Staff heading',
    'Above the lock hold on an order’s staff page, for example "Activation lock".',
  ),
  requiredString(
    'holdHelp',
    'Staff help',
    'Above the devices to hold, for example "A device still locked to an Apple or Google account cannot be bought. Hold it: the seller is e-mailed how to remove the lock."',
  ),
  requiredString(
    'devicesLegend',
    'Devices to hold',
    'The question over the devices, for example "Which devices are locked?".',
  ),
  requiredString(
    'viewLocks',
    'Staff list: held for a lock',
    'The staff list’s view of orders waiting for their seller to remove a lock (they leave the list of received orders until the seller says it is removed), for example "Waiting for a lock to be removed".',
  ),
  requiredString('holdButton', 'Hold button', 'For example "Hold for the lock".'),
  templateString(
    'held',
    'Held since',
    'On the staff page while the hold is on: {at} (when), {name} (who held it), {devices} (the devices) and {deadline} (when the device is sent back free unless the lock is removed).',
    ['at', 'name', 'devices', 'deadline'],
  ),
  templateString(
    'removedBySeller',
    'Removed by the seller',
    'On the staff page once the seller pressed their button: {at} becomes when, for example "Lock removed by seller at {at}. Check the device again."',
    ['at'],
  ),
  requiredString(
    'notRemovedYet',
    'Not removed yet',
    'On the staff page while the seller has not said the lock is removed, for example "The seller has not said the lock is removed yet."',
  ),
  requiredString('releaseButton', 'Release button', 'For example "Lock is off: carry on with the check".'),
  requiredString('holdAgainButton', 'Hold again button', 'For example "Still locked: hold again".'),
  requiredString(
    'heldDone',
    'Held',
    'After staff hold an order, for example "Held. The seller has been e-mailed how to remove the lock."',
  ),
  requiredString('releasedDone', 'Released', 'After staff release a hold, for example "Released: check the device."'),
  requiredString(
    'noDevices',
    'No device chosen',
    'When staff hold without choosing a device, for example "Choose the devices that are locked.".',
  ),
  requiredString(
    'notHeld',
    'Not held any more',
    'When staff release an order nobody holds (someone else released it, or it was sent back), for example "This order is not held for a lock any more.".',
  ),
  requiredString(
    'checkHeld',
    'Check refused while held',
    'When staff try to record the check while the lock hold is on, for example "Release the lock hold before recording the check.".',
  ),
  requiredString(
    'notHoldable',
    'Cannot hold now',
    'When the order is not waiting for its check, for example "Only a received order waiting for its check can be held for a lock.".',
  ),
  requiredString('holdEvent', 'History: held', 'In the order’s history, for example "Held for an activation lock".'),
  requiredString('removedEvent', 'History: seller removed it', 'For example "Seller said the lock is removed".'),
  requiredString('releaseEvent', 'History: released', 'For example "Lock hold released".'),
  requiredString('reminderEvent', 'History: reminder', 'For example "Lock reminder e-mailed".'),
  requiredString(
    'returnEvent',
    'History: sent back',
    'For example "Still locked at the deadline: to be sent back free".',
  ),
  requiredString(
    'sellerHeading',
    'Seller heading',
    'On the seller’s order page while a lock holds it, for example "A device is still locked".',
  ),
  templateString(
    'sellerHelp',
    'Seller help',
    'On the seller’s order page: {devices} (the locked devices) and {deadline} (the last day), for example "{devices} is still locked to an Apple or Google account. Remove the lock (the steps are in our e-mail), then tell us below by {deadline}."',
    ['devices', 'deadline'],
  ),
  requiredString('removedButton', 'Seller button', 'For example "I’ve removed the lock".'),
  requiredString(
    'removedDone',
    'Seller: thank you',
    'After the seller presses the button, for example "Thank you. We will check the device again and carry on with your order."',
  ),
  templateString(
    'sellerRemoved',
    'Seller: told us at',
    'On the seller’s page once they pressed the button: {at} becomes when, for example "You told us the lock was removed at {at}. We will check the device again."',
    ['at'],
  ),
  requiredString(
    'sellerNotHeld',
    'Seller: no lock to remove',
    'When a seller presses the button for an order no lock holds (checked again already, or sent back), for example "Your order is not waiting for a lock to be removed.".',
  ),
]
