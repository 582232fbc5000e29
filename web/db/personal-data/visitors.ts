/**
 * What visitors leave outside an order: rate-limit tries, anonymous baskets, subscriptions and the
 * prices their alerts went at, contact messages, and the e-mail outbox.
 */
import { INTERNAL_ID, notPersonal, personal, ROW_DELETED, TOKEN, withheld, type ColumnUse } from './column-use'

export const visitorColumns: Record<string, Record<string, ColumnUse>> = {
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
}
