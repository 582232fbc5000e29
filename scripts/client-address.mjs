// Who the client is: the rule scripts/server.mjs applies to every request before Next sees it,
// apart from the server so that a unit test can hold it to its word.

/** The client's address and scheme, from the socket and as many proxy hops as are trusted. */
export function resolveClient(request, hops) {
  const socketAddress = normalise(request.socket.remoteAddress ?? 'unknown')
  const socketProto = request.socket.encrypted ? 'https' : 'http'
  if (hops === 0) return { address: socketAddress, proto: socketProto }
  // The chain as seen from here: what the proxies wrote, then the nearest proxy itself.
  const chain = [...listOf(request.headers['x-forwarded-for']), socketAddress]
  const address = chain[Math.max(0, chain.length - 1 - hops)]
  const proto = listOf(request.headers['x-forwarded-proto']).at(-1)?.toLowerCase() === 'https' ? 'https' : 'http'
  return { address: normalise(address), proto }
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
