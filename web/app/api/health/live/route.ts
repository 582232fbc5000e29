export const dynamic = 'force-dynamic'

/** For a balancer or an orchestrator: the process answers. Nothing is read, nothing is cached. */
export function GET() {
  return Response.json({ live: true }, { headers: { 'cache-control': 'no-store' } })
}
