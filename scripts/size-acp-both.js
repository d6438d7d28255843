// What a harness that serves ACP v1 and v2 imports: every export of both
// entry points, measured together by `npm run size` (`.size-limit.json`).
export * as acp from '../dist/acp/index.js'
export * as acpV2 from '../dist/acp-v2/index.js'
