import type { IncomingMessage } from 'node:http'
import type { BlockList } from 'node:net'

export declare const LOOPBACK: string
export declare function resolveClient(
  request: IncomingMessage,
  hops: number,
  trusted: BlockList,
): { address: string; proto: 'http' | 'https' }
export declare function readTrustedAddresses(value: string): { list: BlockList; entries: string[] }
