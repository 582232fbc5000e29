import {
  addDays,
  allowedMove,
  dueAction,
  FINAL_STATUSES,
  isOrderStatus,
  madeInRun,
  MOVE_NAMES,
  MOVES,
  movesFor,
  ORDER_STATUSES,
  PAYABLE_STATUSES,
  payoutChangeable,
  SETTLED_STATUSES,
  waitsForPayoutHold,
  type Actor,
  type MoveName,
  type OrderStatus,
  type TimedOrder,
  type Timings,
} from '@/orders/record/lifecycle'
import { AT_REST_STATUSES } from '@rules/order-statuses'

const ACTORS: Actor[] = ['seller', 'staff', 'manager', 'system']

/** Every status some sequence of moves leads to from `start`, by anyone. */
function reachableFrom(start: OrderStatus): Set<OrderStatus> {
  const seen = new Set<OrderStatus>([start])
  const queue: OrderStatus[] = [start]
  for (let status = queue.shift(); status; status = queue.shift()) {
    for (const name of MOVE_NAMES) {
      const move = MOVES[name]
      if ((move.from as readonly OrderStatus[]).includes(status) && !seen.has(move.to)) {
        seen.add(move.to)
        queue.push(move.to)
      }
    }
  }
  return seen
}

/** Who may make a move, found by asking `allowedMove` from a status the move starts from. */
function whoMay(name: MoveName): Actor[] {
  const from = MOVES[name].from[0]
  return ACTORS.filter((actor) => allowedMove(from, name, actor).ok)
}

describe('the MOVES table', () => {
  it('reaches every status from placed', () => {
    expect([...reachableFrom('placed')].sort()).toEqual([...ORDER_STATUSES].sort())
  })

  it('ends at returned, closed and taken for recycling, and nowhere else; paid is left only when the bank sends the payment back', () => {
    expect([...FINAL_STATUSES].sort()).toEqual(['closed', 'recycling', 'returned'])
    for (const status of FINAL_STATUSES) {
      for (const actor of ACTORS) expect(movesFor(status, actor)).toEqual([])
    }
    for (const actor of ACTORS) expect(movesFor('paid', actor)).toEqual([])
    expect(MOVE_NAMES.filter((name) => (MOVES[name].from as readonly string[]).includes('paid'))).toEqual([
      'returnPayment',
    ])
    expect(allowedMove('paid', 'returnPayment', 'system')).toEqual({
      ok: true,
      to: 'payment-failed',
      email: 'paymentFailed',
    })
    for (const actor of ['seller', 'staff', 'manager'] as const)
      expect(allowedMove('paid', 'returnPayment', actor)).toEqual({ ok: false, reason: 'not-allowed' })
  })

  it('lets a device that arrives after its price hold ran out be received', () => {
    expect(FINAL_STATUSES).not.toContain('expired')
    expect(allowedMove('expired', 'receive', 'staff')).toEqual({ ok: true, to: 'received', email: 'deviceReceived' })
  })

  it('lets a device that arrives after the order was cancelled be received, as a late one is', () => {
    expect(FINAL_STATUSES).not.toContain('cancelled')
    expect(allowedMove('cancelled', 'receive', 'staff')).toEqual({ ok: true, to: 'received', email: 'deviceReceived' })
    expect(movesFor('cancelled', 'staff')).toEqual(['receive'])
    expect(movesFor('cancelled', 'seller')).toEqual([])
  })

  it('counts an order that only a late parcel reopens as settled, with nothing owed', () => {
    expect([...SETTLED_STATUSES].sort()).toEqual(['cancelled', 'closed', 'expired', 'paid', 'recycling', 'returned'])
    // The database's index of orders still in progress (and "Unclaimed") leaves out the same ones.
    expect([...AT_REST_STATUSES].sort()).toEqual([...SETTLED_STATUSES].sort())
  })

  it('lets the seller ask for the device back free at any status that holds it, until paid', () => {
    const holding = ['received', 'checked', 'revised', 'accepted', 'payment-failed'] as const
    for (const status of holding) {
      expect(allowedMove(status, 'requestReturn', 'seller')).toEqual({
        ok: true,
        to: 'returning',
        email: 'returnRequested',
      })
    }
    // Before it arrives the order is cancelled instead; once paid, or on its way back, or held, never.
    for (const status of ORDER_STATUSES.filter((s) => !(holding as readonly string[]).includes(s))) {
      expect(allowedMove(status, 'requestReturn', 'seller')).toEqual({ ok: false, reason: 'wrong-status' })
    }
    for (const actor of ['staff', 'manager', 'system'] as const) {
      expect(allowedMove('checked', 'requestReturn', actor)).toEqual({ ok: false, reason: 'not-allowed' })
    }
  })

  it('lets bank details change only while the order may still be paid', () => {
    expect([...PAYABLE_STATUSES].sort()).toEqual(
      [
        'accepted',
        'cancelled',
        'checked',
        'expired',
        'placed',
        'received',
        'revised',
        'paying',
        'payment-failed',
        // Checked again and released, a held order is paid after all.
        'quarantined',
      ].sort(),
    )
    // In a payment run the bank file holds the details already: a change now would pay the old account.
    for (const status of ['paid', 'paying', 'returning', 'returned', 'quarantined', 'closed']) {
      expect(payoutChangeable(status)).toBe(false)
    }
    expect(payoutChangeable('shipped')).toBe(false)
    // A device on its way back is owed nothing: that a manager could still find it lost in our care
    // (a remedy, not a way the order goes) does not open its bank details to a change.
    expect(allowedMove('returning', 'loseInCare', 'manager')).toEqual({ ok: true, to: 'accepted', email: 'lostInCare' })
    // The bank refused the payment: the seller puts it right, and the order goes into a later run.
    expect(payoutChangeable('payment-failed')).toBe(true)
  })

  it('puts ready orders into a payment run, and settles each line paid or failed', () => {
    expect(allowedMove('checked', 'startPayment', 'manager')).toEqual({ ok: true, to: 'paying', email: null })
    expect(allowedMove('accepted', 'startPayment', 'manager').ok).toBe(true)
    expect(allowedMove('payment-failed', 'startPayment', 'manager').ok).toBe(true)
    expect(allowedMove('checked', 'startPayment', 'staff')).toEqual({ ok: false, reason: 'not-allowed' })
    expect(allowedMove('paying', 'confirmPayment', 'manager')).toEqual({ ok: true, to: 'paid', email: 'paid' })
    expect(allowedMove('paying', 'failPayment', 'manager')).toEqual({
      ok: true,
      to: 'payment-failed',
      email: 'paymentFailed',
    })
    // One order is still paid by hand, now also after the bank refused it.
    expect(allowedMove('payment-failed', 'pay', 'manager').ok).toBe(true)
    expect(allowedMove('paying', 'pay', 'manager').ok).toBe(false)
  })

  it('holds only paying while a change of bank details is recent', () => {
    expect(MOVE_NAMES.filter(waitsForPayoutHold)).toEqual(['pay', 'startPayment', 'sendPayment'])
  })

  it('moves only between known statuses', () => {
    for (const name of MOVE_NAMES) {
      expect(isOrderStatus(MOVES[name].to)).toBe(true)
      for (const from of MOVES[name].from) expect(isOrderStatus(from)).toBe(true)
    }
    expect(isOrderStatus('shipped')).toBe(false)
  })

  it.each<[MoveName, Actor[]]>([
    ['receive', ['staff', 'manager']],
    ['check', ['staff', 'manager']],
    ['revise', ['staff', 'manager']],
    ['accept', ['seller', 'system']],
    ['decline', ['seller', 'system']],
    ['pay', ['manager']],
    ['requestReturn', ['seller']],
    ['return', ['staff', 'manager']],
    ['quarantine', ['staff', 'manager']],
    ['flag', ['system']],
    ['close', ['system']],
    ['cancel', ['seller', 'staff', 'manager']],
    ['expire', ['system']],
  ])('lets only the right people %s', (name, actors) => {
    expect(whoMay(name)).toEqual(actors)
  })

  it('keeps paying, which reveals the bank details, to managers', () => {
    expect(allowedMove('checked', 'pay', 'manager')).toEqual({ ok: true, to: 'paid', email: 'paid' })
    expect(allowedMove('accepted', 'pay', 'manager')).toEqual({ ok: true, to: 'paid', email: 'paid' })
    for (const actor of ['seller', 'staff', 'system'] as const) {
      expect(allowedMove('checked', 'pay', actor)).toEqual({ ok: false, reason: 'not-allowed' })
    }
  })

  it('never pays or returns a quarantined device straight from the hold: it is released, sent back or kept first', () => {
    expect(allowedMove('quarantined', 'pay', 'manager')).toEqual({ ok: false, reason: 'wrong-status' })
    expect(allowedMove('quarantined', 'startPayment', 'manager')).toEqual({ ok: false, reason: 'wrong-status' })
    expect(allowedMove('quarantined', 'return', 'manager')).toEqual({ ok: false, reason: 'wrong-status' })
    for (const actor of ['staff', 'manager'] as const) {
      expect(movesFor('quarantined', actor)).toEqual(['release', 'returnHeld', 'keepForPolice'])
    }
    expect(allowedMove('quarantined', 'release', 'staff')).toEqual({ ok: true, to: 'checked', email: 'released' })
    expect(allowedMove('quarantined', 'returnHeld', 'staff')).toEqual({
      ok: true,
      to: 'returning',
      email: 'heldReturned',
    })
    expect(allowedMove('quarantined', 'keepForPolice', 'staff')).toEqual({ ok: true, to: 'closed', email: null })
    // The seller and the clock end no hold early.
    for (const move of ['release', 'returnHeld', 'keepForPolice'] as const) {
      expect(allowedMove('quarantined', move, 'seller')).toEqual({ ok: false, reason: 'not-allowed' })
      expect(allowedMove('quarantined', move, 'system')).toEqual({ ok: false, reason: 'not-allowed' })
    }
    expect(movesFor('quarantined', 'system')).toEqual(['close'])
  })

  it('lets the seller cancel only before the device arrives', () => {
    expect(allowedMove('placed', 'cancel', 'seller')).toEqual({ ok: true, to: 'cancelled', email: 'cancelled' })
    for (const status of ORDER_STATUSES.filter((s) => s !== 'placed')) {
      expect(allowedMove(status, 'cancel', 'seller')).toEqual({ ok: false, reason: 'wrong-status' })
    }
  })

  it('does not let staff answer a revised offer for the seller', () => {
    for (const actor of ['staff', 'manager'] as const) {
      expect(allowedMove('revised', 'accept', actor)).toEqual({ ok: false, reason: 'not-allowed' })
      expect(allowedMove('revised', 'decline', actor)).toEqual({ ok: false, reason: 'not-allowed' })
    }
    expect(allowedMove('revised', 'accept', 'seller')).toEqual({ ok: true, to: 'accepted', email: null })
    expect(allowedMove('revised', 'decline', 'seller')).toEqual({ ok: true, to: 'returning', email: null })
  })

  it('leaves expiring and closing to the clock', () => {
    for (const actor of ['seller', 'staff', 'manager'] as const) {
      expect(allowedMove('placed', 'expire', actor)).toEqual({ ok: false, reason: 'not-allowed' })
      expect(allowedMove('quarantined', 'close', actor)).toEqual({ ok: false, reason: 'not-allowed' })
    }
    expect(allowedMove('placed', 'expire', 'system')).toEqual({ ok: true, to: 'expired', email: 'expired' })
    expect(allowedMove('quarantined', 'close', 'system')).toEqual({ ok: true, to: 'closed', email: null })
  })

  // A move staff may make with nothing to type would never be offered on the order's page.
  it('gives fields to type to exactly the moves staff or managers make from an order page', () => {
    const withFields = MOVE_NAMES.filter((name) => 'fields' in MOVES[name])
    // A payment run's moves are made from its own pages, for many orders at once.
    const staffs = MOVE_NAMES.filter(
      (name) => !madeInRun(name) && whoMay(name).some((actor) => actor === 'staff' || actor === 'manager'),
    )
    expect(withFields).toEqual(staffs)
  })

  it('says "not-allowed" before "wrong-status", so a refusal does not reveal the status', () => {
    expect(allowedMove('paid', 'pay', 'seller')).toEqual({ ok: false, reason: 'not-allowed' })
    expect(allowedMove('paid', 'pay', 'manager')).toEqual({ ok: false, reason: 'wrong-status' })
  })

  it('refuses a status it does not know', () => {
    expect(allowedMove('shipped', 'receive', 'staff')).toEqual({ ok: false, reason: 'wrong-status' })
    expect(movesFor('shipped', 'manager')).toEqual([])
  })
})

describe('movesFor', () => {
  it.each<[string, Actor, MoveName[]]>([
    ['placed', 'seller', ['cancel']],
    ['placed', 'staff', ['receive', 'cancel']],
    ['placed', 'system', ['expire']],
    ['expired', 'staff', ['receive']],
    ['expired', 'seller', []],
    ['received', 'staff', ['check', 'quarantine']],
    ['checked', 'staff', ['revise', 'recycle', 'quarantine']],
    // A device lost or damaged in our care is paid at the agreed price: a manager's move, after the check.
    ['checked', 'manager', ['revise', 'pay', 'recycle', 'quarantine', 'loseInCare']],
    ['revised', 'manager', ['loseInCare']],
    ['returning', 'manager', ['return', 'loseInCare']],
    ['received', 'manager', ['check', 'quarantine']],
    ['received', 'seller', ['requestReturn']],
    ['checked', 'seller', ['requestReturn']],
    ['revised', 'seller', ['accept', 'decline', 'requestReturn']],
    ['accepted', 'seller', ['requestReturn']],
    ['paid', 'seller', []],
    ['revised', 'staff', []],
    // A register fail that arrives late (the register was down at the check) still quarantines it.
    ['revised', 'system', ['accept', 'decline', 'flag']],
    ['checked', 'system', ['refuse', 'flag']],
    ['accepted', 'system', ['flag']],
    ['accepted', 'staff', []],
    ['accepted', 'manager', ['pay']],
    ['returning', 'staff', ['return']],
    ['quarantined', 'manager', ['release', 'returnHeld', 'keepForPolice']],
    ['returning', 'seller', []],
  ])('offers %s to %s: %j', (status, actor, moves) => {
    expect(movesFor(status, actor)).toEqual(moves)
  })
})

describe('dueAction', () => {
  const now = new Date('2026-11-10T12:00:00Z')
  const ms = (n: number) => new Date(now.getTime() + n)
  const timings: Timings = { revisedOfferDays: 7, reminderDaysBefore: 2, quarantineDays: 28, lapsedOffer: 'accept' }
  const order = (over: Partial<TimedOrder>): TimedOrder => ({
    status: 'placed',
    holdUntil: addDays(now, 14),
    offerDeadline: null,
    offerRemindedAt: null,
    statusSince: addDays(now, -1),
    ...over,
  })

  it('adds whole days', () => {
    expect(addDays(now, 2).toISOString()).toBe('2026-11-12T12:00:00.000Z')
    expect(addDays(now, -1).toISOString()).toBe('2026-11-09T12:00:00.000Z')
  })

  describe('a placed order', () => {
    it('waits while its price hold runs', () => {
      expect(dueAction(order({ holdUntil: ms(1) }), now, timings)).toBeNull()
    })

    it('expires the moment its price hold ends', () => {
      const expire = { kind: 'move', move: 'expire', reason: 'price-hold-ended' }
      expect(dueAction(order({ holdUntil: now }), now, timings)).toEqual(expire)
      expect(dueAction(order({ holdUntil: addDays(now, -3) }), now, timings)).toEqual(expire)
    })
  })

  describe('a revised offer', () => {
    const revised = (over: Partial<TimedOrder>) => order({ status: 'revised', offerDeadline: addDays(now, 5), ...over })

    it('has nothing to do without a deadline', () => {
      expect(dueAction(revised({ offerDeadline: null }), now, timings)).toBeNull()
    })

    it('is accepted at its deadline when the CMS says an unanswered offer is accepted', () => {
      const due = { kind: 'move', move: 'accept', reason: 'offer-deadline-passed' }
      expect(dueAction(revised({ offerDeadline: now }), now, timings)).toEqual(due)
      expect(dueAction(revised({ offerDeadline: ms(-1) }), now, timings)).toEqual(due)
    })

    it('is declined (the device goes back) at its deadline when the CMS says return', () => {
      const returning = { ...timings, lapsedOffer: 'return' as const }
      expect(dueAction(revised({ offerDeadline: now }), now, returning)).toEqual({
        kind: 'move',
        move: 'decline',
        reason: 'offer-deadline-passed',
      })
      expect(MOVES.decline.to).toBe('returning')
    })

    it('answers a lapsed offer even when its reminder went', () => {
      expect(dueAction(revised({ offerDeadline: ms(-1), offerRemindedAt: ms(-1000) }), now, timings)).toMatchObject({
        kind: 'move',
        move: 'accept',
      })
    })

    it(`sends the reminder exactly reminderDaysBefore the deadline, not a moment earlier`, () => {
      const deadline = addDays(now, timings.reminderDaysBefore)
      expect(dueAction(revised({ offerDeadline: deadline }), now, timings)).toEqual({ kind: 'remind' })
      expect(dueAction(revised({ offerDeadline: new Date(deadline.getTime() + 1) }), now, timings)).toBeNull()
      expect(dueAction(revised({ offerDeadline: addDays(now, 1) }), now, timings)).toEqual({ kind: 'remind' })
    })

    it('follows the CMS reminder setting', () => {
      const deadline = addDays(now, 3)
      expect(dueAction(revised({ offerDeadline: deadline }), now, timings)).toBeNull()
      expect(dueAction(revised({ offerDeadline: deadline }), now, { ...timings, reminderDaysBefore: 3 })).toEqual({
        kind: 'remind',
      })
    })

    it('sends the reminder once', () => {
      expect(
        dueAction(revised({ offerDeadline: addDays(now, 1), offerRemindedAt: ms(-60_000) }), now, timings),
      ).toBeNull()
    })
  })

  describe('a quarantined order', () => {
    const quarantined = (since: Date) => order({ status: 'quarantined', statusSince: since })

    it('is held for quarantineDays, counted from when it was quarantined', () => {
      const since = addDays(now, -timings.quarantineDays)
      expect(dueAction(quarantined(new Date(since.getTime() + 1)), now, timings)).toBeNull()
      expect(dueAction(quarantined(since), now, timings)).toEqual({
        kind: 'move',
        move: 'close',
        reason: 'quarantine-ended',
      })
      expect(dueAction(quarantined(since), now, { ...timings, quarantineDays: 29 })).toBeNull()
    })
  })

  it.each(['received', 'checked', 'accepted', 'returning', 'returned', 'paid', 'cancelled', 'expired', 'closed'])(
    'leaves a %s order alone, however old',
    (status) => {
      const old = addDays(now, -1000)
      const due = dueAction(order({ status, holdUntil: old, offerDeadline: old, statusSince: old }), now, timings)
      expect(due).toBeNull()
    },
  )

  it('only asks for moves the system may make from that status', () => {
    const old = addDays(now, -1000)
    const asked = ORDER_STATUSES.flatMap((status) =>
      (['accept', 'return'] as const).flatMap((lapsedOffer) => {
        const due = dueAction(order({ status, holdUntil: old, offerDeadline: old, statusSince: old }), now, {
          ...timings,
          lapsedOffer,
        })
        return due?.kind === 'move' ? [{ status, move: due.move }] : []
      }),
    )
    // Every move the clock makes, each asked of the status it leaves: none can go unchecked.
    expect(asked.map(({ status, move }) => `${status} ${move}`).sort()).toEqual(
      [
        'placed expire',
        'placed expire',
        'quarantined close',
        'quarantined close',
        'revised accept',
        'revised decline',
      ].sort(),
    )
    for (const { status, move } of asked) expect(allowedMove(status, move, 'system').ok).toBe(true)
  })
})
