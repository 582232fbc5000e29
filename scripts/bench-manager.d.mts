export const BENCH_MANAGER_EMAIL: string
export function benchManagerFile(): string
