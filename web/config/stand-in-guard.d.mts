type Env = Readonly<Record<string, string | undefined>>

export declare const CHALLENGE_HEADER: 'x-stand-in-challenge'
export declare const PROOF_HEADER: 'x-stand-in-proof'
export declare function isLoopbackHost(hostname: string): boolean
export declare function siteIsLocal(env: Env): boolean
export declare function standInAllowed(env: Env, service: string): boolean
export declare function serviceAddress(
  env: Env,
  options: { service: string; urlSetting: string; example: string },
): { kind: 'service'; url: string } | { kind: 'stand-in'; url: string | undefined }
export declare function standInProof(key: string, challenge: string, body: string): string
export declare function provedByStandIn(
  key: string | undefined,
  challenge: string,
  body: string,
  proof: string | null | undefined,
): boolean
export declare function hasStandInKey(authorization: string | undefined, key: string | undefined): boolean
