// Places orders one after another into the database named on the command line (a PGlite folder
// or a postgres:// URL), printing each reference once its transaction has committed, until killed.
import { openDatabase } from '@/db/connection'
import { placeOrder } from '@/orders/record/store'
import { sampleOrder } from './order-fixtures'

async function main() {
  const target = process.argv[2] ?? ''
  const { db } = await openDatabase(/^postgres/.test(target) ? { url: target } : { dataDir: target })
  console.log('ready')
  for (;;) {
    const order = sampleOrder()
    // Three devices each, so a half-written order would show as fewer items.
    order.items = [order.items[0]!, { ...order.items[0]! }, { ...order.items[0]! }]
    const placed = await placeOrder(db, order)
    if (placed.kind === 'placed') console.log(placed.reference)
  }
}

void main()
