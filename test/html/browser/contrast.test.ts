// In Chromium, under the session page's own policy: the stylesheet applies by
// its hash while an injected style does not, and no terminal colour pair
// (every foreground, background and reverse video) draws text below 3:1 in
// either theme, as computed from the colours Chromium resolves.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { renderSessionHtml } from 'tool-render-intent/html'
import type { ToolCallRecord } from 'tool-render-intent/reader'
import { launchChromium } from './chromium.js'

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

async function open(html: string, run: (tab: Page) => Promise<void>) {
  const context = await browser.newContext({ javaScriptEnabled: false })
  try {
    const tab = await context.newPage()
    await tab.setContent(html, { waitUntil: 'load' })
    await run(tab)
  } finally {
    await context.close()
  }
}

describe('the page applies its own stylesheet and no other style', () => {
  it('applies the stylesheet allowed by its hash and ignores an injected <style> and style= attribute', async () => {
    const page = renderSessionHtml([{ toolCallId: 'a', call: { card: 'terminal', title: 'ls' } }], { theme: 'light' }).replace(
      '<main>',
      '<main><style>.tri-card{display:none}</style><p id="injected" style="display:none">x</p>',
    )
    await open(page, async (tab) => {
      expect(await tab.evaluate<string>('getComputedStyle(document.body).backgroundColor')).toBe('rgb(255, 255, 255)')
      expect(await tab.evaluate<string>(`getComputedStyle(document.querySelector('.tri-card')).borderTopLeftRadius`)).toBe('6px')
      expect(await tab.evaluate<string>(`getComputedStyle(document.querySelector('.tri-card')).display`)).toBe('block')
      expect(await tab.evaluate<string>(`getComputedStyle(document.getElementById('injected')).display`)).toBe('block')
    })
  })
})

// Every SGR colour choice: no foreground or one of 16, no background or one of 16, with and without reverse video, with and without dim.
const FOREGROUNDS = ['', ...Array.from({ length: 8 }, (_, n) => `${30 + n}`), ...Array.from({ length: 8 }, (_, n) => `${90 + n}`)]
const BACKGROUNDS = ['', ...Array.from({ length: 8 }, (_, n) => `${40 + n}`), ...Array.from({ length: 8 }, (_, n) => `${100 + n}`)]
const combinations: string[] = []
for (const foreground of FOREGROUNDS)
  for (const background of BACKGROUNDS)
    for (const inverse of ['', '7'])
      for (const dim of ['', '2']) combinations.push(['0', dim, foreground, background, inverse].filter((code) => code !== '').join(';'))

const record: ToolCallRecord = {
  toolCallId: 'colours',
  call: { card: 'terminal', title: 'colours' },
  result: { card: 'terminal', output: combinations.map((codes) => `\u001b[${codes}m${codes}\u001b[0m\n`).join(''), exitCode: 0 },
}

// Page code as a string (this project's types have no DOM): each span's text,
// its colour, the first background that is not transparent from it up, and
// its opacity (dim), which blends the text and its own background into what
// is below it.
const COLOURS = `[...document.querySelectorAll('.tri-output span')].map((span) => {
  let background = 'rgba(0, 0, 0, 0)'
  for (let at = span; at && /rgba\\(0, 0, 0, 0\\)|transparent/.test(background); at = at.parentElement) background = getComputedStyle(at).backgroundColor
  let under = 'rgba(0, 0, 0, 0)'
  for (let at = span.parentElement; at && /rgba\\(0, 0, 0, 0\\)|transparent/.test(under); at = at.parentElement) under = getComputedStyle(at).backgroundColor
  return [span.textContent, getComputedStyle(span).color, background, under, Number(getComputedStyle(span).opacity)]
})`

const channels = (colour: string) => {
  const match = /^rgba?\((\d+), (\d+), (\d+)(?:, ([\d.]+))?\)$/.exec(colour)
  if (match === null || (match[4] !== undefined && Number(match[4]) !== 1)) throw new Error(`not an opaque colour: ${colour}`)
  return [Number(match[1]), Number(match[2]), Number(match[3])]
}
// `over` drawn at `alpha` over `under`, as a compositor blends an element with opacity.
const blend = (over: string, under: string, alpha: number) => {
  const [a, b] = [channels(over), channels(under)]
  return `rgb(${a.map((value, index) => Math.round(value * alpha + b[index] * (1 - alpha))).join(', ')})`
}
const luminance = (colour: string) => {
  const [r, g, b] = channels(colour).map((value) => {
    const channel = value / 255
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}
const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (light + 0.05) / (dark + 0.05)
}

describe('terminal colours never hide text', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`draws every foreground, background, reverse-video and dim pair at 3:1 or more in the ${theme} theme`, async () => {
      await open(renderSessionHtml([record], { theme }), async (tab) => {
        const spans = await tab.evaluate<[string, string, string, string, number][]>(COLOURS)
        // Every combination but the plain one (no colour, no reverse video, no dim) is a span.
        expect(spans.map(([text]) => text)).toStrictEqual(combinations.filter((codes) => codes !== '0'))
        // Dim is drawn with opacity on the card's own colours only (a colour pair may sit at 3:1 already).
        expect(spans.filter(([, , , , opacity]) => opacity < 1).map(([text]) => text)).toStrictEqual(['0;2'])
        // What is seen of a dim span: its text and background blended over what is under them.
        const below = spans
          .map(([text, colour, background, under, opacity]) => {
            const seen =
              opacity < 1 ? contrast(blend(colour, under, opacity), blend(background, under, opacity)) : contrast(colour, background)
            return [text, Math.round(seen * 100) / 100] as const
          })
          .filter(([, ratio]) => ratio < 3)
        expect(below).toStrictEqual([])
      })
    })
  }

  it('swaps the colours under reverse video whatever the foreground', async () => {
    const swapped: ToolCallRecord = {
      toolCallId: 'swap',
      call: { card: 'terminal', title: 'swap' },
      result: { card: 'terminal', output: '\u001b[7;31mred\u001b[0m \u001b[7mplain\u001b[0m\n' },
    }
    await open(renderSessionHtml([swapped], { theme: 'light' }), async (tab) => {
      const spans = (await tab.evaluate<[string, string, string, string, number][]>(COLOURS)).map(([text, colour, background]) => [
        text,
        colour,
        background,
      ])
      // Light theme: red is #b3261e, the text #1f2328, the output's background #eff2f5.
      expect(spans).toStrictEqual([
        ['red', 'rgb(239, 242, 245)', 'rgb(179, 38, 30)'],
        ['plain', 'rgb(239, 242, 245)', 'rgb(31, 35, 40)'],
      ])
    })
  })
})

describe('a change that holds characters that hide says so, readably', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`shows the warning above the diff, at 4.5:1 or more, in the ${theme} theme`, async () => {
      const trojan: ToolCallRecord = {
        toolCallId: 'w',
        call: {
          card: 'diff',
          title: 'Write a.js',
          diffs: [{ path: '/repo/a.js', oldText: null, newText: '/*\u202e } \u2066if (isAdmin)\u2069 \u2066 begin admins only */\n' }],
        },
      }
      await open(renderSessionHtml([trojan], { theme }), async (tab) => {
        const [text, colour, display] = await tab.evaluate<[string, string, string]>(
          `(() => { const p = document.querySelector('.tri-warning'); const s = getComputedStyle(p); return [p.textContent, s.color, s.display] })()`,
        )
        expect(display).toBe('block')
        expect(text).toMatch(/^Warning: this change holds bidirectional characters.*a\.js \(new text\): <U\+202E> on line 1/)
        const background = await tab.evaluate<string>(`(() => {
          let background = 'rgba(0, 0, 0, 0)'
          for (let at = document.querySelector('.tri-warning'); at && /rgba\\(0, 0, 0, 0\\)|transparent/.test(background); at = at.parentElement) background = getComputedStyle(at).backgroundColor
          return background
        })()`)
        expect(contrast(colour, background)).toBeGreaterThanOrEqual(4.5)
      })
    })
  }
})
