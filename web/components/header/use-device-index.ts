'use client'

import { useCallback, useState } from 'react'
import type { DeviceIndexEntry } from '@/lib/device-index'

const INDEX_URL = '/api/devices'
type State = { status: 'idle' | 'loading' | 'error' } | { status: 'ready'; devices: DeviceIndexEntry[] }

let shared: Promise<DeviceIndexEntry[]> | null = null

/** The device list for search, fetched once per page load on first use and shared by every search box. */
export function useDeviceIndex() {
  const [state, setState] = useState<State>({ status: 'idle' })
  const load = useCallback(() => {
    if (state.status === 'ready' || state.status === 'loading') return
    setState({ status: 'loading' })
    shared ??= fetch(INDEX_URL).then((response) => {
      if (!response.ok) throw new Error(`${INDEX_URL} answered ${response.status}`)
      return response.json() as Promise<DeviceIndexEntry[]>
    })
    shared.then(
      (devices) => setState({ status: 'ready', devices }),
      () => {
        shared = null
        setState({ status: 'error' })
      },
    )
  }, [state.status])
  return { state, load, devices: state.status === 'ready' ? state.devices : [] }
}
