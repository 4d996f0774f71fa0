/** Remote mode: the API key's month on the service (GET /api/v2/usage), as the worker hands it to the popup. */
import { z } from 'zod';

const KeyMonthSchema = z.object({
  plan: z.string(),
  /** The UTC month, `YYYY-MM`. */
  month: z.string(),
  requests: z.number().int().nonnegative(),
  quota: z.number().int().nonnegative(),
  remaining: z.number().int().nonnegative(),
  energyKwh: z.number().nonnegative(),
  carbonG: z.number().nonnegative(),
  waterL: z.number().nonnegative(),
});
export type KeyMonth = z.infer<typeof KeyMonthSchema>;

/**
 * The answer to remote/usage. `off`: not in remote mode (or no key, address or permission yet);
 * `failed`: the service did not give the month, with the error code (src/domain/errors.ts).
 */
export const KeyMonthAnswerSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('off') }),
  z.object({ status: z.literal('ok'), usage: KeyMonthSchema, at: z.number() }),
  z.object({ status: z.literal('failed'), code: z.string(), unreachable: z.boolean() }),
]);
export type KeyMonthAnswer = z.infer<typeof KeyMonthAnswerSchema>;
