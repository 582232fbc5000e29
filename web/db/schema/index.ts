/**
 * Every table, room by room: one file each (drizzle.config.ts reads them all; the migrations in
 * web/db/migrations are made from them). Import tables from here, `@/db/schema`.
 */
export * from './account-schema'
export * from './staff'
export * from './baskets'
export * from './orders'
export * from './order-items'
export * from './order-events'
export * from './payment-runs'
export * from './payout-changes'
export * from './mail'
export * from './subscriptions'
export * from './contact'
export * from './rate-limits'
export * from './payments'
export * from './goods-in'
export * from './lock-holds'
export * from './stock'
export * from './parcels'
export * from './manual-offers'
export * from './texts'
export * from './policy-mailings'
