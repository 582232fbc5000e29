import type { Route, ServerContext } from './context'
import { readBody, readJson, sendJson, type Exchange } from './exchange'

/**
 * Answers for the project and user API the Studio calls before it shows content. One local user
 * who administers the project; no features, schedules or user applications.
 */
const ADMINISTRATOR = [
  { filter: '_id in path("**")', permissions: ['read', 'create', 'history', 'update'] },
  { filter: '_id in path("drafts.**")', permissions: ['read', 'create', 'history', 'update'] },
]

// No `deployStudio`: with it the Studio uploads its schema descriptor (descriptors/claim), which
// only Sanity's hosted tooling reads.
const PROJECT_GRANTS = ['read', 'update', 'invite', 'manage'].map((name) => ({ name }))

const json =
  (body: (exchange: Exchange, context: ServerContext) => unknown) => (exchange: Exchange, context: ServerContext) =>
    sendJson(exchange.res, 200, body(exchange, context))

const currentUser = (context: ServerContext) => ({
  ...context.user,
  profileImage: null,
  provider: 'sanity',
  role: 'administrator',
  roles: [{ name: 'administrator', title: 'Administrator' }],
})

export const projectRoutes: Route[] = [
  { method: 'GET', pattern: /^\/users\/me$/, handle: json((_, context) => currentUser(context)) },
  { method: 'GET', pattern: /^\/auth\/id$/, handle: json((_, context) => ({ id: context.user.id })) },
  { method: 'GET', pattern: /^\/users\/me\/keyvalue\/([^/]+)$/, handle: json(readKeyValues) },
  { method: 'PUT', pattern: /^\/users\/me\/keyvalue$/, handle: writeKeyValues },
  { method: 'GET', pattern: /^\/users\/([^/]+)$/, handle: json(users) },
  { method: 'GET', pattern: /^\/projects\/([^/]+)$/, handle: json(project) },
  {
    method: 'GET',
    pattern: /^\/projects\/([^/]+)\/grants$/,
    handle: json(() => ({
      'sanity.project': [{ grants: PROJECT_GRANTS, config: {} }],
      'sanity.project.members': [{ grants: PROJECT_GRANTS, config: {} }],
      'sanity.project.datasets': [{ grants: PROJECT_GRANTS, config: {} }],
    })),
  },
  {
    method: 'GET',
    pattern: /^\/projects\/([^/]+)\/datasets$/,
    handle: json((_, context) => [{ name: context.datasetName, aclMode: 'public', tags: [] }]),
  },
  { method: 'GET', pattern: /^\/projects\/([^/]+)\/datasets\/([^/]+)\/acl$/, handle: json(() => ADMINISTRATOR) },
  { method: 'GET', pattern: /^\/projects\/([^/]+)\/user-applications$/, handle: json(() => []) },
  { method: 'GET', pattern: /^\/features$/, handle: json(() => []) },
  { method: 'GET', pattern: /^\/help$/, handle: json(() => ({})) },
  { method: 'GET', pattern: /^\/schedules\/([^/]+)\/([^/]+)$/, handle: json(() => ({ schedules: [] })) },
  // The Studio's usage telemetry: consent is answered "denied", so it sends none; a batch sent
  // anyway is accepted and dropped.
  { method: 'GET', pattern: /^\/intake\/telemetry-status$/, handle: json(() => ({ status: 'denied' })) },
  { method: 'POST', pattern: /^\/intake\/batch$/, handle: discard },
  {
    method: 'GET',
    pattern: /^\/ping$/,
    handle: ({ res }) => (res.writeHead(200, { 'content-type': 'text/plain' }), res.end('PONG')),
  },
]

async function discard({ req, res }: Exchange) {
  await readBody(req)
  sendJson(res, 200, {})
}

function project(exchange: Exchange, context: ServerContext) {
  return {
    id: exchange.params[0],
    displayName: 'Local content (seed dataset)',
    studioHost: null,
    isBlocked: false,
    isDisabled: false,
    isDisabledByUser: false,
    metadata: {},
    organizationId: null,
    organization: null,
    features: [],
    members: [
      {
        id: context.user.id,
        role: 'administrator',
        roles: [{ name: 'administrator', title: 'Administrator' }],
        isCurrentUser: true,
        isRobot: false,
      },
    ],
    pendingInvites: 0,
    createdAt: '2026-01-01T00:00:00Z',
  }
}

function users(exchange: Exchange, context: ServerContext) {
  const ids = decodeURIComponent(exchange.params[0] ?? '').split(',')
  const found = ids.map((id) => (id === context.user.id || id === 'me' ? currentUser(context) : null))
  return ids.length === 1 ? found[0] : found
}

function readKeyValues(exchange: Exchange, context: ServerContext) {
  return decodeURIComponent(exchange.params[0] ?? '')
    .split(',')
    .map((key) => ({ key, value: context.keyValues.get(key) ?? null }))
}

async function writeKeyValues(exchange: Exchange, context: ServerContext) {
  const pairs = await readJson<Array<{ key: string; value: unknown }>>(exchange.req)
  for (const { key, value } of pairs) context.keyValues.set(key, value)
  sendJson(exchange.res, 200, pairs)
}
