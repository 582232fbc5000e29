import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

export type Certificate = { key: Buffer; cert: Buffer; certPath: string }

/**
 * The server speaks HTTP/2, which browsers only use over TLS: the Studio holds more event streams
 * than HTTP/1.1's six connections per host allow. A certificate in `folder` is reused; otherwise
 * the `openssl` CLI makes a self-signed one for localhost, *.localhost, the project's host and
 * 127.0.0.1. Browsers do not trust it until told to.
 */
export function ensureCertificate(folder: string, hostNames: string[] = []): Certificate {
  const keyPath = path.join(folder, 'key.pem')
  const certPath = path.join(folder, 'cert.pem')
  if (!existsSync(keyPath) || !existsSync(certPath)) {
    mkdirSync(folder, { recursive: true })
    const names = ['localhost', '*.localhost', ...hostNames].map((name) => `DNS:${name}`)
    try {
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-sha256',
          '-days',
          '825',
          '-keyout',
          keyPath,
          '-out',
          certPath,
          '-subj',
          '/CN=localhost',
          '-addext',
          `subjectAltName=${[...names, 'IP:127.0.0.1', 'IP:::1'].join(',')}`,
        ],
        { stdio: 'pipe' },
      )
    } catch (error) {
      throw new Error(
        `Could not create a TLS certificate with openssl (${(error as Error).message}). ` +
          'Install openssl, or put key.pem and cert.pem in ' +
          folder,
      )
    }
  }
  return { key: readFileSync(keyPath), cert: readFileSync(certPath), certPath }
}
