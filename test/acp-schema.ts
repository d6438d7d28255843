// The SDK's published JSON Schema for ACP v1, compiled once with ajv (draft
// 2020-12): what every end-to-end notification is checked against.
import { createRequire } from 'node:module'
import { Ajv2020 } from 'ajv/dist/2020.js'

const require = createRequire(import.meta.url)
const schema = require('@agentclientprotocol/sdk/schema/v1/schema.json') as { $defs: Record<string, unknown> }

// `strict: false`: the schema uses annotation keywords ajv does not know;
// `validateFormats: false`: its numeric formats (uint64, …) are not ajv's.
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true })
ajv.addSchema(schema, 'acp')
const validate = ajv.getSchema('acp#/$defs/SessionNotification')!

/** The schema errors of one `session/update` notification; `[]` when valid. */
export function validateSessionNotification(notification: unknown): string[] {
  if (validate(notification)) return []
  return (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message}`)
}
