import type { IncomingMessage } from 'node:http'
import { BlockList } from 'node:net'
import { LOOPBACK, readTrustedAddresses, resolveClient } from '../../scripts/client-address.mjs'

/** A request as `npm start`'s server receives it: the socket's own address, and what the headers say. */
function request(remoteAddress: string, headers: Record<string, string> = {}, encrypted = false) {
  return { socket: { remoteAddress, encrypted }, headers } as unknown as IncomingMessage
}

/** nginx on 127.0.0.2 (as `npm run stack` binds it) and a load balancer's private range. */
function trusting(...entries: Array<[string, number?]>) {
  const list = new BlockList()
  for (const [address, prefix] of entries) {
    const type = address.includes(':') ? 'ipv6' : 'ipv4'
    if (prefix === undefined) list.addAddress(address, type)
    else list.addSubnet(address, prefix, type)
  }
  return list
}
const nginx = trusting(['127.0.0.2'])
const nginxAndBalancer = trusting(['127.0.0.2'], ['10.0.0.0', 8])

describe('the client a request comes from', () => {
  it('is a connection from an address no one trusts, whatever X-Forwarded-For and -Proto it sends', () => {
    const direct = request('127.0.0.1', { 'x-forwarded-for': '203.0.113.7', 'x-forwarded-proto': 'https' })
    expect(resolveClient(direct, 1, nginx)).toEqual({ address: '127.0.0.1', proto: 'http' })
    expect(resolveClient(request('198.51.100.4', { 'x-forwarded-for': '203.0.113.7' }), 2, nginxAndBalancer)).toEqual({
      address: '198.51.100.4',
      proto: 'http',
    })
  })

  it('is the entry the trusted nginx appended, not the ones the client wrote to its left', () => {
    const throughNginx = request('127.0.0.2', {
      'x-forwarded-for': '203.0.113.7, 198.51.100.23',
      'x-forwarded-proto': 'https',
    })
    expect(resolveClient(throughNginx, 1, nginx)).toEqual({ address: '198.51.100.23', proto: 'https' })
  })

  it('walks back N hops only while each writer is trusted: a balancer outside the list is the client', () => {
    // Balancer 10.1.2.3 appended the client; nginx appended the balancer.
    const viaBalancer = request('127.0.0.2', { 'x-forwarded-for': '203.0.113.7, 198.51.100.23, 10.1.2.3' })
    expect(resolveClient(viaBalancer, 2, nginxAndBalancer).address).toBe('198.51.100.23')
    // The same chain with only nginx trusted: what the unknown 10.1.2.3 says is not believed.
    expect(resolveClient(viaBalancer, 2, nginx).address).toBe('10.1.2.3')
    // One hop trusted: never further than nginx's own entry, however many addresses are trusted.
    expect(resolveClient(viaBalancer, 1, nginxAndBalancer).address).toBe('10.1.2.3')
  })

  it('is the trusted proxy itself when it wrote no header, and never an address from nowhere', () => {
    expect(resolveClient(request('127.0.0.2'), 2, nginx).address).toBe('127.0.0.2')
    expect(
      resolveClient(request('127.0.0.2', { 'x-forwarded-for': '198.51.100.23' }), 3, nginxAndBalancer).address,
    ).toBe('198.51.100.23')
  })

  it('with no proxies trusted, is the connection even from a trusted address', () => {
    const throughNginx = request('127.0.0.2', { 'x-forwarded-for': '198.51.100.23', 'x-forwarded-proto': 'https' })
    expect(resolveClient(throughNginx, 0, nginx)).toEqual({ address: '127.0.0.2', proto: 'http' })
  })

  it('reads IPv4 written as IPv6, and IPv6 proxies and clients', () => {
    const mapped = request('::ffff:127.0.0.2', { 'x-forwarded-for': '::ffff:198.51.100.23' })
    expect(resolveClient(mapped, 1, nginx).address).toBe('198.51.100.23')
    const v6 = request('fd00::5', { 'x-forwarded-for': '2001:db8::1' })
    expect(resolveClient(v6, 1, trusting(['fd00::', 64])).address).toBe('2001:db8::1')
    expect(resolveClient(v6, 1, nginx).address).toBe('fd00::5')
  })
})

describe('TRUSTED_PROXY_ADDRESSES', () => {
  it('takes addresses and CIDR ranges, IPv4 and IPv6, comma-separated', () => {
    const { list, entries } = readTrustedAddresses(' 127.0.0.2, 10.0.0.0/8 ,fd00::/64,::1')
    expect(entries).toEqual(['127.0.0.2', '10.0.0.0/8', 'fd00::/64', '::1'])
    expect(list.check('10.200.0.1', 'ipv4')).toBe(true)
    expect(list.check('fd00::abcd', 'ipv6')).toBe(true)
    expect(list.check('127.0.0.1', 'ipv4')).toBe(false)
  })

  it('is loopback by default', () => {
    const { list } = readTrustedAddresses(LOOPBACK)
    expect([list.check('127.0.0.1', 'ipv4'), list.check('127.9.9.9', 'ipv4'), list.check('::1', 'ipv6')]).toEqual([
      true,
      true,
      true,
    ])
    expect(list.check('10.0.0.1', 'ipv4')).toBe(false)
  })

  it.each(['', 'nginx', '10.0.0.0/33', 'fd00::/129', '10.0.0.0/8/8', '10.0.0.0/', '300.1.1.1', '10.0.0.0/-1'])(
    'refuses %j, naming it',
    (value) => {
      expect(() => readTrustedAddresses(value)).toThrow(value.trim() ? value : /no address/)
    },
  )
})
