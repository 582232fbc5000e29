import { defineConfig } from 'drizzle-kit'

// The same migrations run on PGlite (the embedded default) and on a PostgreSQL server.
export default defineConfig({
  dialect: 'postgresql',
  schema: './web/orders/schema.ts',
  out: './web/orders/migrations',
})
