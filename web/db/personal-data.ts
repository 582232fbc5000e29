/**
 * Every column of every table, and what it holds about people. A personal column is either given
 * in "Download my data" (at the path named, in web/accounts/export.ts) or withheld for the
 * reason given, and is removed by "Delete my account" (web/accounts/erasure.ts) as `erased`
 * says. A sale-record column is given in the download and kept after deletion: once the personal
 * columns beside it are emptied it names no one. tests/unit/db/personal-data.test.ts reads the
 * migrated database's columns and fails on any column missing here, so a new column cannot hold
 * personal data unnoticed.
 */
export type Erasure = { by: 'row deleted' } | { by: 'emptied' } | { by: 'reset'; to: false | [] }

export type ColumnUse =
  | { kind: 'not personal'; why: string }
  | { kind: 'sale record'; exported: string }
  | {
      kind: 'personal'
      /** Where the download gives it (`a[].b` walks an array); null when withheld. */
      exported: string | null
      /** Why it is withheld, or how the download shows it when not as stored. */
      note?: string
      erased: Erasure
    }

const ROW_DELETED: Erasure = { by: 'row deleted' }
const EMPTIED: Erasure = { by: 'emptied' }
const resetTo = (to: false | []): Erasure => ({ by: 'reset', to })

const notPersonal = (why: string): ColumnUse => ({ kind: 'not personal', why })
const saleRecord = (exported: string): ColumnUse => ({ kind: 'sale record', exported })
const personal = (exported: string, erased: Erasure, note?: string): ColumnUse => ({
  kind: 'personal',
  exported,
  erased,
  ...(note ? { note } : {}),
})
const withheld = (note: string, erased: Erasure): ColumnUse => ({ kind: 'personal', exported: null, note, erased })

const INTERNAL_ID = 'an internal id, meaningless to the person'
const ACCOUNT_ID = 'the account id, given as account.id'
const UNUSED_SOCIAL = 'unused: there is no sign-in with another provider'
const TOKEN = 'a one-time token: the download must not be a way round the password'

export const COLUMNS: Record<string, Record<string, ColumnUse>> = {
  user: {
    id: personal('account.id', ROW_DELETED),
    name: personal('account.name', ROW_DELETED),
    email: personal('account.email', ROW_DELETED),
    email_verified: personal('account.emailVerified', ROW_DELETED),
    image: personal('account.image', ROW_DELETED),
    created_at: personal('account.createdAt', ROW_DELETED),
    updated_at: personal('account.updatedAt', ROW_DELETED),
    role: personal('account.role', ROW_DELETED),
    banned: personal('account.banned', ROW_DELETED),
    ban_reason: personal('account.banReason', ROW_DELETED),
    ban_expires: personal('account.banExpires', ROW_DELETED),
    two_factor_enabled: personal('account.twoFactorEnabled', ROW_DELETED),
  },
  two_factor: {
    id: withheld(INTERNAL_ID, ROW_DELETED),
    secret: withheld('a secret: the authenticator app’s key, sealed', ROW_DELETED),
    backup_codes: withheld('secrets: each logs in once, sealed', ROW_DELETED),
    user_id: withheld(ACCOUNT_ID, ROW_DELETED),
    verified: withheld('whether the set-up was finished: two_factor_enabled says it', ROW_DELETED),
    failed_verification_count: withheld('a count of wrong codes, reset by a right one', ROW_DELETED),
    locked_until: withheld('set for 15 minutes after five wrong codes', ROW_DELETED),
    enrolment_session_id: withheld('an internal id: the session that started the set-up', ROW_DELETED),
    key_shown_at: withheld('when the set-up showed its key, once: two_factor_enabled says it was set up', ROW_DELETED),
  },
  session: {
    id: withheld(INTERNAL_ID, ROW_DELETED),
    expires_at: personal('sessions[].expiresAt', ROW_DELETED),
    token: withheld('a secret: whoever holds it is signed in', ROW_DELETED),
    created_at: personal('sessions[].createdAt', ROW_DELETED),
    updated_at: personal('sessions[].updatedAt', ROW_DELETED),
    ip_address: personal('sessions[].ipAddress', ROW_DELETED),
    user_agent: personal('sessions[].userAgent', ROW_DELETED),
    user_id: withheld(ACCOUNT_ID, ROW_DELETED),
    impersonated_by: withheld("a staff member's account id: unused, nobody is impersonated", ROW_DELETED),
    rechecked_at: personal('sessions[].recheckedAt', ROW_DELETED),
    second_factor_at: personal('sessions[].secondFactorAt', ROW_DELETED),
  },
  account: {
    id: withheld(INTERNAL_ID, ROW_DELETED),
    account_id: withheld(ACCOUNT_ID, ROW_DELETED),
    provider_id: personal('signInMethods[].provider', ROW_DELETED),
    user_id: withheld(ACCOUNT_ID, ROW_DELETED),
    access_token: withheld(UNUSED_SOCIAL, ROW_DELETED),
    refresh_token: withheld(UNUSED_SOCIAL, ROW_DELETED),
    id_token: withheld(UNUSED_SOCIAL, ROW_DELETED),
    access_token_expires_at: withheld(UNUSED_SOCIAL, ROW_DELETED),
    refresh_token_expires_at: withheld(UNUSED_SOCIAL, ROW_DELETED),
    scope: withheld(UNUSED_SOCIAL, ROW_DELETED),
    password: withheld('a scrypt hash of the password, of no use to its owner', ROW_DELETED),
    created_at: personal('signInMethods[].createdAt', ROW_DELETED),
    updated_at: personal('signInMethods[].updatedAt', ROW_DELETED),
  },
  verification: {
    id: withheld(TOKEN, ROW_DELETED),
    identifier: withheld(TOKEN, ROW_DELETED),
    value: withheld(TOKEN, ROW_DELETED),
    expires_at: withheld(TOKEN, ROW_DELETED),
    created_at: withheld(TOKEN, ROW_DELETED),
    updated_at: withheld(TOKEN, ROW_DELETED),
  },
  rate_limit_hit: {
    id: notPersonal('a serial number'),
    bucket: notPersonal(
      "pseudonymous at most: an HMAC, under the server's secret, of a limiter's name and an address or e-mail; it names no account, so it is neither downloadable nor erasable by one, and it is deleted once its window (at most an hour) has passed",
    ),
    at: notPersonal('when a try was counted; deleted with its bucket once its window has passed'),
    expires_at: notPersonal('when the try stops counting'),
  },
  basket: {
    id: notPersonal('a basket is found only through its cookie and is linked to no account or order'),
    token_hash: notPersonal("a hash of the cookie's random token"),
    created_at: notPersonal('when an anonymous basket was made'),
    last_used_at: notPersonal('when an anonymous basket was last used; it is deleted 30 days later'),
  },
  basket_line: {
    id: notPersonal('a line of an anonymous basket'),
    basket_id: notPersonal('a line of an anonymous basket'),
    model_id: notPersonal('a catalogue model'),
    variant_key: notPersonal('a catalogue storage size'),
    grade_key: notPersonal('a catalogue grade'),
    answers: notPersonal("the condition questions' answer keys"),
    quantity: notPersonal('a count'),
    added_price_pence: notPersonal('a catalogue price'),
    created_at: notPersonal('when an anonymous line was added'),
    updated_at: notPersonal('when an anonymous line was changed'),
  },
  seller_order: {
    id: notPersonal('a random id, kept with the sale record'),
    reference: saleRecord('orders[].reference'),
    user_id: personal('orders[].placedBy', EMPTIED, 'given as "this account" or "a guest"'),
    email: personal('orders[].contact.email', EMPTIED),
    status: saleRecord('orders[].status'),
    total_pence: saleRecord('orders[].totalPence'),
    placed_at: saleRecord('orders[].placedAt'),
    updated_at: saleRecord('orders[].updatedAt'),
    status_since: saleRecord('orders[].statusSince'),
    name: personal('orders[].contact.name', EMPTIED),
    phone: personal('orders[].contact.phone', EMPTIED),
    address_line1: personal('orders[].contact.addressLine1', EMPTIED),
    address_line2: personal('orders[].contact.addressLine2', EMPTIED),
    town: personal('orders[].contact.town', EMPTIED),
    postcode: personal('orders[].contact.postcode', EMPTIED),
    payout_method: saleRecord('orders[].payout.method'),
    payout_sealed: personal(
      'orders[].payout.bankDetailsHeld',
      EMPTIED,
      'sealed bank details, opened only for the manager who pays: the download says whether they are held',
    ),
    payout_match: withheld(
      'a keyed hash of the sort code and account number, to spot one account paid for several orders: it cannot be turned back into them, and goes with the sealed details',
      EMPTIED,
    ),
    payout_last4: personal('orders[].payout.accountNumberEnding', EMPTIED),
    marketing_consent: personal('orders[].marketingConsent', resetTo(false)),
    terms_revision: saleRecord('orders[].termsRevision'),
    declarations: personal('orders[].declarations', resetTo([])),
    hold_until: saleRecord('orders[].holdUntil'),
    offer_deadline: saleRecord('orders[].offerDeadline'),
    offer_reminded_at: saleRecord('orders[].offerRemindedAt'),
    return_tracking: personal('orders[].returnTracking', EMPTIED),
    postage_pack: saleRecord('orders[].postagePack'),
    payout_held_until: saleRecord('orders[].payoutHeldUntil'),
    idempotency_key: withheld("the checkout form's one-time key, from the seller's browser", EMPTIED),
    request_hash: withheld('a hash of what the seller typed at checkout, to spot a key reused', EMPTIED),
    payment_run_id: notPersonal('the payment run the order was paid in: a run of many orders, named by the business'),
  },
  // A payment run holds many sellers' bank details only in its sealed bank file: deleted once the
  // run is settled and the bank details period has passed (orders/moves/retention.ts), or as soon as one
  // seller in it erases their account. Its lines keep what was paid, as the order's total does.
  payment_run: {
    id: notPersonal('a random id of a run of many orders'),
    reference: notPersonal("the run's reference, the business's own"),
    created_by: notPersonal("the manager who made it: their account, not a seller's"),
    created_by_name: notPersonal("the manager's name as they made it: theirs, not a seller's"),
    created_at: notPersonal('when the run was made'),
    order_count: notPersonal('how many payments the run holds'),
    total_pence: notPersonal("the run's total, across many sellers"),
    file_sealed: withheld(
      "the bank file, sealed: every seller's bank details in the run. The download says whether they are held (orders[].payout.bankDetailsHeld); the file of any run holding the seller's order is deleted with their account",
      EMPTIED,
    ),
    file_sha256: notPersonal("the file's fingerprint: a hash that names no one without the file"),
    file_deleted_at: notPersonal('when the file was deleted'),
    state: notPersonal('whether every payment in the run is marked'),
    settled_at: notPersonal('when the last payment was marked'),
  },
  payment_run_line: {
    id: notPersonal('a serial number'),
    run_id: notPersonal('the run it belongs to'),
    order_id: notPersonal('the order it pays'),
    amount_pence: notPersonal("the amount paid: the order's total, given as orders[].totalPence"),
    state: notPersonal('whether the bank paid it: the order’s status and history say so, given in orders[]'),
    failure_reason: withheld(
      "the bank's reason for a failed payment, as a manager typed it: the same words are the history's reason (orders[].history[].reason)",
      EMPTIED,
    ),
    settled_at: notPersonal("when it was marked: the order's history gives it (orders[].history[].at)"),
  },
  payment_run_download: {
    id: notPersonal('a serial number'),
    run_id: notPersonal('the run whose file was downloaded'),
    user_id: notPersonal("the manager who downloaded it: their account, not a seller's"),
    actor_name: notPersonal("the manager's name as they downloaded it"),
    at: notPersonal('when'),
  },
  payout_change_code: {
    id: withheld(INTERNAL_ID, ROW_DELETED),
    order_id: withheld('the order whose bank details it was sent to change', ROW_DELETED),
    code_hash: withheld(
      'a one-time code, kept only as a keyed hash: the download must not be a way round it',
      ROW_DELETED,
    ),
    created_at: withheld('when the code was sent: the order’s history records each change made', ROW_DELETED),
    expires_at: withheld('when the code stops working, minutes after it was sent', ROW_DELETED),
    attempts: withheld('a count of wrong codes typed, which ends the code', ROW_DELETED),
    used_at: withheld('when the code was used, so it works once', ROW_DELETED),
  },
  order_item: {
    id: notPersonal('a random id, kept with the sale record'),
    order_id: notPersonal('the order it belongs to'),
    position: saleRecord('orders[].devices[].position'),
    model_id: saleRecord('orders[].devices[].modelId'),
    device: saleRecord('orders[].devices[].device'),
    variant_key: saleRecord('orders[].devices[].variantKey'),
    grade_key: saleRecord('orders[].devices[].gradeKey'),
    grade_name: saleRecord('orders[].devices[].gradeChosen'),
    answers: saleRecord('orders[].devices[].answers'),
    price_pence: saleRecord('orders[].devices[].pricePence'),
    catalogue_revision: saleRecord('orders[].devices[].catalogueRevision'),
    found_grade_key: notPersonal('the grade found, as a key: given by its name, found_grade_name'),
    found_grade_name: saleRecord('orders[].devices[].check.gradeFound'),
    imei: personal('orders[].devices[].check.imei', EMPTIED),
    check_notes: personal('orders[].devices[].check.notes', EMPTIED),
    revised_price_pence: saleRecord('orders[].devices[].revisedPricePence'),
    revised_reason: personal('orders[].devices[].revisedReason', EMPTIED),
    // A rise waiting for a manager is not an offer yet: the seller is shown it once it is approved.
    proposed_price_pence: notPersonal('a price staff proposed, not yet offered: the offer is revised_price_pence'),
    proposed_reason: withheld('staff’s reason for a rise not yet approved: not offered to the seller', EMPTIED),
    rise_approved_at: notPersonal('when a manager allowed a price above the quote: the history says who'),
    register_result: saleRecord('orders[].devices[].check.register'),
    // Like the IMEI it was issued for, it finds the device on the register: emptied with it.
    register_certificate: personal('orders[].devices[].check.registerCertificate', EMPTIED),
    register_checked_at: saleRecord('orders[].devices[].check.registerCheckedAt'),
    offer_answer: saleRecord('orders[].devices[].offerAnswer'),
    offer_answered_at: saleRecord('orders[].devices[].offerAnsweredAt'),
    // A declined device posted back: its tracking number finds the seller's address, as the
    // order's does; when it went says nothing of who, and keeps it from being posted twice.
    return_tracking: personal('orders[].devices[].returnTracking', EMPTIED),
    returned_at: saleRecord('orders[].devices[].returnedAt'),
  },
  // Photos of a seller's device are personal: taken of their own phone, they can show its screen,
  // an engraving, a case or a reflection. They are given in the download as the images themselves
  // and deleted with the account; the grade found, kept with the sale record, says what they showed.
  order_item_photo: {
    id: withheld(INTERNAL_ID, ROW_DELETED),
    order_id: withheld('the order it belongs to: the photo is given inside it', ROW_DELETED),
    order_item_id: withheld('the device it shows: the photo is given inside that device', ROW_DELETED),
    content_type: personal('orders[].devices[].photos[].contentType', ROW_DELETED),
    bytes: personal(
      'orders[].devices[].photos[].image',
      ROW_DELETED,
      'the image itself, given as a data: address that opens in a browser',
    ),
    byte_size: personal('orders[].devices[].photos[].bytes', ROW_DELETED),
    width: personal('orders[].devices[].photos[].width', ROW_DELETED),
    height: personal('orders[].devices[].photos[].height', ROW_DELETED),
    created_by: withheld("the staff member who took it: their account, not the seller's", ROW_DELETED),
    created_at: personal('orders[].devices[].photos[].takenAt', ROW_DELETED),
  },
  order_event: {
    id: notPersonal('a serial number, kept with the sale record'),
    order_id: notPersonal('the order it belongs to'),
    at: saleRecord('orders[].history[].at'),
    actor: saleRecord('orders[].history[].by'),
    actor_user_id: withheld(
      "the account that acted: the seller's is emptied with their account; a staff member's is theirs",
      EMPTIED,
    ),
    actor_name: notPersonal(
      "a staff member's name as they acted, kept as who did what after their account is gone; never a seller's",
    ),
    action: saleRecord('orders[].history[].action'),
    from_status: saleRecord('orders[].history[].fromStatus'),
    to_status: saleRecord('orders[].history[].toStatus'),
    reason: personal('orders[].history[].reason', EMPTIED),
  },
  email_outbox: {
    id: withheld(INTERNAL_ID, ROW_DELETED),
    order_id: withheld('the order it is about, named in its words', ROW_DELETED),
    kind: personal('emails[].kind', ROW_DELETED),
    to_address: personal('emails[].to', ROW_DELETED),
    subject: personal('emails[].subject', ROW_DELETED),
    text_body: personal('emails[].text', ROW_DELETED, 'with one-time links disarmed'),
    html_body: withheld('the same words as the text, in HTML', ROW_DELETED),
    status: personal('emails[].status', ROW_DELETED),
    attempts: withheld('delivery bookkeeping', ROW_DELETED),
    next_attempt_at: withheld('delivery bookkeeping', ROW_DELETED),
    last_error: withheld("delivery bookkeeping: an error's kind, never an address", ROW_DELETED),
    created_at: personal('emails[].createdAt', ROW_DELETED),
    sent_at: personal('emails[].sentAt', ROW_DELETED),
    reply_to: personal('emails[].replyTo', ROW_DELETED),
    list_unsubscribe: withheld("the e-mail's one-click unsubscribe address: a link of the site's, signed", ROW_DELETED),
    contact_message_id: withheld('the contact message it forwards, given in full as contactMessages[]', ROW_DELETED),
  },
  subscription: {
    id: withheld(INTERNAL_ID, ROW_DELETED),
    topic: personal('subscriptions[].topic', ROW_DELETED),
    model_id: personal('subscriptions[].modelId', ROW_DELETED),
    email: personal('subscriptions[].email', ROW_DELETED),
    confirm_token_hash: withheld(TOKEN, ROW_DELETED),
    requested_at: personal('subscriptions[].requestedAt', ROW_DELETED),
    confirmed_at: personal('subscriptions[].confirmedAt', ROW_DELETED),
    last_alerted_at: personal('subscriptions[].lastAlertedAt', ROW_DELETED),
  },
  price_alert_price: {
    model_id: notPersonal('a catalogue model'),
    pence: notPersonal('the price its alerts last went at, for everyone who follows it'),
    updated_at: notPersonal('when that price last moved'),
  },
  contact_message: {
    id: withheld(INTERNAL_ID, ROW_DELETED),
    name: personal('contactMessages[].name', ROW_DELETED),
    email: personal('contactMessages[].email', ROW_DELETED),
    phone: personal('contactMessages[].phone', ROW_DELETED),
    message: personal('contactMessages[].message', ROW_DELETED),
    status: personal('contactMessages[].status', ROW_DELETED),
    received_at: personal('contactMessages[].receivedAt', ROW_DELETED),
    status_changed_at: personal('contactMessages[].statusChangedAt', ROW_DELETED),
  },
  contact_message_event: {
    id: withheld('a serial number', ROW_DELETED),
    message_id: withheld('the message it belongs to', ROW_DELETED),
    at: personal('contactMessages[].history[].at', ROW_DELETED),
    actor_user_id: withheld("the staff member's account: theirs, not the sender's", ROW_DELETED),
    actor_name: withheld("the staff member's name: theirs, not the sender's", ROW_DELETED),
    from_status: personal('contactMessages[].history[].fromStatus', ROW_DELETED),
    to_status: personal('contactMessages[].history[].toStatus', ROW_DELETED),
  },
  staff_event: {
    id: withheld('a serial number', ROW_DELETED),
    user_id: withheld(ACCOUNT_ID, ROW_DELETED),
    at: withheld("when a staff account's sign-in was set up or reset: staff records, not a seller's", ROW_DELETED),
    actor: withheld('who acted: the operator or a manager', ROW_DELETED),
    actor_user_id: withheld("the manager's account: theirs, not the account holder's", EMPTIED),
    actor_name: withheld("the manager's name: theirs, not the account holder's", ROW_DELETED),
    action: withheld("what was done to the staff account's sign-in", ROW_DELETED),
    reason: withheld('why, as the manager or operator gave it', ROW_DELETED),
  },
}

/** Where to say what a new column holds: the failure message of the test names it. */
export const CLASSIFY_HINT =
  "in web/db/personal-data.ts (COLUMNS): notPersonal('why'), saleRecord('<path in the download>') or " +
  "personal('<path in the download>', EMPTIED | ROW_DELETED | resetTo(value)) / withheld('why', …); a personal " +
  'column must also be given by exportAccountData (web/accounts/export.ts) and removed by eraseAccount ' +
  '(web/accounts/erasure.ts)'
