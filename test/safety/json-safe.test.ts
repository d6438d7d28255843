import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isJsonSafe, isJsonShape, jsonSafeCopy, UPDATE_LIMITS } from '../../src/safety/json-safe.js'

// A value nested `depth` levels deep: what 8 KB of model-written JSON can hold.
function nested(depth: number): unknown {
  let value: unknown = 'bottom'
  for (let level = 0; level < depth; level++) value = { a: value }
  return value
}

const small = { maxDepth: 4, maxStringLength: 10, maxTotalLength: 100 }

describe('plain JSON is recognised and kept as it is', () => {
  it('accepts null, booleans, finite numbers, well-formed strings, arrays and plain objects', () => {
    const value = { a: [1, -2.5, true, null, 'é😀'], b: { c: Object.create(null) } }
    expect(isJsonSafe(value)).toBe(true)
  })

  it('accepts an undefined property, which JSON leaves out as a replayed log does', () => {
    expect(isJsonSafe({ a: undefined, b: 1 })).toBe(true)
  })

  it('accepts a value every fast-check JSON generator makes', () => {
    fc.assert(fc.property(fc.jsonValue({ maxDepth: 4 }), (value) => Object.is(value, -0) || isJsonSafe(value)))
  })

  it('rejects what JSON would change or cannot carry', () => {
    const cyclic: Record<string, unknown> = {}
    cyclic.self = cyclic
    for (const value of [
      NaN,
      Infinity,
      10n,
      Symbol('s'),
      () => 1,
      undefined,
      [undefined],
      // biome-ignore lint: a sparse array on purpose
      [1, , 3],
      new Date(0),
      new Map(),
      '\ud83d',
      { 'k\udc00': 1 },
      [{ ok: { 'deep \ud83d': null } }],
      cyclic,
      nested(100),
    ]) {
      expect(isJsonSafe(value)).toBe(false)
    }
  })

  it('rejects a value past the limits', () => {
    expect(isJsonSafe('x'.repeat(11), small)).toBe(false)
    expect(isJsonSafe(nested(5), small)).toBe(false)
    expect(
      isJsonSafe(
        Array.from({ length: 60 }, () => 'ab'),
        small,
      ),
    ).toBe(false)
  })

  it('never throws: a throwing getter or a revoked Proxy is not plain JSON', () => {
    const { proxy, revoke } = Proxy.revocable({}, {})
    revoke()
    const getter = {
      get boom() {
        throw new Error('no')
      },
    }
    expect(isJsonSafe(proxy)).toBe(false)
    expect(isJsonSafe(getter)).toBe(false)
    expect(
      isJsonSafe(
        new Proxy(
          {},
          {
            ownKeys: () => {
              throw new Error('trap')
            },
          },
        ),
      ),
    ).toBe(false)
  })

  it('walks 10^5 nesting levels without overflowing the stack', () => {
    expect(isJsonSafe(nested(100_000))).toBe(false)
    expect(isJsonSafe(JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`))).toBe(false)
  })
})

describe('a copy keeps what JSON keeps and marks what it cannot carry', () => {
  it('follows JSON: toJSON is called, functions and symbols left out, NaN and Infinity null', () => {
    const { value, problems } = jsonSafeCopy(
      { d: new Date(0), f: () => 1, s: Symbol('x'), n: NaN, i: -Infinity, a: [undefined, () => 1] },
      'args',
    )
    expect(value).toStrictEqual({ d: '1970-01-01T00:00:00.000Z', n: null, i: null, a: [null, null] })
    expect(problems).toStrictEqual([])
  })

  it('marks a circular reference but copies an object shared by two branches', () => {
    const shared = { x: 1 }
    const cyclic: Record<string, unknown> = { shared, again: shared }
    cyclic.self = cyclic
    const { value, problems } = jsonSafeCopy(cyclic, 'args')
    expect(value).toStrictEqual({ shared: { x: 1 }, again: { x: 1 }, self: '[circular reference]' })
    expect(problems).toStrictEqual(['args.self: circular reference'])
  })

  it('marks a BigInt, a getter that throws, a toJSON that throws and a revoked Proxy', () => {
    const { proxy, revoke } = Proxy.revocable({}, {})
    revoke()
    const value = {
      big: 12345678901234567890n,
      get boom() {
        throw new Error('getter broke')
      },
      json: {
        toJSON: () => {
          throw new Error('toJSON broke')
        },
      },
      proxy,
    }
    const copy = jsonSafeCopy(value, 'args')
    expect(copy.value).toStrictEqual({
      big: '[BigInt 12345678901234567890]',
      boom: '[threw: getter broke]',
      json: '[threw: toJSON broke]',
      proxy: expect.stringMatching(/^\[threw: /),
    })
    expect(copy.problems).toHaveLength(4)
  })

  it('cuts at the depth limit with a marker', () => {
    const { value, problems } = jsonSafeCopy(nested(100_000), 'args')
    expect(JSON.stringify(value).length).toBeLessThan(1000)
    expect(JSON.stringify(value)).toContain(`[cut at depth ${UPDATE_LIMITS.maxDepth}]`)
    expect(problems).toHaveLength(1)
  })

  it('keeps exactly maxDepth levels: the marker stands at that depth, and the copy is plain JSON', () => {
    const { value } = jsonSafeCopy(nested(1000), 'args')
    let depth = 0
    let at: unknown = value
    while (typeof at === 'object' && at !== null) {
      at = (at as { a: unknown }).a
      depth++
    }
    expect(depth).toBe(UPDATE_LIMITS.maxDepth)
    expect(at).toBe(`[cut at depth ${UPDATE_LIMITS.maxDepth}]`)
    expect(isJsonSafe(value)).toBe(true)
  })

  it('replaces a lone surrogate with U+FFFD, in values and in keys', () => {
    const { value } = jsonSafeCopy({ 'k\udc00': 'half \ud83d emoji' }, 'args')
    expect(value).toStrictEqual({ 'k\ufffd': 'half \ufffd emoji' })
  })

  it('reports a lone surrogate in a key, as it reports one in a value', () => {
    const { value, problems } = jsonSafeCopy({ a: { 'k\ud800': 1 } }, 'args')
    expect(value).toStrictEqual({ a: { 'k\ufffd': 1 } })
    expect(problems).toStrictEqual(['args.a.k\ufffd: lone surrogate in a key replaced by U+FFFD'])
  })

  it('cuts a long string to its head and tail, and stops past the total', () => {
    const { value, problems } = jsonSafeCopy({ text: 'x'.repeat(1000), more: ['a'.repeat(50), 'b'] }, 'args', {
      maxDepth: 8,
      maxStringLength: 200,
      maxTotalLength: 205,
    })
    const text = (value as { text: string }).text
    expect(text.length).toBeLessThanOrEqual(200)
    expect(text).toContain('characters left out')
    expect(JSON.stringify(value).length).toBeLessThan(300)
    expect(problems[0]).toMatch(/^args\.text: cut to 200 of 1000 characters$/)
    expect(problems[1]).toMatch(/^args\.more\[0\]: cut to \d+ of 50 characters$/)
  })

  it('names at most a few problems, then says there are more', () => {
    const { problems } = jsonSafeCopy(
      Array.from({ length: 50 }, (_, index) => BigInt(index)),
      'args',
    )
    expect(problems).toHaveLength(9)
    expect(problems[8]).toBe('… and more')
  })

  it('keeps a key named __proto__ as an own field, as JSON.parse does, not as the prototype', () => {
    const value = JSON.parse('{"__proto__": [1], "n": 1}') as Record<string, unknown>
    value.big = 1n
    const { value: copy } = jsonSafeCopy(value, 'args')
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype)
    expect(isJsonSafe(copy)).toBe(true)
    expect(JSON.stringify(copy)).toBe('{"__proto__":[1],"n":1,"big":"[BigInt 1]"}')
  })

  it('always gives a value that serialises and is then plain JSON, for anything', () => {
    const hostile = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        fc.jsonValue({ maxDepth: 2 }),
        fc.bigInt(),
        fc.constantFrom(NaN, Infinity, -Infinity, undefined, Symbol('s'), () => 1, new Date(0), new Map([[1, 2]]), '\ud83d', 'a\udc00b'),
        fc.array(tie('value'), { maxLength: 3 }),
        fc.dictionary(fc.string(), tie('value'), { maxKeys: 3 }),
      ),
    })).value
    fc.assert(
      fc.property(hostile, fc.boolean(), (value, cycle) => {
        let input = value
        if (cycle && input && typeof input === 'object') {
          input = { inner: input }
          ;(input as Record<string, unknown>).loop = input
        }
        const { value: copy } = jsonSafeCopy(input, 'args')
        const text = JSON.stringify(copy)
        if (copy !== undefined) expect(isJsonSafe(copy)).toBe(true)
        if (text !== undefined) expect(text.isWellFormed()).toBe(true)
      }),
      { numRuns: 2000 },
    )
  })
})

describe('the walk', () => {
  it('rejects a key holding a lone surrogate, whose value is well formed', () => {
    expect(isJsonSafe({ 'k\udfff': 'v' })).toBe(false)
    expect(isJsonSafe({ 'k\ud83d\ude00': 'v' })).toBe(true)
  })

  it('counts a value 1, a string its length more, a key its length, against the total', () => {
    // {"ab":["xyz",1,null]}: 1 + 2 + 1 + (1 + 3) + 1 + 1 = 10.
    expect(isJsonSafe({ ab: ['xyz', 1, null] }, { ...small, maxTotalLength: 10 })).toBe(true)
    expect(isJsonSafe({ ab: ['xyz', 1, null] }, { ...small, maxTotalLength: 9 })).toBe(false)
  })
})

describe('the shape of a value, its strings not scanned', () => {
  it('accepts a lone surrogate, and rejects everything else isJsonSafe rejects', () => {
    const cyclic: Record<string, unknown> = {}
    cyclic.self = cyclic
    expect(isJsonShape({ a: ['lone \ud83d'] })).toBe(true)
    // biome-ignore lint: a sparse array on purpose
    for (const value of [NaN, 10n, () => 1, undefined, [undefined], [1, , 3], new Date(0), cyclic, nested(100)]) {
      expect(isJsonShape(value)).toBe(false)
    }
    expect(isJsonShape('x'.repeat(11), small)).toBe(false)
  })

  it('leaves a check that a getter runs during the walk to scan its strings', () => {
    let inner: boolean | undefined
    const value = {
      get a() {
        inner = isJsonSafe('lone \ud83d')
        return 1
      },
    }
    expect(isJsonShape(value)).toBe(true)
    expect(inner).toBe(false)
  })

  it("gives isJsonSafe's answer for a value whose strings are well formed, and scans strings again afterwards", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 3 }), (value) => {
        if (Object.is(value, -0)) return
        expect(isJsonShape(value)).toBe(isJsonSafe(value))
      }),
    )
    expect(isJsonShape('\ud83d')).toBe(true)
    expect(isJsonSafe('\ud83d')).toBe(false)
  })
})
