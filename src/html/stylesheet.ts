// One stylesheet for every fragment: colours are CSS variables, light by
// default, dark under `prefers-color-scheme: dark` or `data-theme="dark"`.

const LIGHT = `--tri-bg:#ffffff;--tri-fg:#1f2328;--tri-muted:#57606a;--tri-border:#d0d7de;--tri-card:#f6f8fa;--tri-code-bg:#eff2f5;
--tri-add-bg:#dafbe1;--tri-add-word:#aceebb;--tri-del-bg:#ffebe9;--tri-del-word:#ffc1bd;--tri-hunk:#0a3069;--tri-hunk-bg:#ddf4ff;
--tri-failed:#b3261e;--tri-ok:#116329;--tri-running:#7d4e00;--tri-link:#0550ae;
--tri-c0:#1f2328;--tri-c1:#b3261e;--tri-c2:#116329;--tri-c3:#7d4e00;--tri-c4:#0550ae;--tri-c5:#8250df;--tri-c6:#1b7c83;--tri-c7:#57606a;
--tri-c8:#57606a;--tri-c9:#a40e26;--tri-c10:#1a7f37;--tri-c11:#633c01;--tri-c12:#0969da;--tri-c13:#6e40c9;--tri-c14:#136061;--tri-c15:#1f2328;`

const DARK = `--tri-bg:#0d1117;--tri-fg:#e6edf3;--tri-muted:#9198a1;--tri-border:#3d444d;--tri-card:#151b23;--tri-code-bg:#212830;
--tri-add-bg:#12361f;--tri-add-word:#1f6f3a;--tri-del-bg:#4a1619;--tri-del-word:#8e1f24;--tri-hunk:#9ecbff;--tri-hunk-bg:#1b2a3d;
--tri-failed:#ff8182;--tri-ok:#56d364;--tri-running:#e3b341;--tri-link:#79c0ff;
--tri-c0:#9198a1;--tri-c1:#ff7b72;--tri-c2:#56d364;--tri-c3:#e3b341;--tri-c4:#79c0ff;--tri-c5:#d2a8ff;--tri-c6:#76e3ea;--tri-c7:#e6edf3;
--tri-c8:#9198a1;--tri-c9:#ffa198;--tri-c10:#7ee787;--tri-c11:#f2cc60;--tri-c12:#a5d6ff;--tri-c13:#e2c5ff;--tri-c14:#b3f0ff;--tri-c15:#ffffff;`

const COLOURS = Array.from(
  { length: 16 },
  (_, n) => `.tri-fg-${n}{color:var(--tri-c${n})}.tri-bg-${n}{background:var(--tri-c${n});color:var(--tri-bg)}`,
).join('\n')

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
.tri-inverse{background:var(--tri-fg);color:var(--tri-bg)}
${COLOURS}
`
