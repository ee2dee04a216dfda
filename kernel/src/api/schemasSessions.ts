/**
 * Smart-account sessions (behaviour §7 shows no shape; these are services/api's, shared-types SmartSession):
 * every field a plugin reads is checked.
 */
import * as v from 'valibot'

const unixSeconds = v.pipe(v.number(), v.safeInteger(), v.minValue(0))

const PermissionSchema = v.object({
  permissionType: v.string(),
  data: v.string(),
  required: v.boolean(),
  onChainValidated: v.boolean(),
})

export const SmartSessionSchema = v.object({
  pci: v.pipe(v.string(), v.minLength(1)),
  address: v.string(),
  projectId: v.string(),
  permission: PermissionSchema,
  createdAt: unixSeconds,
  expiry: v.nullable(unixSeconds),
  revokedAt: v.nullable(unixSeconds),
})

export const SessionsSchema = v.object({ pcis: v.array(SmartSessionSchema) })

export const RevokeSessionSchema = v.object({
  pci: v.pipe(v.string(), v.minLength(1)),
  revokedAt: unixSeconds,
})
