// Who the client is: the rule scripts/server.mjs applies to every request before Next sees it,
// apart from the server so that a unit test can hold it to its word.
//
// Each proxy in front appends the address it was reached from to X-Forwarded-For (nginx:
// $proxy_add_x_forwarded_for), so the header reads, left to right, whatever the client wrote, then
// one entry per proxy. Only the entries on the right are the proxies' own; anything to their left
// is the client's to choose. So the walk starts at the connection and goes left one entry per hop,
// and only while the address that wrote the entry is a trusted proxy (TRUSTED_PROXY_ADDRESSES), and
// for at most TRUSTED_PROXIES hops. A connection from anywhere else is its own client, whatever its
// headers say: reaching an instance's port directly never lets a client choose its address.
import { BlockList, isIP } from 'node:net'

/** Who may speak for a client when TRUSTED_PROXIES is set and TRUSTED_PROXY_ADDRESSES is not. */
export const LOOPBACK = '127.0.0.0/8, ::1'

/**
 * The client's address and scheme: the connection's own, unless it comes from a trusted proxy;
 * then as far back along X-Forwarded-For as `hops` trusted proxies reach, and the nearest proxy's
 * X-Forwarded-Proto.
 */
export function resolveClient(request, hops, trusted) {
  const socketAddress = normalise(request.socket.remoteAddress ?? 'unknown')
  const socketProto = request.socket.encrypted ? 'https' : 'http'
  if (hops === 0 || !isTrusted(trusted, socketAddress)) return { address: socketAddress, proto: socketProto }
  const forwarded = listOf(request.headers['x-forwarded-for'])
  let address = socketAddress
  // `address` wrote the entry at the end of what is left: believed only if it is a trusted proxy.
  for (let hop = 0; hop < hops && isTrusted(trusted, address); hop++) {
    const written = forwarded.pop()
    if (written === undefined) break
    address = normalise(written)
  }
  const proto = listOf(request.headers['x-forwarded-proto']).at(-1)?.toLowerCase() === 'https' ? 'https' : 'http'
  return { address, proto }
}

/**
 * TRUSTED_PROXY_ADDRESSES: addresses and CIDR ranges, IPv4 or IPv6, comma-separated. Throws,
 * naming the entry, on anything else.
 */
export function readTrustedAddresses(value) {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  if (!entries.length) throw new Error('no address given')
  const list = new BlockList()
  for (const entry of entries) {
    const [address = '', prefix, ...rest] = entry.split('/')
    const family = isIP(address)
    const bits = family === 4 ? 32 : 128
    if (!family || rest.length || (prefix !== undefined && !(/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits)))
      throw new Error(`"${entry}" is not an IPv4 or IPv6 address, or one with a /prefix`)
    const type = family === 4 ? 'ipv4' : 'ipv6'
    if (prefix === undefined) list.addAddress(address, type)
    else list.addSubnet(address, Number(prefix), type)
  }
  return { list, entries }
}

function isTrusted(list, address) {
  const family = isIP(address)
  if (!family) return false
  try {
    return list.check(address, family === 4 ? 'ipv4' : 'ipv6')
  } catch {
    // An address BlockList cannot read (an IPv6 zone, say) is no proxy of ours.
    return false
  }
}

function listOf(header) {
  const joined = Array.isArray(header) ? header.join(',') : (header ?? '')
  return joined
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
}

function normalise(address) {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)
  return mapped ? mapped[1] : address
}
