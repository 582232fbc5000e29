import { defineConfig } from 'drizzle-kit'

// The same migrations run on PGlite (the embedded default) and on a PostgreSQL server.
export default defineConfig({
  dialect: 'postgresql',
  schema: './web/db/schema/*.ts',
  out: './web/db/migrations',
})
