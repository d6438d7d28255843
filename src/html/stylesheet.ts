// One stylesheet for every fragment: colours are CSS variables, light by
// default, dark under `prefers-color-scheme: dark` or `data-theme="dark"`.

import { contrastRatio } from '../safety/contrast.js'

/** One theme's colours, by variable name without `--tri-`. */
export interface ThemeColours {
  readonly bg: string
  readonly fg: string
  readonly codeBg: string
  /** The 16 terminal colours, `c0` … `c15`. */
  readonly terminal: readonly string[]
  /** Every variable of the theme, in the order they are written. */
  readonly variables: readonly (readonly [string, string])[]
}

function theme(variables: readonly (readonly [string, string])[]): ThemeColours {
  const get = (name: string) => variables.find(([key]) => key === name)![1]
  return { bg: get('bg'), fg: get('fg'), codeBg: get('code-bg'), terminal: Array.from({ length: 16 }, (_, n) => get(`c${n}`)), variables }
}

/** The light theme, the default. */
export const LIGHT_THEME: ThemeColours = theme([
  ['bg', '#ffffff'],
  ['fg', '#1f2328'],
  ['muted', '#57606a'],
  ['border', '#d0d7de'],
  ['card', '#f6f8fa'],
  ['code-bg', '#eff2f5'],
  ['add-bg', '#dafbe1'],
  ['add-word', '#aceebb'],
  ['del-bg', '#ffebe9'],
  ['del-word', '#ffc1bd'],
  ['hunk', '#0a3069'],
  ['hunk-bg', '#ddf4ff'],
  ['failed', '#b3261e'],
  ['ok', '#116329'],
  ['running', '#7d4e00'],
  ['link', '#0550ae'],
  ['marker', '#1f2328'],
  ['marker-bg', '#fff1c2'],
  ['c0', '#1f2328'],
  ['c1', '#b3261e'],
  ['c2', '#116329'],
  ['c3', '#7d4e00'],
  ['c4', '#0550ae'],
  ['c5', '#8250df'],
  ['c6', '#1b7c83'],
  ['c7', '#57606a'],
  ['c8', '#57606a'],
  ['c9', '#a40e26'],
  ['c10', '#1a7f37'],
  ['c11', '#633c01'],
  ['c12', '#0969da'],
  ['c13', '#6e40c9'],
  ['c14', '#136061'],
  ['c15', '#1f2328'],
])

/** The dark theme. */
export const DARK_THEME: ThemeColours = theme([
  ['bg', '#0d1117'],
  ['fg', '#e6edf3'],
  ['muted', '#9198a1'],
  ['border', '#3d444d'],
  ['card', '#151b23'],
  ['code-bg', '#212830'],
  ['add-bg', '#12361f'],
  ['add-word', '#1f6f3a'],
  ['del-bg', '#4a1619'],
  ['del-word', '#8e1f24'],
  ['hunk', '#9ecbff'],
  ['hunk-bg', '#1b2a3d'],
  ['failed', '#ff8182'],
  ['ok', '#56d364'],
  ['running', '#e3b341'],
  ['link', '#79c0ff'],
  ['marker', '#0d1117'],
  ['marker-bg', '#e3b341'],
  ['c0', '#9198a1'],
  ['c1', '#ff7b72'],
  ['c2', '#56d364'],
  ['c3', '#e3b341'],
  ['c4', '#79c0ff'],
  ['c5', '#d2a8ff'],
  ['c6', '#76e3ea'],
  ['c7', '#e6edf3'],
  ['c8', '#9198a1'],
  ['c9', '#ffa198'],
  ['c10', '#7ee787'],
  ['c11', '#f2cc60'],
  ['c12', '#a5d6ff'],
  ['c13', '#e2c5ff'],
  ['c14', '#b3f0ff'],
  ['c15', '#ffffff'],
])

/**
 * The text colour drawn on terminal colour `background` when the program
 * asked for none, or for one that would not show: the theme's background or
 * foreground, whichever contrasts more, or black or white when neither
 * reaches 4.5:1.
 */
export function onColour(colours: ThemeColours, background: string): string {
  const best = [colours.bg, colours.fg, '#000000', '#ffffff'].map((colour) => [colour, contrastRatio(colour, background)] as const)
  const themed = best[0][1] >= best[1][1] ? best[0] : best[1]
  if (themed[1] >= 4.5) return themed[0]
  return best[2][1] >= best[3][1] ? best[2][0] : best[3][0]
}

// A theme's variables, with the text colour on each terminal colour (`--tri-on-cN`).
const variables = (colours: ThemeColours) =>
  colours.variables.map(([name, value]) => `--tri-${name}:${value};`).join('') +
  colours.terminal.map((background, n) => `--tri-on-c${n}:${onColour(colours, background)};`).join('')

const LIGHT = variables(LIGHT_THEME)
const DARK = variables(DARK_THEME)

// Each span has at most one colour class and one background class (terminal.ts resolves reverse video), so their order does not matter.
const COLOURS = `${Array.from(
  { length: 16 },
  (_, n) => `.tri-fg-${n}{color:var(--tri-c${n})}.tri-bg-${n}{background:var(--tri-c${n})}.tri-on-${n}{color:var(--tri-on-c${n})}`,
).join('\n')}
.tri-fg-inverse{color:var(--tri-code-bg)}.tri-bg-inverse{background:var(--tri-fg)}`

/**
 * The stylesheet for the fragments the HTML renderer writes (every class
 * starts with `tri-`), with a light and a dark theme through CSS variables
 * (`--tri-bg`, `--tri-fg`, `--tri-add-bg`, …). Light by default; dark when
 * the reader's system prefers it, unless an ancestor sets
 * `data-theme="light"`; `data-theme="dark"` forces dark. Put it in a
 * `<style>` element, or override any variable after it.
 */
export const HTML_STYLESHEET = `:root,[data-theme="light"]{${LIGHT}}
@media (prefers-color-scheme: dark){:root:not([data-theme="light"]){${DARK}}}
[data-theme="dark"]{${DARK}}
.tri-session{background:var(--tri-bg);color:var(--tri-fg);font:14px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;padding:16px}
.tri-session h1{font-size:18px;margin:0 0 12px}
[hidden]{display:none!important}
.tri-session{display:grid;grid-template-columns:minmax(0,1fr);grid-template-areas:"filters" "contents" "main";column-gap:20px}
.tri-session>main{grid-area:main;min-width:0}
.tri-filters{grid-area:filters;display:flex;flex-wrap:wrap;gap:6px 16px;align-items:center;position:sticky;top:0;z-index:1;background:var(--tri-bg);padding:4px 0 8px}
.tri-filters input,.tri-filters select{font:inherit;color:var(--tri-fg);background:var(--tri-card);border:1px solid var(--tri-border);border-radius:4px;padding:2px 6px}
.tri-filters output{color:var(--tri-muted)}
.tri-contents{grid-area:contents;font-size:13px;margin:0 0 12px}
.tri-contents h2{font-size:12px;letter-spacing:.04em;text-transform:uppercase;color:var(--tri-muted);margin:0 0 4px}
.tri-contents ol{margin:0 0 6px;padding-left:24px}
.tri-contents a{color:var(--tri-link);overflow-wrap:anywhere}
@media (min-width:1100px){.tri-session{grid-template-columns:260px minmax(0,1fr);grid-template-rows:auto 1fr;grid-template-areas:"contents filters" "contents main"}.tri-contents{position:sticky;top:16px;align-self:start;max-height:calc(100vh - 32px);overflow:auto}}
.tri-turn{font-size:13px;font-weight:600;color:var(--tri-muted);border-top:1px solid var(--tri-border);margin:16px 0 8px;padding-top:8px}
.tri-subagent{border-left:2px solid var(--tri-border);padding-left:10px}
.tri-parts{margin:12px 0;font-size:13px}.tri-parts a,.tri-part-list a{color:var(--tri-link)}
.tri-index{border-collapse:collapse;width:100%}
.tri-index th,.tri-index td{border-bottom:1px solid var(--tri-border);padding:4px 8px;text-align:left;vertical-align:top}
.tri-index a{color:var(--tri-link);overflow-wrap:anywhere}
.tri-depth-1{margin-left:14px}.tri-depth-2{margin-left:28px}.tri-depth-3{margin-left:42px}.tri-depth-4{margin-left:56px}
.tri-card,.tri-call,.tri-result{color:var(--tri-fg)}
.tri-card{background:var(--tri-card);border:1px solid var(--tri-border);border-radius:6px;margin:0 0 10px;padding:0}
.tri-card>summary{cursor:pointer;padding:8px 12px;list-style-position:inside}
.tri-body{padding:0 12px 10px;overflow-x:auto}
.tri-header{font-weight:600}
.tri-kind{color:var(--tri-muted);font-weight:400;font-size:12px;text-transform:uppercase;letter-spacing:.04em}
.tri-title p{display:inline;margin:0}
.tri-command,.tri-card code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:var(--tri-code-bg);border-radius:4px;padding:1px 4px}
.tri-status{font-size:12px;font-weight:600;border:1px solid currentColor;border-radius:10px;padding:0 8px;margin-left:6px}
.tri-status-completed{color:var(--tri-ok)}.tri-status-failed,.tri-status-cancelled{color:var(--tri-failed)}
.tri-status-pending,.tri-status-in_progress,.tri-status-paused{color:var(--tri-running)}
.tri-description,.tri-cwd,.tri-note,.tri-placeholder{color:var(--tri-muted)}
.tri-output,.tri-json,.tri-resource pre,.tri-markdown pre{background:var(--tri-code-bg);border-radius:4px;padding:8px;margin:6px 0;font:12.5px/1.45 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;white-space:pre-wrap;overflow-wrap:anywhere}
.tri-markdown pre code{background:none;padding:0}
.tri-exit{font-family:ui-monospace,monospace;font-size:12.5px;color:var(--tri-muted);margin:4px 0}
.tri-exit.tri-failed{color:var(--tri-failed);font-weight:600}
.tri-warning{color:var(--tri-failed);font-weight:600;margin:0 0 6px}
.tri-markdown a,.tri-image-link{color:var(--tri-link)}
.tri-image{max-width:100%}
.tri-locations{color:var(--tri-muted);font-family:ui-monospace,monospace;font-size:12.5px;padding-left:18px}
.tri-plan{list-style:none;padding-left:4px}
.tri-plan .tri-completed label{color:var(--tri-muted);text-decoration:line-through}
.tri-plan .tri-in-progress label{font-weight:600}
.tri-diff{border-collapse:collapse;width:100%;margin:6px 0;font:12.5px/1.45 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
.tri-diff caption{text-align:left;font-weight:600;padding:4px 0}
.tri-diff td{padding:0 6px;vertical-align:top}
.tri-ln{color:var(--tri-muted);text-align:right;user-select:none;width:1%;white-space:nowrap}
.tri-code{white-space:pre-wrap;overflow-wrap:anywhere}
.tri-sign{user-select:none;color:var(--tri-muted);padding-right:4px}
.tri-add{background:var(--tri-add-bg)}.tri-del{background:var(--tri-del-bg)}
.tri-add ins{background:var(--tri-add-word);text-decoration:none}.tri-del del{background:var(--tri-del-word);text-decoration:none}
.tri-hunk td{color:var(--tri-hunk);background:var(--tri-hunk-bg)}
.tri-eof td{color:var(--tri-muted)}
.tri-bold{font-weight:700}.tri-dim{opacity:.75}.tri-italic{font-style:italic}.tri-underline{text-decoration:underline}
.tri-marker{font:600 10px/1.2 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;color:var(--tri-marker);background:var(--tri-marker-bg);border-radius:3px;padding:0 3px;margin:0 1px;vertical-align:1px;white-space:nowrap}
.tri-align-left{text-align:left}.tri-align-center{text-align:center}.tri-align-right{text-align:right}
${COLOURS}
`

/**
 * The SHA-256 of {@link HTML_STYLESHEET} (its UTF-8 bytes, base64), as a
 * Content-Security-Policy source, `'sha256-…'`: a session page allows this
 * one stylesheet and no other style, inline or not. Written here, not
 * computed, so the entry point needs no crypto; a test checks it.
 */
export const HTML_STYLESHEET_HASH = "'sha256-0SBgADXW7WRtY6tR7K22UDToME/JK55Sq2PbZzYuK4o='"
