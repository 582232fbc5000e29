import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { expect } from '@playwright/test'

/** A process started for a test, in its own process group, with everything it printed. */
export type Started = { log: () => string; stop: () => void }

function startProcess(
  command: string,
  args: string[],
  options: { cwd?: string; env?: Record<string, string> },
): Started {
  const child: ChildProcess = spawn(command, args, {
    cwd: options.cwd ?? process.cwd(),
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  let log = ''
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()))
  return {
    log: () => log,
    stop: () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGTERM')
      } catch {
        // already gone
      }
    },
  }
}

export const LOCAL_PROJECT_ID = 'local'
export const LOCAL_DATASET = 'production'

type ApiOptions = { file: string; port: number; certDir: string; webhook: string; secret: string }

/** `npm run content-api` on a copy of the seed, sending each publish to the site's webhook. */
export async function startContentApi({ file, port, certDir, webhook, secret }: ApiOptions): Promise<Started> {
  const api = startProcess(
    'npx',
    [
      'tsx',
      'content-api/main.ts',
      '--file',
      file,
      '--port',
      String(port),
      '--project-id',
      LOCAL_PROJECT_ID,
      '--dataset',
      LOCAL_DATASET,
      '--cert-dir',
      certDir,
      '--webhook',
      webhook,
    ],
    { env: { SANITY_REVALIDATE_SECRET: secret } },
  )
  await expect
    .poll(() => api.log(), { timeout: 60_000, message: 'the content API starts' })
    .toContain('Local content API: https://')
  return api
}

/**
 * The real Studio, built as `npm run studio:local` runs it (pointed at the local API), and served
 * by `sanity preview`. A production build starts in a second where the dev server needs a minute
 * of bundling.
 */
export async function startLocalStudio({ outDir, port, apiPort }: { outDir: string; port: number; apiPort: number }) {
  const studioDir = path.join(process.cwd(), 'studio')
  const env = {
    ...process.env,
    SANITY_STUDIO_PROJECT_ID: LOCAL_PROJECT_ID,
    SANITY_STUDIO_DATASET: LOCAL_DATASET,
    SANITY_STUDIO_LOCAL_API_HOST: `https://localhost:${apiPort}`,
  }
  execFileSync('npx', ['sanity', 'build', outDir, '--yes'], { cwd: studioDir, env, stdio: 'pipe' })
  const studio = startProcess('npx', ['sanity', 'preview', outDir, '--port', String(port)], { cwd: studioDir })
  await expect
    .poll(() => studio.log(), { timeout: 60_000, message: 'the Studio is served' })
    .toContain(`localhost:${port}`)
  return studio
}
