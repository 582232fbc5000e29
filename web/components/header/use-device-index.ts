'use client'

import { useCallback, useState } from 'react'
import type { DeviceIndexEntry } from '@/content/device-index'

const INDEX_URL = '/api/devices'
type State = { status: 'idle' | 'loading' | 'error' } | { status: 'ready'; devices: DeviceIndexEntry[] }

let shared: Promise<DeviceIndexEntry[]> | null = null

/** Starts fetching the device list (once per page load) without waiting for it. */
export function preloadDeviceIndex(): Promise<DeviceIndexEntry[]> {
  shared ??= fetch(INDEX_URL).then((response) => {
    if (!response.ok) throw new Error(`${INDEX_URL} answered ${response.status}`)
    return response.json() as Promise<DeviceIndexEntry[]>
  })
  shared.catch(() => {
    shared = null
  })
  return shared
}

/**
 * The device list for the search boxes and the mega-menus, fetched once per page load on first
 * use and shared by every one of them, so no page carries the catalogue in its HTML.
 */
export function useDeviceIndex() {
  const [state, setState] = useState<State>({ status: 'idle' })
  const load = useCallback(() => {
    if (state.status === 'ready' || state.status === 'loading') return
    setState({ status: 'loading' })
    preloadDeviceIndex().then(
      (devices) => setState({ status: 'ready', devices }),
      () => setState({ status: 'error' }),
    )
  }, [state.status])
  return { state, load, devices: state.status === 'ready' ? state.devices : [] }
}
