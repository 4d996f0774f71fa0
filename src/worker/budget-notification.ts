/**
 * The notification when the weekly budget is used up: only when the person turned it on in the
 * popup, which asks for the optional `notifications` permission at that moment; without the
 * permission (refused, or revoked later in the browser) nothing is shown.
 */
import { browser } from 'wxt/browser';
import { energyQuantity, quantityText } from '../display';
import { t, uiLocale } from '../i18n/t';
import type { BadgeBudget } from './badge';

const BUDGET_NOTIFICATION_ID = 'budget-used-up';

export async function notifyBudgetUsedUp(budget: BadgeBudget): Promise<void> {
  const notifications = (browser as { notifications?: typeof browser.notifications }).notifications;
  if (!notifications || budget.weeklyKwh === null) return;
  if (!(await browser.permissions.contains({ permissions: ['notifications'] }))) return;
  const locale = uiLocale();
  await notifications.create(BUDGET_NOTIFICATION_ID, {
    type: 'basic',
    iconUrl: browser.runtime.getURL('/icon/128.png'),
    title: t('budget_notificationTitle'),
    message: t('budget_notificationBody', [quantityText(energyQuantity(budget.usedKwh, locale)), quantityText(energyQuantity(budget.weeklyKwh, locale))]),
  });
}
