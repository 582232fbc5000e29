import { readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { FAILING_DEVICES } from '../../register-api/known-devices'
import { STACK_DIR, STACK_PORT, stackProcesses } from './stack-env'

test('one stolen-device register stand-in runs beside the two instances, on the port after Redis', async () => {
  const { registerUrl } = JSON.parse(readFileSync(path.join(STACK_DIR, 'stack.json'), 'utf8')) as {
    registerUrl: string
  }
  expect(registerUrl).toBe(`http://127.0.0.1:${STACK_PORT + 5}`)
  expect(stackProcesses().register).toEqual(expect.any(Number))
  const [stolen] = Object.keys(FAILING_DEVICES)
  const answer = await fetch(`${registerUrl}/duediligence/${stolen}`, { method: 'POST' })
  expect(answer.status).toBe(200)
  expect(await answer.json()).toMatchObject({ result: 'red', certid: expect.stringMatching(/^SR\d{10}$/) })
  // Both instances were started with it (the stack's log of what it gave them is its own env).
  const logs = ['instance-a', 'instance-b'].map((name) =>
    readFileSync(path.join(STACK_DIR, 'logs', `${name}.log`), 'utf8'),
  )
  for (const log of logs) expect(log).not.toContain('the local stand-in (set REGISTER_URL')
})
