/**
 * What the rules of work done out of sight share: why an estimate was not made. Each kind's rule is
 * in its own folder (src/features/search, research, voice, video), with its data in
 * data/hidden-work.json or data/video-energy.json; docs/methodology.md ("Work out of sight")
 * explains each rule. Every estimate names the rule it used and is marked estimated, so it is kept
 * and shown apart from what was counted exactly.
 */
import { ok } from '../../core/errors';

export interface HiddenWorkSource {
  id: string;
  name: string;
  citation: string;
}

export type HiddenWorkKind = 'search' | 'research' | 'voice' | 'video';

export type HiddenWorkErrorCode = 'NO_RULE' | 'INVALID_QUANTITY' | 'UNKNOWN_VIDEO_MODEL' | 'RATE_TOO_HIGH';

/** Why an estimate was not made; the caller reports it (health, "counted from the transcript"), never a zero. */
export interface HiddenWorkError {
  code: HiddenWorkErrorCode;
  message: string;
}

export const refuse = (code: HiddenWorkErrorCode, message: string): { ok: false; error: HiddenWorkError } => ({
  ok: false,
  error: { code, message },
});

/** An estimate of `kind` by `rule`: marked estimated and named by its rule and source, with the figures it worked out. */
export const estimateBy = <K extends HiddenWorkKind, F extends object>(kind: K, rule: { id: string; source: string }, figures: F) =>
  ok({ kind, estimated: true as const, rule: rule.id, source: rule.source, ...figures });

export const isCount = (n: number): boolean => Number.isInteger(n) && n > 0;
export const isDuration = (s: number): boolean => Number.isFinite(s) && s > 0;
