// The wire, byte for byte: every update each protocol version sends for the
// recorded scripts, per client kind. A change to these files is a change to
// what editors receive: make it on purpose, in its own commit, with a
// CHANGELOG line. `UPDATE_GOLDEN=1 npx vitest run test/golden` rewrites them.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { clients, record } from './record.js'
import { scripts } from './scenarios.js'

const folder = new URL('./wire/', import.meta.url)
const update = process.env.UPDATE_GOLDEN === '1'

describe('the wire each protocol version sends', () => {
  for (const script of scripts) {
    for (const client of Object.keys(clients) as (keyof typeof clients)[]) {
      it(`is unchanged for the ${script.name} script on a ${client} client`, () => {
        const file = new URL(`${script.name}.${client}.jsonl`, folder)
        const actual = record(script, client)
        if (update || !existsSync(file)) {
          mkdirSync(folder, { recursive: true })
          writeFileSync(file, actual)
        }
        const expected = readFileSync(file, 'utf8').split('\n')
        const lines = actual.split('\n')
        // The first line that differs, with its neighbours, reads better than a whole-file diff.
        const first = lines.findIndex((line, index) => line !== expected[index])
        if (first !== -1 || lines.length !== expected.length) {
          const at = first === -1 ? Math.min(lines.length, expected.length) : first
          expect(lines.slice(at, at + 3).join('\n'), `${file.pathname} line ${at + 1}`).toBe(expected.slice(at, at + 3).join('\n'))
        }
      })
    }
  }
})
