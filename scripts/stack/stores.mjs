// The stack's stores, each in STACK_DIR: a throwaway PostgreSQL cluster (as the postgres user when
// run as root) and Redis's configuration, with its password. scripts/stack.mjs starts and stops them.
import { spawnSync } from 'node:child_process'
import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/**
 * A cluster in `dir`/postgres on 127.0.0.1:`pgPort`, made (initdb) when there is none: the command
 * that serves it, the one that stops it, and its URL.
 */
export function postgresCluster(dir, pgPort) {
  const bin = ['/usr/lib/postgresql']
    .filter(existsSync)
    .flatMap((base) => readdirSync(base).map((version) => path.join(base, version, 'bin')))
    .filter((candidate) => existsSync(path.join(candidate, 'initdb')))
    .sort()
    .at(-1)
  if (!bin) throw new Error('PostgreSQL is not installed: apt-get install postgresql (or set DATABASE_URL)')
  const data = path.join(dir, 'postgres')
  const asRoot = process.getuid?.() === 0
  // The postgres user must reach its folder through the stack's (a temp folder is made 0700).
  if (asRoot) chmodSync(dir, 0o755)
  const as = (command, args) => (asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args])
  if (!existsSync(path.join(data, 'PG_VERSION'))) {
    mkdirSync(data, { recursive: true })
    if (asRoot) chownSync(data, ...postgresIds())
    check(
      ...as(path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8']),
      {
        stdio: 'ignore',
      },
    )
  }
  return {
    serve: as(path.join(bin, 'postgres'), [
      '-D',
      data,
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `port=${pgPort}`,
      '-c',
      `unix_socket_directories=${data}`,
    ]),
    // A fast shutdown by pg_ctl: a signal to runuser would not reach the server.
    stop: () => spawnSync(...as(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', 'stop']), { stdio: 'ignore' }),
    url: `postgres://postgres@127.0.0.1:${pgPort}/postgres`,
  }
}

function check(command, args, options = {}) {
  const result = spawnSync(command, args, options)
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`)
}

function postgresIds() {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('postgres:'))
  const [, , uid, gid] = line.split(':')
  return [Number(uid), Number(gid)]
}

/** Redis's configuration in `dir`, listening on 127.0.0.1:`redisPort`: the file, and the URL to reach it. */
export function redisConfig(dir, redisPort, password) {
  // Nothing written to disk: the cache is a cache, rebuilt from the content on a miss. A password,
  // as in production: any process on the machine can reach a loopback port, and what Redis holds
  // decides the pages every visitor is served. It is in a file of mode 0600 rather than on the
  // command line, which every user can read (ps).
  const conf = path.join(dir, 'redis.conf')
  writeFileSync(
    conf,
    [`port ${redisPort}`, 'bind 127.0.0.1', 'save ""', 'appendonly no', `requirepass ${password}`].join('\n') + '\n',
    { mode: 0o600 },
  )
  return { conf, url: `redis://:${password}@127.0.0.1:${redisPort}` }
}
