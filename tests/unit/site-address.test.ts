import { spawn } from 'node:child_process'
import path from 'node:path'
import { linkOrigin } from '@/mail/link-origin'

// Where links in e-mails point is a setting (SITE_URL) or, on a developer's machine, the loopback
// address the server listens on: never what a request's Host header says.
describe('linkOrigin', () => {
  it('is SITE_URL’s origin when it is set', () => {
    expect(linkOrigin({ SITE_URL: 'https://www.handback.example/some/path' })).toBe('https://www.handback.example')
  })

  it('is http://localhost and the port the server listens on without SITE_URL', () => {
    expect(linkOrigin({ PORT: '3300' })).toBe('http://localhost:3300')
    expect(linkOrigin({})).toBe('http://localhost:3000')
    expect(linkOrigin({ SITE_URL: '  ' })).toBe('http://localhost:3000')
  })

  it('refuses a SITE_URL that is not an address', () => {
    expect(() => linkOrigin({ SITE_URL: 'www.handback.example' })).toThrow(/SITE_URL/)
  })
})

/** Starts `npm start`'s script with these options and environment; answers how it ended and what it said. */
function startServer(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const server = spawn(process.execPath, [path.join('scripts', 'server.mjs'), ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    const collect = (chunk: Buffer) => {
      output += chunk.toString()
      // It started: the refusal this test wants did not happen.
      if (output.includes('Ready on')) server.kill('SIGKILL')
    }
    server.stdout.on('data', collect)
    server.stderr.on('data', collect)
    const timer = setTimeout(() => server.kill('SIGKILL'), 30_000)
    server.on('exit', (code) => {
      clearTimeout(timer)
      resolve({ code, output })
    })
  })
}

describe('npm start without SITE_URL', () => {
  it.each(['0.0.0.0', '::', '192.0.2.10', 'www.handback.example'])(
    'refuses to listen on %s, saying why, before it opens anything',
    async (hostname) => {
      const { code, output } = await startServer(['--port', '3391', '--hostname', hostname], { SITE_URL: '' })
      expect(output).toContain('SITE_URL must be set')
      expect(code).toBe(2)
    },
    40_000,
  )
})

describe('npm start on an address that is not this machine', () => {
  it.each(['https://www.handback.example', 'http://www.handback.example', 'http://192.0.2.10:3000'])(
    'refuses to check devices against the stand-in register at %s, saying why',
    async (site) => {
      const { code, output } = await startServer(['--port', '3392'], {
        SITE_URL: site,
        REGISTER_URL: '',
        ALLOW_STAND_INS: '',
      })
      expect(output).toContain('REGISTER_URL must be set')
      expect(output).toContain('ALLOW_STAND_INS=register')
      expect(code).toBe(2)
    },
    40_000,
  )

  it('refuses a stand-in named in REGISTER_URL too', async () => {
    const { code, output } = await startServer(['--port', '3392'], {
      SITE_URL: 'https://www.handback.example',
      REGISTER_URL: 'http://127.0.0.1:3990',
      ALLOW_STAND_INS: '',
    })
    expect(output).toContain('ALLOW_STAND_INS=register')
    expect(code).toBe(2)
  }, 40_000)
})

describe('npm start with the real register', () => {
  it.each(['http://register.example.com/api', 'http://192.0.2.10:8080'])(
    'refuses its plain http address %s, saying why',
    async (address) => {
      const { code, output } = await startServer(['--port', '3393'], {
        SITE_URL: 'https://www.handback.example',
        REGISTER_URL: address,
        REGISTER_API_KEY: 'k',
      })
      expect(output).toContain('REGISTER_URL must be an https:// address')
      expect(code).toBe(2)
    },
    40_000,
  )
})
