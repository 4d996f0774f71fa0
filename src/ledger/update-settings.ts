/** settings/update: the user's region, history and reasoning-estimate settings and per-site model choice, checked against the tables. */
import { findModel, findRegion } from '../core';
import { sitePlans } from '../core/context-windows';
import { CodedError } from '../domain/errors';
import { CUSTOM_KEY, siteCustomRate } from '../sites/site-models';
import type { SettingsPatch } from '../domain/popup';
import { DEFAULT_COUNT_EXTRAS } from '../domain/settings';
import type { LedgerContext } from './context';

export async function updateSettings(ctx: LedgerContext, patch: SettingsPatch): Promise<void> {
  if (patch.region !== undefined && !findRegion(patch.region)) {
    throw new CodedError('INVALID_REGION', `Unknown region ${patch.region}.`);
  }
  const override = patch.modelOverride;
  if (override && override.modelKey !== null) {
    const m = findModel(override.modelKey);
    // custom only where data/site-models.json gives the site a rate for it (Grok, Perplexity).
    const customWithRate = m?.key === CUSTOM_KEY && siteCustomRate(override.site) !== null;
    if (!m || (m.unit !== 'wh_per_1k_tokens' && !customWithRate)) throw new CodedError('INVALID_MODEL', `${override.modelKey} is not a per-token model key.`);
  }
  const plan = patch.plan;
  if (plan && plan.plan !== null && !sitePlans(plan.site)?.plans.includes(plan.plan)) {
    throw new CodedError('INVALID_PLAN', `${plan.site} publishes no context window for a plan ${plan.plan}.`);
  }
  await ctx.storage.writes.run(async () => {
    const s = structuredClone(await ctx.storage.settings.read());
    if (patch.region !== undefined) s.region = patch.region;
    if (patch.countHistory !== undefined) s.countHistory = patch.countHistory;
    if (patch.estimateReasoning !== undefined) s.estimateReasoning = patch.estimateReasoning;
    if (patch.pageLabel) {
      s.pageLabels = { ...(s.pageLabels ?? {}) };
      if (patch.pageLabel.on) delete s.pageLabels[patch.pageLabel.site];
      else s.pageLabels[patch.pageLabel.site] = false;
    }
    if (patch.countExtras) s.countExtras = { ...DEFAULT_COUNT_EXTRAS, ...s.countExtras, ...patch.countExtras };
    if (patch.budget) s.budget = { weeklyKwh: patch.budget.weeklyKwh, notify: patch.budget.weeklyKwh !== null && patch.budget.notify };
    if (plan) {
      s.plans = { ...(s.plans ?? {}) };
      if (plan.plan === null) delete s.plans[plan.site];
      else s.plans[plan.site] = plan.plan;
    }
    if (override) {
      if (override.modelKey === null) delete s.modelOverrides[override.site];
      else s.modelOverrides[override.site] = override.modelKey;
    }
    await ctx.storage.settings.write(s);
  });
}
