import path from 'node:path'

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The app lives in web/, the lockfile at the repository root.
  turbopack: { root: path.dirname(new URL(import.meta.url).pathname) },
  outputFileTracingRoot: path.dirname(new URL(import.meta.url).pathname),
}

export default nextConfig
