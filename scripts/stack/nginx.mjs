// nginx's configuration for the stack: the site's own (deploy/nginx/handback.conf) filled in with
// the instances and the listening port, in the frame a packaged nginx gives, in a folder of its own.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/** Writes `conf`/nginx.conf and `conf`/handback.conf: nginx in front of `instancePorts` on 127.0.0.1:`port`. */
export function writeNginxConfig({ root, conf, port, instancePorts, microcache, proxyAddress, errorLog }) {
  mkdirSync(path.join(conf, 'temp'), { recursive: true })
  const site = readFileSync(path.join(root, 'deploy', 'nginx', 'handback.conf'), 'utf8')
    .replaceAll('{{INSTANCE_A}}', `127.0.0.1:${instancePorts[0]}`)
    .split('\n')
    .filter((line) => instancePorts[1] || !line.includes('{{INSTANCE_B}}'))
    .join('\n')
    .replaceAll('{{INSTANCE_B}}', `127.0.0.1:${instancePorts[1]}`)
    .replaceAll('{{LISTEN}}', `127.0.0.1:${port}`)
    .replaceAll('{{PROXY_ADDRESS}}', proxyAddress)
    .replace(
      'proxy_buffering off;',
      microcache ? `include ${path.join(root, 'deploy', 'nginx', 'microcache.conf')};` : '$&',
    )
  writeFileSync(path.join(conf, 'handback.conf'), site)
  // The frame a packaged nginx gives (/etc/nginx/nginx.conf), in a folder of the stack's own.
  writeFileSync(
    path.join(conf, 'nginx.conf'),
    [
      'worker_processes 1;',
      `pid ${path.join(conf, 'nginx.pid')};`,
      `error_log ${errorLog} warn;`,
      'events { worker_connections 1024; }',
      'http {',
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (kind) => `  ${kind}_temp_path ${path.join(conf, 'temp', kind)};`,
      ),
      ...(microcache
        ? [
            `  proxy_cache_path ${path.join(conf, 'cache')} levels=1:2 keys_zone=handback_micro:10m max_size=200m inactive=1m use_temp_path=off;`,
          ]
        : []),
      `  include ${path.join(conf, 'handback.conf')};`,
      '}',
    ].join('\n'),
  )
}
