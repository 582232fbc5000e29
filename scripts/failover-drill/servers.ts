// The failover drill's machine: a PostgreSQL primary, its standby, pgbouncer and one instance of the
// site, on loopback ports from `base` and in a temp folder of their own (scripts/failover-drill.ts).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import * as fs from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Client } from 'pg'

const LOGS = ['primary.log', 'standby.log', 'pgbouncer.log', 'app.log', 'payments.log']

export function drillServers(root: string, base: number) {
  const pgBin = postgresBin()
  const ports = { app: base, primary: base + 1, standby: base + 2, bouncer: base + 3 }
  const dir = fs.mkdtempSync(path.join(tmpdir(), 'handback-drill-'))
  const data = { primary: path.join(dir, 'primary'), standby: path.join(dir, 'standby') }
  const logsDir = path.join(tmpdir(), `handback-drill-logs-${base}`)
  const asRoot = process.getuid?.() === 0
  const children: ChildProcess[] = []
  let cleaning: Promise<void> | null = null

  /** PostgreSQL and pgbouncer refuse to run as root: as the postgres user when this is root. */
  const asUser = (command: string, args: string[]): [string, string[]] =>
    asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args]

  function pg(command: string, args: string[]) {
    const result = spawnSync(...asUser(path.join(pgBin, command), args), { stdio: ['ignore', 'ignore', 'pipe'] })
    if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr}`)
  }

  function pgStart(folder: string, port: number, log: string) {
    pg('pg_ctl', ['-D', folder, '-l', path.join(dir, log), '-w', '-o', `-c port=${port}`, 'start'])
  }

  function pgStop(folder: string) {
    if (!fs.existsSync(path.join(folder, 'postmaster.pid'))) return
    spawnSync(...asUser(path.join(pgBin, 'pg_ctl'), ['-D', folder, '-m', 'immediate', '-w', 'stop']), {
      stdio: 'ignore',
    })
  }

  /** A folder the postgres user owns, in the drill's (which it must reach). */
  function ownedFolder(folder: string): string {
    fs.mkdirSync(folder, { recursive: true, mode: 0o700 })
    if (asRoot) {
      const [, , uid, gid] = fs
        .readFileSync('/etc/passwd', 'utf8')
        .split('\n')
        .find((line) => line.startsWith('postgres:'))!
        .split(':')
      for (const owned of [dir, folder]) fs.chownSync(owned, Number(uid), Number(gid))
      fs.chmodSync(dir, 0o755)
    }
    return folder
  }

  function writeBouncerIni(serverPort: number) {
    const settings: Record<string, string> = {
      listen_port: String(ports.bouncer),
      unix_socket_dir: dir,
      // Loopback only, in a folder removed at the end: the template's passwords are for production.
      auth_type: 'trust',
      auth_file: path.join(dir, 'userlist.txt'),
      admin_users: 'postgres',
      logfile: path.join(dir, 'pgbouncer.log'),
      pidfile: path.join(dir, 'pgbouncer.pid'),
    }
    const ini = fs
      .readFileSync(path.join(root, 'deploy', 'pgbouncer', 'pgbouncer.ini'), 'utf8')
      .split('\n')
      .map((line) => {
        if (line.startsWith('handback =')) return `handback = host=127.0.0.1 port=${serverPort} dbname=postgres`
        const key = /^(\w+) =/.exec(line)?.[1]
        return key && key in settings ? `${key} = ${settings[key]}` : line
      })
      .join('\n')
    fs.writeFileSync(path.join(dir, 'pgbouncer.ini'), ini)
  }

  const bouncerPid = () => Number(fs.readFileSync(path.join(dir, 'pgbouncer.pid'), 'utf8'))

  return {
    ports,
    /** The drill's temp folder: logs written here are kept at the end (LOGS). */
    folder: dir,

    /** initdb, then a primary whose commits wait for the standby named `standby` to have them on disk. */
    startPrimary(standby: string) {
      pg('initdb', ['-D', ownedFolder(data.primary), '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8'])
      appendConf(data.primary, 'postgresql.conf', {
        listen_addresses: '127.0.0.1',
        unix_socket_directories: dir,
        wal_level: 'replica',
        max_wal_senders: '5',
        synchronous_standby_names: standby,
        synchronous_commit: 'on',
      })
      pgStart(data.primary, ports.primary, 'primary.log')
    },

    /** pg_basebackup -R from the primary, started streaming under the name the primary waits for. */
    async startStandby(name: string) {
      const conninfo = `host=127.0.0.1 port=${ports.primary} user=postgres application_name=${name}`
      pg('pg_basebackup', ['-d', conninfo, '-D', ownedFolder(data.standby), '-R', '-X', 'stream'])
      appendConf(data.standby, 'postgresql.auto.conf', {
        primary_conninfo: conninfo,
        // Once promoted it has no standby of its own: waiting for one would stop every commit.
        synchronous_standby_names: '',
      })
      pgStart(data.standby, ports.standby, 'standby.log')
      await until('the standby to stream synchronously', async () => {
        const rows = await query(
          ports.primary,
          'select sync_state from pg_stat_replication where application_name = $1',
          [name],
        )
        return rows[0]?.sync_state === 'sync'
      })
    },

    /** pgbouncer from the deployment's template, with the drill's port, files and trust on loopback. */
    async startBouncer() {
      fs.writeFileSync(path.join(dir, 'userlist.txt'), '"postgres" ""\n')
      writeBouncerIni(ports.primary)
      // Debian installs it in /usr/sbin, which a user's PATH may not hold.
      const bouncer = fs.existsSync('/usr/sbin/pgbouncer') ? '/usr/sbin/pgbouncer' : 'pgbouncer'
      children.push(spawn(...asUser(bouncer, [path.join(dir, 'pgbouncer.ini')]), { stdio: 'ignore' }))
      await until('pgbouncer to start', async () => bouncerPid() > 0)
    },

    /** One `npm start` of the build, its DATABASE_URL on pgbouncer; resolves once it is ready. */
    /** One instance of the build on the drill's database, with `env` over the drill's own settings; answers its process. */
    async startApp(env: Record<string, string> = {}) {
      const child = spawn(process.execPath, [path.join(root, 'scripts', 'server.mjs'), '--port', String(ports.app)], {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...process.env,
          DATABASE_URL: `postgres://postgres@127.0.0.1:${ports.bouncer}/handback`,
          REDIS_URL: '',
          NEXT_PUBLIC_SANITY_PROJECT_ID: '',
          NEXT_TELEMETRY_DISABLED: '1',
          BETTER_AUTH_SECRET: randomBytes(32).toString('base64'),
          PAYOUT_ENCRYPTION_KEY: randomBytes(32).toString('base64url'),
          MAIL_OUTBOX_DIR: path.join(dir, 'outbox'),
          // Each seller comes from a loopback address of its own, straight to the instance.
          TRUSTED_PROXIES: '0',
          ...env,
        },
      })
      const log = fs.createWriteStream(path.join(dir, 'app.log'), { flags: 'a' })
      child.stdout!.pipe(log)
      child.stderr!.pipe(log)
      children.push(child)
      await until(
        'the site to be ready',
        async () => (await fetch(`http://127.0.0.1:${ports.app}/api/health/ready`)).ok,
        120,
      )
      return child
    },

    /** A crash: no checkpoint, no goodbye to the clients. */
    crashPrimary: () => pgStop(data.primary),

    promoteStandby: () => pg('pg_ctl', ['-D', data.standby, '-w', 'promote']),

    /** The [databases] line rewritten and re-read (SIGHUP, as RELOAD on the admin console does). */
    repointBouncerAtStandby() {
      writeBouncerIni(ports.standby)
      process.kill(bouncerPid(), 'SIGHUP')
    },

    /** A query straight to a server (not through pgbouncer). */
    query,

    /** The site, then pgbouncer, then both servers; the logs kept, the folder removed. Once. */
    cleanUp(): Promise<void> {
      cleaning ??= (async () => {
        for (const child of children.reverse()) {
          if (child.exitCode !== null || child.signalCode) continue
          const exited = new Promise((resolve) => child.once('exit', resolve))
          child.kill('SIGTERM')
          await Promise.race([exited, sleep(20_000)])
        }
        try {
          // runuser may not pass the signal on: pgbouncer itself, by its pid.
          process.kill(bouncerPid(), 'SIGTERM')
        } catch {
          // Never started, or already gone.
        }
        pgStop(data.standby)
        pgStop(data.primary)
        fs.rmSync(logsDir, { recursive: true, force: true })
        fs.mkdirSync(logsDir, { recursive: true })
        for (const name of LOGS.filter((log) => fs.existsSync(path.join(dir, log)))) {
          fs.copyFileSync(path.join(dir, name), path.join(logsDir, name))
        }
        fs.rmSync(dir, { recursive: true, force: true })
      })()
      return cleaning
    },
    logsDir,
  }
}

async function query(port: number, sql: string, params: unknown[] = []) {
  const client = new Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` })
  await client.connect()
  try {
    return (await client.query(sql, params)).rows
  } finally {
    await client.end()
  }
}

function appendConf(folder: string, file: string, settings: Record<string, string>) {
  const lines = Object.entries(settings).map(([key, value]) => `${key} = '${value.replaceAll("'", "''")}'`)
  fs.writeFileSync(path.join(folder, file), `\n# failover drill\n${lines.join('\n')}\n`, { flag: 'a' })
}

function postgresBin(): string {
  const base = '/usr/lib/postgresql'
  const bin = (fs.existsSync(base) ? fs.readdirSync(base) : [])
    .map((version) => path.join(base, version, 'bin'))
    .filter((candidate) => fs.existsSync(path.join(candidate, 'pg_basebackup')))
    .sort()
    .at(-1)
  if (!bin) throw new Error('PostgreSQL is not installed: apt-get install postgresql pgbouncer')
  return bin
}

export async function until(what: string, check: () => Promise<boolean>, timeoutSeconds = 30) {
  const deadline = Date.now() + timeoutSeconds * 1000
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return
    await sleep(250)
  }
  throw new Error(`Gave up waiting for ${what} after ${timeoutSeconds} s`)
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
